// ethtool statistics through the ioctl against the real veth driver: the
// names `ethtool -S` prints, values that move with traffic.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

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
}
