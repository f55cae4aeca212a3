// devlink over generic netlink (host/devlink.h) against this machine's real
// kernel, with iproute2's `devlink` CLI as the independent reader: both see
// the same instances, or both find no devlink family. Real devices with info
// and parameters are read in the lab (tests/host/lab).
#include <doctest/doctest.h>

#include <cstdio>
#include <memory>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "host/devlink.h"

namespace {

std::string run_cli(const char* cmd) {
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd, "r"), pclose);
  std::string out;
  char buf[4096];
  while (p && fgets(buf, sizeof buf, p.get())) out += buf;
  return out;
}

}  // namespace

TEST_SUITE("host.devlink") {
  TEST_CASE("the instances devlink(8) lists, or no devlink family for both") {
    if (run_cli("command -v devlink").empty()) {
      MESSAGE("iproute2's devlink is not installed: nothing to compare with");
      return;
    }
    auto ours = rocecfg::host::read_devlink_devices();
    std::string cli = run_cli("devlink -j dev 2>&1");
    if (cli.find("Failed to connect to devlink Netlink") != std::string::npos) {
      REQUIRE_FALSE(ours);
      CHECK(ours.error().to_string() ==
            "devlink: this kernel has no devlink generic netlink family");
      return;
    }
    REQUIRE(ours);
    std::set<std::string> theirs, mine;
    for (const auto& [handle, _] : nlohmann::json::parse(cli).at("dev").items())
      theirs.insert(handle);
    for (const auto& d : *ours) mine.insert(d.handle());
    CHECK(mine == theirs);
  }
}
