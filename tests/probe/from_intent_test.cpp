// The one translation of a profile into a probe (from_intent.h) and the probe
// client's option mapping (client.h), as `rocecfg probe`, the gate and the
// fabric runner use them.
#include <doctest/doctest.h>

#include "probe/client.h"
#include "probe/from_intent.h"
#include "profile/load.h"

using namespace rocecfg;
using namespace rocecfg::probe;

namespace {

profile::Intent load(const std::string& text) {
  profile::Loaded<profile::Intent> l = profile::load_profile_text(text, "t.toml");
  INFO(l.diagnostics.render());
  REQUIRE(l.value.has_value());
  return *l.value;
}

const char* kProfile = R"(
[fabric]
name = "p"
[lossless]
priorities = [3]
dscp = [26]
trust = "dscp"
[cnp]
dscp = 48
priority = 6
[ecn]
min_threshold = "150KB"
max_threshold = "1500KB"
mark_probability_percent = 10
[dcqcn]
enabled = true
[mtu]
host_bytes = 4192
switch_bytes = 9216
[rdma_cm]
tos = 106
[validation]
probe_message_sizes = ["4KiB", "2MiB"]
probe_duration_ms = 500
probe_timeout_ms = 4000
max_discards = 7
)";

std::string error_of(const ClientOptions& o, const profile::Intent& i = {}) {
  Result<ClientSetup> s = prepare_client(o, i);
  return s ? std::string("ok") : s.error().message;
}

}  // namespace

TEST_SUITE("probe.from_intent") {
  TEST_CASE("a profile's rules, lossless class, DCQCN and path MTU become the expectations") {
    profile::Intent i = load(kProfile);
    Expectations e = expectations_for(i);
    CHECK(e.rules == i.validation);
    CHECK(e.rules.max_discards == 7);
    CHECK(e.lossless == i.lossless_priorities());
    CHECK(e.congestion == model::CongestionAlgorithm::dcqcn);
    // 4192 is the smallest netdev MTU carrying 4096 (model::roce_path_mtu_for).
    CHECK(e.min_path_mtu_bytes == 4096u);
    CHECK_FALSE(e.max_p99_us);
    // The DSCP map's entries on the lossless priority 3.
    CHECK(e.lossless_dscps == std::set<uint8_t>{26});
  }

  TEST_CASE("without a profile nothing profile-specific is judged") {
    Expectations e = expectations_for(profile::Intent{});
    CHECK(e.rules == profile::ValidationRules{});
    CHECK(e.lossless.empty());
    CHECK_FALSE(e.congestion);
    CHECK_FALSE(e.min_path_mtu_bytes);
    CHECK(e.lossless_dscps.empty());
  }

  TEST_CASE("a profile's sizes, windows and RDMA-CM ToS become the probe's defaults") {
    ProbeConfig c = probe_config_for(load(kProfile));
    CHECK(c.sizes_bytes == std::vector<uint32_t>{4096, 2097152});
    CHECK(c.duration_ms == 500);
    CHECK(c.timeout_ms == 4000);
    CHECK(c.tos == 106);
    ProbeConfig d = probe_config_for(profile::Intent{});
    CHECK(d.sizes_bytes == std::vector<uint32_t>{64, 1048576});
    CHECK(d.duration_ms == 2000);
    CHECK(d.timeout_ms == 15000);
    CHECK(d.tos == 0);
  }
}

