// A fabric pair judged by the single-pair probe's own rules: the path rules
// (counters, path MTU, marking) of probe::judge's verdict, read from the
// verdict in process and from `rocecfg probe --json` as the real renderer
// writes it; the bandwidth and traffic-class rules stay out.
#include <doctest/doctest.h>

#include "fabric/outliers.h"
#include "fabric/pair_test.h"
#include "fabric/probe_rules.h"
#include "probe/report.h"

namespace rocecfg::fabric {
namespace {

// A peer run whose receiver saw 37 sequence gaps, over a path that
// negotiated 1024 bytes between a 4096 and a 1500-byte (1024 RDMA MTU) port,
// slow against the port rate, with a ToS outside the lossless class.
probe::ProbeReport lossy_small_mtu_run() {
  probe::ProbeReport r;
  r.mode = "peer";
  r.local_device = "rxe0";
  r.link_rate_gbps = 10.0;
  r.tos = 0;
  probe::TestRecord t;
  t.phase = "idle";
  t.mode = probe::Mode::bw;
  t.size_bytes = 8192;
  probe::TestOutcome o;
  o.bw = probe::BandwidthStats{};
  o.bw->gbps = 0.5;
  o.path_mtu_bytes = 1024;
  o.local_device = "rxe0";
  o.local_port_mtu_bytes = 4096;
  o.remote_device = "rxe3";
  o.remote_port_mtu_bytes = 1024;
  t.outcome = o;
  r.tests.push_back(t);
  probe::PhaseCounters pc;
  pc.phase = "idle";
  pc.delta = {{"rxe3:rcvd_seq_err", 37}, {"rxe0:duplicate_request", 4}, {"veth0:rx_dropped", 0}};
  r.counters.push_back(pc);
  return r;
}

probe::Expectations pair_expectations() {
  probe::Expectations e;
  e.rules.max_retransmits = 5;
  e.rules.ignore_emulation_retransmits = true;
  e.min_path_mtu_bytes = 4096;
  e.lossless_dscps = {26};
  return e;
}

}  // namespace

TEST_SUITE("fabric probe rules") {
  TEST_CASE("the path rules of the probe's verdict, not its bandwidth or traffic class") {
    probe::Verdict v = probe::judge(lossy_small_mtu_run(), pair_expectations());
    // The probe itself also failed bandwidth (0.5 of 10 Gb/s) and the ToS.
    std::vector<std::string> rules;
    for (const probe::Finding* f : v.failed()) rules.push_back(f->rule);
    CHECK(rules == std::vector<std::string>{"bandwidth", "path MTU", "counters", "traffic class"});
    CHECK(probe_rule_failures(v) ==
          std::vector<std::string>{
              "path MTU: 1024 < 4096 expected (ports: rxe0 4096, rxe3 1024)",
              "sequence errors (idle): 37 > 5 (max_retransmits; rxe3:rcvd_seq_err=37)"});
  }

  TEST_CASE("the same failures from rocecfg probe --json as its renderer writes them") {
    probe::ProbeReport r = lossy_small_mtu_run();
    probe::Verdict v = probe::judge(r, pair_expectations());
    nlohmann::json doc{{"ok", false}, {"payload", probe::render_json(r, v)}};
    auto fig = parse_probe_json(doc.dump());
    REQUIRE(fig);
    CHECK(*fig->bw_gbps == 0.5);
    CHECK(fig->probe_failures == probe_rule_failures(v));
    // A run that passed, and verdicts with nothing readable, add nothing.
    CHECK(probe_rule_failures(
              nlohmann::json::parse(
                  R"({"level":"PASS","findings":[{"level":"PASS","rule":"counters"}]})"))
              .empty());
    CHECK(
        probe_rule_failures(nlohmann::json::parse(R"({"findings":[7,{"level":"FAIL"}]})")).empty());
    CHECK(probe_rule_failures(nlohmann::json("FAIL")).empty());
  }

  TEST_CASE("a remote client judges with the controller's expectations") {
    CHECK(judging_args(pair_expectations()) ==
          std::vector<std::string>{"--expect-mtu", "4096", "--max-retransmits", "5",
                                   "--max-discards", "0", "--ignore-emulation-retransmits"});
    CHECK(judging_args(probe::Expectations{}) ==
          std::vector<std::string>{"--max-retransmits", "0", "--max-discards", "0"});
  }

  TEST_CASE("a pair with a failed probe rule is bad whatever its bandwidth; each rule a reason") {
    Sample s;
    s.pair = {0, 1};
    s.bw_gbps = 101;
    s.lat_p50_us = 2;
    s.probe_failures = {"path MTU: 1024 < 4096 expected (ports: rxe0 4096, rxe3 1024)"};
    PairVerdict v = judge_pair(s, Reference{100.0, 2.0}, Thresholds{});
    CHECK(v.bad);
    CHECK(v.reasons == std::vector<std::string>{
                           "probe: path MTU: 1024 < 4096 expected (ports: rxe0 4096, rxe3 1024)"});
    s.probe_failures.clear();
    CHECK_FALSE(judge_pair(s, Reference{100.0, 2.0}, Thresholds{}).bad);
  }
}

}  // namespace rocecfg::fabric
