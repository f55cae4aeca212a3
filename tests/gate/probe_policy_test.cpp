// The gate's short probe (gate/probe_policy.h): where it goes and what it
// measures, as `rocecfg gate` and the fabric runner build it.
#include "gate/probe_policy.h"

#include <doctest/doctest.h>

using namespace rocecfg;
using namespace rocecfg::gate;

namespace {

profile::Inventory inventory() {
  profile::Inventory inv;
  auto host = [](std::string name, std::string address, std::string peer) {
    profile::HostEntry h;
    h.name = std::move(name);
    h.address = std::move(address);
    h.probe_peer = std::move(peer);
    return h;
  };
  inv.hosts = {host("node1", "10.0.0.1", "node2"), host("node2", "10.0.0.2", ""),
               host("node6", "fd00::6", "node2")};
  return inv;
}

}  // namespace

TEST_SUITE("gate.probe_policy") {
  TEST_CASE("HOST, HOST:PORT and bracketed IPv6 parse; a bad port is an error") {
    CHECK(parse_host_port("node2") == HostPort{"node2", std::nullopt});
    CHECK(parse_host_port("10.0.0.2:18601") == HostPort{"10.0.0.2", 18601});
    CHECK(parse_host_port("[fd00::2]:18601") == HostPort{"fd00::2", 18601});
    CHECK(parse_host_port("[fd00::2]") == HostPort{"fd00::2", std::nullopt});
    CHECK(parse_host_port("fd00::2") == HostPort{"fd00::2", std::nullopt});
    CHECK(parse_host_port("h:70000").error().to_string() == "h:70000: port must be 1..65535");
    CHECK(parse_host_port("h:0").error().message == "port must be 1..65535");
    CHECK(parse_host_port("h:x").error().message == "port must be 1..65535");
    CHECK(parse_host_port(":18600").error().message == "expected HOST, HOST:PORT or [IPV6]:PORT");
    CHECK(parse_host_port("").error().message == "expected HOST, HOST:PORT or [IPV6]:PORT");
    CHECK(parse_host_port("[fd00::2]x").error().message ==
          "expected HOST, HOST:PORT or [IPV6]:PORT");
  }

  TEST_CASE("an inventory host name stands for its address, the port kept") {
    profile::Inventory inv = inventory();
    CHECK(resolve_probe_peer("node2", &inv, "node1") == "10.0.0.2");
    CHECK(resolve_probe_peer("node2:18601", &inv, "node1") == "10.0.0.2:18601");
    CHECK(resolve_probe_peer("node6:18601", &inv, "node1") == "[fd00::6]:18601");
    CHECK(resolve_probe_peer("10.9.9.9", &inv, "node1") == "10.9.9.9");
    CHECK(resolve_probe_peer("node2", nullptr, "node1") == "node2");
  }

  TEST_CASE("without --peer, this host's probe_peer; none: no probe") {
    profile::Inventory inv = inventory();
    CHECK(resolve_probe_peer("", &inv, "node1") == "10.0.0.2");
    CHECK(resolve_probe_peer("", &inv, "node2") == "");
    CHECK(resolve_probe_peer("", &inv, "elsewhere") == "");
    CHECK(resolve_probe_peer("", nullptr, "node1") == "");
  }

  TEST_CASE("one large size, bandwidth only, the profile's ToS, within the budget") {
    profile::Intent i;
    i.validation.probe_message_bytes = {64, 2097152, 65536};
    i.common.roce_tos = 106;
    auto pc = gate_probe_config(i, 800, "10.0.0.2:18601", "", "mlx5_0");
    REQUIRE(pc);
    REQUIRE(*pc);
    const probe::ProbeConfig& c = **pc;
    CHECK(c.sizes_bytes == std::vector<uint32_t>{2097152});
    CHECK(c.bandwidth);
    CHECK_FALSE(c.latency);
    CHECK(c.tos == 106);
    CHECK(c.timeout_ms == 800);
    CHECK(c.stall_ms == 800);
    CHECK(c.host == "10.0.0.2");
    CHECK(c.port == 18601);
    CHECK(c.local.device == "mlx5_0");
    CHECK_FALSE(c.loopback_server);
  }

  TEST_CASE("--loopback DEV_A,DEV_B probes between two local devices") {
    auto pc = gate_probe_config(profile::Intent{}, 3000, "", "rxe1,rxe0", "");
    REQUIRE(pc);
    REQUIRE(*pc);
    CHECK((*pc)->local.device == "rxe1");
    REQUIRE((*pc)->loopback_server);
    CHECK((*pc)->loopback_server->device == "rxe0");
    CHECK((*pc)->stall_ms == 3000);
    CHECK((*pc)->sizes_bytes == std::vector<uint32_t>{1048576});
  }

  TEST_CASE("no peer and no loopback: no probe; malformed ones name the option") {
    auto none = gate_probe_config(profile::Intent{}, 3000, "", "", "");
    REQUIRE(none);
    CHECK_FALSE(*none);
    CHECK(gate_probe_config({}, 3000, "h:99999", "", "").error().to_string() ==
          "--peer h:99999: port must be 1..65535");
    CHECK(gate_probe_config({}, 3000, "", "rxe0", "").error().to_string() ==
          "--loopback rxe0: expected DEV_A,DEV_B (two RDMA devices)");
    CHECK(gate_probe_config({}, 3000, "", ",rxe0", "").error().to_string() ==
          "--loopback ,rxe0: expected DEV_A,DEV_B (two RDMA devices)");
  }
}