TEST_SUITE("probe.client") {
  TEST_CASE("options override the profile; what is not given keeps the profile's value") {
    profile::Intent i = load(kProfile);
    ClientOptions o;
    o.device = "rxe1";
    o.peer_device = "rxe0";
    o.sizes = {"65536", "1MiB"};
    o.tos = 26 << 2;
    o.expect_mtu = 1024;
    o.max_retransmits = 3;
    Result<ClientSetup> s = prepare_client(o, i);
    REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
    CHECK(s->config.sizes_bytes == std::vector<uint32_t>{65536, 1048576});
    CHECK(s->config.tos == 104);
    CHECK(s->config.duration_ms == 500);
    CHECK(s->config.timeout_ms == 4000);
    CHECK(s->config.local.device == "rxe1");
    REQUIRE(s->config.loopback_server);
    CHECK(s->config.loopback_server->device == "rxe0");
    CHECK(s->expectations.min_path_mtu_bytes == 1024u);
    CHECK(s->expectations.rules.max_retransmits == 3);
    CHECK(s->expectations.rules.max_discards == 7);
    CHECK(s->config.load.rdma_qps == 0);
    CHECK(s->config.load.tcp_streams == 0);
  }

  TEST_CASE("peer mode sends to the server's port; same-device loopback serves itself") {
    ClientOptions o;
    o.peer = "10.0.0.2";
    o.port = 18601;
    Result<ClientSetup> s = prepare_client(o, {});
    REQUIRE(s);
    CHECK(s->config.host == "10.0.0.2");
    CHECK(s->config.port == 18601);
    CHECK_FALSE(s->config.loopback_server);
    ClientOptions l;
    l.device = "rxe0";
    l.gid_index = 1;
    Result<ClientSetup> ls = prepare_client(l, {});
    REQUIRE(ls);
    REQUIRE(ls->config.loopback_server);
    CHECK(ls->config.loopback_server->device == "rxe0");
    CHECK_FALSE(ls->config.loopback_server->gid_index);  // the server picks its own
    CHECK(ls->config.local.gid_index == 1u);
  }

  TEST_CASE("--rdma-cm connects the marking phase through the CM and takes no --tos") {
    ClientOptions o;
    o.peer = "10.0.0.2";
    o.rdma_cm = true;
    Result<ClientSetup> s = prepare_client(o, {});
    REQUIRE(s);
    CHECK(s->config.marking_connect == MarkingConnect::rdma_cm);
    o.tos = 106;
    CHECK(prepare_client(o, {}).error().message ==
          "--rdma-cm sends with the ToS RDMA-CM chooses (the device's default_roce_tos); drop "
          "--tos");
    o.tos = -1;
    o.marking_packets = 0;
    CHECK(prepare_client(o, {}).error().message ==
          "--rdma-cm connects the marking phase; --marking-packets 0 has none");
    ClientOptions plain;
    plain.peer = "10.0.0.2";
    CHECK(prepare_client(plain, {})->config.marking_connect == MarkingConnect::out_of_band);
  }

  TEST_CASE("--load to a peer sends TCP load to the peer, 2 QPs and 1 flow") {
    ClientOptions o;
    o.peer = "10.0.0.2";
    o.load = true;
    Result<ClientSetup> s = prepare_client(o, {});
    REQUIRE(s);
    CHECK(s->config.load.rdma_qps == 2);
    CHECK(s->config.load.tcp_streams == 1);
    CHECK(s->config.load.tcp_host == "10.0.0.2");
    // Timeout for the whole load: two tests per size plus warm-up and cool-down.
    CHECK(s->config.load.timeout_ms == 15000u * 6);
  }

  TEST_CASE("every bad option is a usage error naming it") {
    ClientOptions o;
    o.peer = "h";
    auto with = [&](auto change) {
      ClientOptions c = o;
      change(c);
      return error_of(c);
    };
    CHECK(with([](ClientOptions& c) { c.mode = "x"; }) ==
          "--mode x: must be bw, lat, both or marking");
    CHECK(with([](ClientOptions& c) { c.op = "cas"; }) == "--op cas: must be write, read or send");
    CHECK(with([](ClientOptions& c) {
            c.op = "read";
            c.mode = "lat";
          }) == "latency is measured with RDMA WRITE ping-pong; use --op write");
    CHECK(with([](ClientOptions& c) { c.expect_mtu = 1500; }) ==
          "--expect-mtu 1500: must be 256, 512, 1024, 2048 or 4096");
    CHECK(with([](ClientOptions& c) {
            c.sizes = {"0"};
          }).starts_with("--size 0: must be 1..67108864 bytes"));
    CHECK(with([](ClientOptions& c) { c.sizes = {"1GiB"}; }).starts_with("--size 1GiB:"));
    CHECK(with([](ClientOptions& c) { c.duration_ms = 8000; }) ==
          "--duration-ms 8000 does not fit the 15000 ms timeout (with warm-up and cool-down); "
          "raise --timeout-ms");
    CHECK(with([](ClientOptions& c) { c.peer_device = "rxe0"; }) ==
          "--peer and --peer-device exclude each other");
    CHECK(with([](ClientOptions& c) { c.peer.clear(); }) ==
          "loopback needs --device (and --peer-device for cross-device)");
    CHECK(with([](ClientOptions& c) { c.counter_netdevs = {"no-such-if0"}; }) ==
          "--counters-netdev no-such-if0: no such interface");
  }

  TEST_CASE("message sizes: bytes as perftest's -s, or with a unit") {
    CHECK(parse_message_size("65536") == 65536u);
    CHECK(parse_message_size("64KiB") == 65536u);
    CHECK(parse_message_size("64KB") == 64000u);
    CHECK(parse_message_size("64MiB") == 64u << 20);
    CHECK_FALSE(parse_message_size("65MiB"));
    CHECK_FALSE(parse_message_size("0"));
    CHECK_FALSE(parse_message_size("12x"));
  }
}
