#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>

#include "core/diagnostic.h"

using namespace rocecfg;

TEST_CASE("diagnostics render headline, source line and caret, sorted by position") {
  std::string path = "/tmp/rocecfg_diag_test.toml";
  {
    std::ofstream f(path);
    f << "[cnp]\n"
      << "dscp = 99\n"
      << "\tpriority = 3\n";
  }
  Diagnostics d;
  d.error({path, 3, 2}, "cnp.priority", "priority 3 is lossless");
  d.error({path, 2, 8}, "cnp.dscp", "99 is out of range", "0..63");
  CHECK(d.has_errors());
  CHECK(d.render() == path +
                          ":2:8: error: cnp.dscp: 99 is out of range (allowed: 0..63)\n"
                          "    dscp = 99\n"
                          "           ^\n" +
                          path +
                          ":3:2: error: cnp.priority: priority 3 is lossless\n"
                          "    \tpriority = 3\n"
                          "    \t^\n");
  std::remove(path.c_str());
}

TEST_CASE("warnings alone are not errors") {
  Diagnostics d;
  d.warning({"x.toml", 1, 1}, "k", "m");
  CHECK_FALSE(d.has_errors());
  CHECK(d.render() == "x.toml:1:1: warning: k: m\n");
}
