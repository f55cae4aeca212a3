// ethtool statistics through the ioctl against the real veth driver: the
// names `ethtool -S` prints, values that move with traffic.
#include <doctest/doctest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>

#include "host/ethtool_link.h"
#include "host/ethtool_stats.h"
#include "netns_fixture.h"

using namespace rocecfg;
using rocecfg::test::sh;

TEST_SUITE("netns") {
  TEST_CASE("ethtool statistics of a veth: the driver's names and values; deltas" *
            doctest::skip(!test::have_root())) {
    test::NetnsFixture ns;
    auto before = host::ethtool_stats("rcfg0");
    REQUIRE(before);
    // veth: "peer_ifindex" plus per-queue XDP counters
    REQUIRE(before->contains("peer_ifindex"));
    CHECK(before->at("peer_ifindex") > 0);
    // veth's peer_ifindex is the peer's ifindex, as ip reports it
    auto peer = nlohmann::json::parse(sh(ns.ip("-j link show rcfg1")));
    CHECK(before->at("peer_ifindex") == peer.at(0).at("ifindex").get<uint64_t>());

    auto missing = host::ethtool_stats("nosuch0");
    REQUIRE_FALSE(missing);
    CHECK(missing.error().kind == ErrorKind::not_found);

    host::EthtoolStats a{{"rx_prio3_pause", 10}, {"tx_prio3_pause", 5}, {"gone", 1}};
    host::EthtoolStats b{{"rx_prio3_pause", 17}, {"tx_prio3_pause", 2}};
    CHECK(host::stats_delta(a, b) ==
          host::EthtoolStats{{"rx_prio3_pause", 7}, {"tx_prio3_pause", 2}});
  }

  TEST_CASE("link pause: veth has none to report; a missing interface is not found" *
            doctest::skip(!test::have_root())) {
    test::NetnsFixture ns;
    auto p = host::link_pause("rcfg0");
    REQUIRE_FALSE(p);
    CHECK(p.error().kind == ErrorKind::unsupported);
    CHECK(p.error().to_string() == "rcfg0: the driver does not report link-level pause settings");
    CHECK(host::link_pause("nosuch0").error().kind == ErrorKind::not_found);
  }

  TEST_CASE(
      "offload features as `ethtool -k` shows them, following `ethtool -K`" *
      doctest::skip(!test::have_root() || std::system("command -v ethtool >/dev/null") != 0)) {
    test::NetnsFixture ns;
    const std::string ethtool = "ip netns exec " + ns.name() + " ethtool ";
    auto before = host::offloads("rcfg0");
    REQUIRE(before);
    // every "name: on|off" line of ethtool -k whose name we report agrees
    std::istringstream lines(sh(ethtool + "-k rcfg0"));
    int compared = 0;
    for (std::string line; std::getline(lines, line);) {
      auto colon = line.find(": ");
      if (colon == std::string::npos) continue;
      std::string name = line.substr(line.find_first_not_of(" \t"), colon);
      name = name.substr(0, name.find(':'));
      if (!before->contains(name)) continue;
      CHECK_MESSAGE(before->at(name) == (line.substr(colon + 2, 2) == "on"), name);
      ++compared;
    }
    CHECK(compared > 20);
    bool gro = before->at("rx-gro");
    sh(ethtool + "-K rcfg0 gro " + (gro ? "off" : "on"));
    CHECK(host::offloads("rcfg0")->at("rx-gro") == !gro);
  }
}
