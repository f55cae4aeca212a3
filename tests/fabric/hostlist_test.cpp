#include <doctest/doctest.h>

#include "require_ok.h"

#include "model/hostlist.h"

namespace rocecfg::model {
namespace {
std::vector<std::string> ok(const std::string& e) {
  auto r = expand_hostlist(e);
  REQUIRE_OK(r);
  return *r;
}
std::string err(const std::string& e) {
  auto r = expand_hostlist(e);
  REQUIRE_FALSE(r);
  return r.error().to_string();
}
using V = std::vector<std::string>;
}  // namespace

TEST_SUITE("hostlist") {
  TEST_CASE("a zero-padded range keeps its width") {
    V got = ok("gpu[001-064]");
    REQUIRE(got.size() == 64);
    CHECK(got.front() == "gpu001");
    CHECK(got[9] == "gpu010");
    CHECK(got.back() == "gpu064");
  }
  TEST_CASE("an unpadded range does not pad") {
    CHECK(ok("n[8-11]") == V{"n8", "n9", "n10", "n11"});
  }
  TEST_CASE("comma lists inside and outside brackets, in the order written") {
    CHECK(ok("gpu[1,3,7-8],login1") == V{"gpu1", "gpu3", "gpu7", "gpu8", "login1"});
    CHECK(ok("b,a") == V{"b", "a"});
  }
  TEST_CASE("several bracket groups expand as a product, left to right") {
    CHECK(ok("rack[1-2]-n[01-02]") == V{"rack1-n01", "rack1-n02", "rack2-n01", "rack2-n02"});
    CHECK(ok("r[1-2]n[1-2].ib,x") == V{"r1n1.ib", "r1n2.ib", "r2n1.ib", "r2n2.ib", "x"});
  }
  TEST_CASE("a single number in brackets and suffixes") {
    CHECK(ok("node[7]-ib") == V{"node7-ib"});
    CHECK(ok("node[09-10]") == V{"node09", "node10"});
  }
  TEST_CASE("errors name the column and the expression") {
    CHECK(err("gpu[1-4") == "hostlist column 4: unclosed '[' in \"gpu[1-4\"");
    CHECK(err("gpu[4-1]") == "hostlist column 5: range 4-1 runs backwards in \"gpu[4-1]\"");
    CHECK(err("gpu1-4]") == "hostlist column 7: ']' without '[' in \"gpu1-4]\"");
    CHECK(err("a,,b") == "hostlist column 3: empty host name in \"a,,b\"");
    CHECK(err("a,") == "hostlist column 2: trailing ',' in \"a,\"");
    CHECK(err("") == "hostlist column 1: empty host expression in \"\"");
    CHECK(err("gpu[a-b]") == "hostlist column 5: expected a number in \"gpu[a-b]\"");
    CHECK(err("gpu;rm") == "hostlist column 4: ';' is not allowed in a host name in \"gpu;rm\"");
    CHECK(err("gpu 1") == "hostlist column 4: whitespace inside a host name in \"gpu 1\"");
    CHECK(err("n[1-2],n2") == "hostlist column 8: host \"n2\" listed twice in \"n[1-2],n2\"");
    CHECK(err("n[0-99999999]").find("too large") != std::string::npos);
    CHECK(err("a[0-999]b[0-999]").find("more than 65536 hosts") != std::string::npos);
  }
  TEST_CASE("one system's names: up to the first dot, case-insensitively") {
    CHECK(same_system_name("leaf3.example.net", "LEAF3"));
    CHECK(same_system_name("gpu007", "gpu007.cluster"));
    CHECK_FALSE(same_system_name("leaf3", "leaf30"));
    CHECK_FALSE(same_system_name("leaf3", ""));
    CHECK(same_system_name("", ".x"));
  }
  TEST_CASE("ring successor in the job's node order, wrapping, short names matched") {
    CHECK(*ring_successor("gpu[001-004]", "gpu002") == "gpu003");
    CHECK(*ring_successor("gpu[001-004]", "gpu004") == "gpu001");
    CHECK(*ring_successor("b,a", "a") == "b");
    CHECK(*ring_successor("gpu[1-2]", "gpu2.cluster.example") == "gpu1");
    CHECK(ring_successor("gpu[1-2]", "gpu7").error().to_string() ==
          "job nodes: this host (gpu7) is not in the node list");
    CHECK(ring_successor("gpu1", "gpu1").error().message == "a ring needs at least two nodes");
  }
}

}  // namespace rocecfg::model
