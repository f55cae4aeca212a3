#include <doctest/doctest.h>

#include "fabric/pair_test.h"
#include "fabric/ssh_prober.h"
#include "switch/validate.h"

namespace rocecfg::fabric {

TEST_SUITE("pair test") {
  TEST_CASE("probe JSON: bandwidth and median latency, with or without an envelope") {
    auto bw = parse_probe_json(
        R"({"mode":"peer","tests":[{"phase":"idle","test":"bw","size_bytes":65536,"bandwidth":{"gbps":0.512}}]})");
    REQUIRE(bw);
    CHECK(*bw->bw_gbps == 0.512);
    CHECK_FALSE(bw->lat_p50_us);
    auto lat = parse_probe_json(
        R"({"ok":true,"payload":{"tests":[{"test":"lat","latency":{"median_us":31.5,"p99_us":40}}]}})");
    REQUIRE(lat);
    CHECK(*lat->lat_p50_us == 31.5);
  }
  TEST_CASE("probe JSON: a failed test is its error; no JSON is said so") {
    CHECK(parse_probe_json(R"({"tests":[{"test":"bw","error":"rxe1: bandwidth test stalled"}]})")
              .error()
              .message == "rxe1: bandwidth test stalled");
    CHECK(parse_probe_json("rocecfg probe: no device").error().message ==
          "no JSON from rocecfg probe: rocecfg probe: no device");
    CHECK(parse_probe_json(R"({"tests":[]})").error().message == "rocecfg probe measured nothing");
    CHECK(parse_probe_json(
              R"({"ok":false,"exit_code":3,"payload":{},"error":{"message":"no RDMA device"}})")
              .error()
              .message == "no RDMA device");
  }
  TEST_CASE("remote lines quote every argument and pass the transport's command check") {
    FabricHost c, s;
    c.rdma_device = "mlx5_0";
    s.probe_address = "10.0.0.2";
    s.probe_port = 18600;
    s.rdma_device = "mlx5_1";
    PairTest t;
    std::string line = SshProber::client_line(SshProberOptions{}, t, true, c, s);
    CHECK(line.find(" 'rocecfg' 'probe' '--json' '--peer' '10.0.0.2' '--port' '18600' '--device' "
                    "'mlx5_0' '--mode' 'bw' '--size' '1048576'") != std::string::npos);
    // The client judges with the profile's rules (fabric/probe_rules.h).
    CHECK(line.find(" '--tos' '0' '--max-retransmits' '0' '--max-discards' '0'") !=
          std::string::npos);
    std::string server = SshProber::server_start_line(SshProberOptions{}, s);
    CHECK(server.find(" 'timeout' '3600' 'rocecfg' 'probe' '--server' '--port' '18600' '--bind' "
                      "'10.0.0.2' '--device' 'mlx5_1'") != std::string::npos);
    CHECK(sw::check_command(line));
    CHECK(sw::check_command(server));
    CHECK(shell_quote("a'b") == "'a'\\''b'");
  }
}

}  // namespace rocecfg::fabric
