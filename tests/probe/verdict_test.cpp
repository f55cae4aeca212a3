#include <doctest/doctest.h>

#include "probe/report.h"
#include "probe/verdict.h"

using namespace rocecfg;
using namespace rocecfg::probe;

namespace {

TestRecord bw(const std::string& phase, uint32_t size, double gbps) {
  TestOutcome o;
  o.path_mtu_bytes = 4096;
  o.local_port_mtu_bytes = 4096;
  o.remote_port_mtu_bytes = 4096;
  o.local_device = "rxe1";
  o.remote_device = "rxe0";
  o.bw = summarize_bandwidth(static_cast<uint64_t>(gbps * 1e9 / 8), 100, 1.0, {}, 0);
  return {phase, Mode::bw, size, o, {}};
}

TestRecord lat(const std::string& phase, uint32_t size, double p99) {
  TestOutcome o;
  o.path_mtu_bytes = 4096;
  std::vector<double> v(1000, p99 / 2);
  for (int i = 0; i < 20; ++i) v[i] = p99;
  o.lat = summarize_latency(v);
  return {phase, Mode::lat, size, o, {}};
}

ProbeReport clean_report() {
  ProbeReport r;
  r.tests = {bw("idle", 64, 0.01),       lat("idle", 64, 30),        bw("idle", 1048576, 0.5),
             lat("idle", 1048576, 200),  bw("loaded", 64, 0.01),     lat("loaded", 64, 60),
             bw("loaded", 1048576, 0.3), lat("loaded", 1048576, 300)};
  for (const char* phase : {"idle", "loaded"})
    r.counters.push_back({phase,
                          2.0,
                          {{"rxe0:rcvd_seq_err", 0},
                           {"rxe0:out_of_seq_request", 0},
                           {"rxe1:completer_retry_err", 0},
                           {"rxe1:retry_exceeded_err", 0},
                           {"rxe0:link_downed", 0},
                           {"veth0:rx_dropped", 0},
                           {"veth0:rx_packets", 1000}},
                          {}});
  return r;
}

Expectations lab_expectations() {
  Expectations e;
  e.rules.expected_rate_gbps = 0.4;
  e.rules.min_bandwidth_fraction = 0.5;
  return e;
}

std::vector<std::string> failures(const Verdict& v) {
  std::vector<std::string> out;
  for (const Finding* f : v.failed()) out.push_back(f->figure + ": " + f->message);
  return out;
}

}  // namespace

TEST_SUITE("probe.verdict") {
  TEST_CASE("a clean run passes; absent classes are skipped, not passed") {
    Verdict v = judge(clean_report(), lab_expectations());
    CHECK(v.level == Level::pass);
    CHECK(failures(v).empty());
    int skipped_pause = 0;
    for (const Finding& f : v.findings)
      if (f.figure.starts_with("pause ratio")) {
        CHECK(f.level == Level::skip);
        CHECK(f.message == "no pause counters on this NIC");
        ++skipped_pause;
      }
    CHECK(skipped_pause == 2);
  }

  TEST_CASE("low idle bandwidth of the largest size fails and names figure and threshold") {
    ProbeReport r = clean_report();
    r.tests[2] = bw("idle", 1048576, 0.1);
    Verdict v = judge(r, lab_expectations());
    CHECK(v.level == Level::fail);
    CHECK(failures(v) ==
          std::vector<std::string>{
              "idle bandwidth 1MiB: 0.100 Gb/s < 0.50 x 0.400 Gb/s expected (0.200 Gb/s)"});
  }

  TEST_CASE("without an expected rate the port rate is the yardstick; without either, skip") {
    ProbeReport r = clean_report();
    Expectations e;
    r.link_rate_gbps = 10;
    CHECK(failures(judge(r, e)) ==
          std::vector<std::string>{"idle bandwidth 1MiB: 0.500 Gb/s < 0.90 x 10.000 Gb/s port "
                                   "rate (9.000 Gb/s)"});
    r.link_rate_gbps.reset();
    Verdict v = judge(r, e);
    CHECK(v.level == Level::pass);
    bool skipped = false;
    for (const Finding& f : v.findings)
      skipped |= f.figure == "idle bandwidth 1MiB" && f.level == Level::skip;
    CHECK(skipped);
  }

  TEST_CASE("loaded p99 above factor x idle p99 fails per size") {
    ProbeReport r = clean_report();
    r.tests[5] = lat("loaded", 64, 100);  // idle 30 us, factor 3 -> limit 90
    CHECK(failures(judge(r, lab_expectations())) ==
          std::vector<std::string>{
              "loaded p99 latency 64B: 100.0 us > 3.0 x idle p99 30.0 us (90.0 us)"});
  }

  TEST_CASE("an absolute p99 ceiling applies to both phases") {
    Expectations e = lab_expectations();
    e.max_p99_us = 250;
    CHECK(failures(judge(clean_report(), e)) ==
          std::vector<std::string>{"loaded p99 latency 1MiB: 300.0 us > 250.0 us ceiling"});
  }

  TEST_CASE("sequence errors fail with the counters that moved; retransmits can be ignored") {
    ProbeReport r = clean_report();
    r.counters[1].delta["rxe0:out_of_seq_request"] = 37;
    r.counters[1].delta["rxe1:completer_retry_err"] = 12;
    Expectations e = lab_expectations();
    CHECK(failures(judge(r, e)) ==
          std::vector<std::string>{
              "sequence errors (loaded): 37 > 0 (max_retransmits; rxe0:out_of_seq_request=37)",
              "retransmits (loaded): 12 > 0 (max_retransmits; rxe1:completer_retry_err=12)"});
    e.rules.ignore_emulation_retransmits = true;
    CHECK(failures(judge(r, e)) ==
          std::vector<std::string>{
              "sequence errors (loaded): 37 > 0 (max_retransmits; rxe0:out_of_seq_request=37)"});
  }

  TEST_CASE("discards, link downs and transport errors each fail by name") {
    ProbeReport r = clean_report();
    r.counters[0].delta["veth0:rx_dropped"] = 4;
    r.counters[0].delta["rxe0:link_downed"] = 1;
    r.counters[0].delta["rxe1:retry_exceeded_err"] = 2;
    Expectations e = lab_expectations();
    e.rules.max_discards = 3;
    CHECK(failures(judge(r, e)) ==
          std::vector<std::string>{
              "transport errors (idle): 2 > 0 (max_retransmits; rxe1:retry_exceeded_err=2)",
              "discards (idle): 4 > 3 (max_discards; veth0:rx_dropped=4)",
              "link downs (idle): 1 > 0 (a link must not go down; rxe0:link_downed=1)"});
  }

  TEST_CASE("pause ratio counts only lossless priorities") {
    ProbeReport r = clean_report();
    r.counters[1].delta["eth0:rx_prio3_pause"] = 80;
    r.counters[1].delta["eth0:rx_prio0_pause"] = 500;
    Expectations e = lab_expectations();
    e.lossless.set(*Priority::make(3));
    CHECK(failures(judge(r, e)) ==
          std::vector<std::string>{
              "pause ratio (loaded): 0.0800 > 0.0500 (80 pause frames / 1000 packets)"});
  }

  TEST_CASE("a failed test and a narrow path MTU fail the verdict") {
    ProbeReport r = clean_report();
    r.tests[6].outcome.reset();
    r.tests[6].error = Error{ErrorKind::timeout, "rxe1", "bandwidth test stalled"};
    r.tests[0].outcome->path_mtu_bytes = 1024;
    r.tests[0].outcome->local_port_mtu_bytes = 4096;
    r.tests[0].outcome->remote_port_mtu_bytes = 1024;
    Expectations e = lab_expectations();
    e.min_path_mtu_bytes = 4096;
    CHECK(failures(judge(r, e)) ==
          std::vector<std::string>{"loaded bandwidth 1MiB: rxe1: bandwidth test stalled",
                                   "path MTU: 1024 < 4096 expected (ports: rxe1 4096, rxe0 1024)"});
  }

  TEST_CASE("DCQCN on without CNPs under load is a warning, not a failure") {
    ProbeReport r = clean_report();
    r.counters[1].delta["mlx5_0:np_cnp_sent"] = 0;
    Expectations e = lab_expectations();
    e.congestion = model::CongestionAlgorithm::dcqcn;
    Verdict v = judge(r, e);
    CHECK(v.level == Level::warn);
    e.congestion = model::CongestionAlgorithm::pfc_only;
    r.counters[1].delta["mlx5_0:np_cnp_sent"] = 5;
    CHECK(judge(r, e).level == Level::warn);
  }

  TEST_CASE("CNP/ECN activity follows the congestion algorithm: exact findings") {
    auto congestion_of = [](const ProbeReport& r, const Expectations& e) {
      std::vector<std::string> out;
      for (const Finding& f : judge(r, e).findings)
        if (f.rule == "congestion")
          out.push_back(fmt::format("{} {}: {}", to_string(f.level), f.figure, f.message));
      return out;
    };
    ProbeReport quiet = clean_report();
    quiet.counters[1].delta["mlx5_0:np_cnp_sent"] = 0;
    quiet.counters[1].delta["mlx5_0:np_ecn_marked_roce_packets"] = 0;
    Expectations e = lab_expectations();
    e.congestion = model::CongestionAlgorithm::dcqcn;
    CHECK(congestion_of(quiet, e) ==
          std::vector<std::string>{"WARN CNP/ECN activity (loaded): DCQCN is enabled but no CNP "
                                   "or ECN mark under load (marking or CNP path broken?)"});
    // PFC-only and programmable CC: silence is right, no warning.
    e.congestion = model::CongestionAlgorithm::pfc_only;
    CHECK(congestion_of(quiet, e) ==
          std::vector<std::string>{
              "PASS CNP/ECN activity (loaded): 0 CNPs, 0 ECN marks; PFC-only (no DCQCN)"});
    e.congestion = model::CongestionAlgorithm::programmable;
    CHECK(congestion_of(quiet, e) ==
          std::vector<std::string>{"SKIP CNP/ECN activity (loaded): 0 CNPs, 0 ECN marks; not "
                                   "judged under programmable congestion control"});
    // CNPs on a PFC-only fabric: a notification point is on.
    ProbeReport busy = quiet;
    busy.counters[1].delta["mlx5_0:np_cnp_sent"] = 7;
    e.congestion = model::CongestionAlgorithm::pfc_only;
    CHECK(congestion_of(busy, e) ==
          std::vector<std::string>{"WARN CNP/ECN activity (loaded): DCQCN is off (pfc-only) but "
                                   "7 CNPs moved (mlx5_0:np_cnp_sent=7): a notification point "
                                   "is on"});
    e.congestion = model::CongestionAlgorithm::dcqcn;
    CHECK(congestion_of(busy, e) ==
          std::vector<std::string>{"PASS CNP/ECN activity (loaded): 7 CNPs, 0 ECN marks; DCQCN"});
    e.congestion.reset();
    CHECK(congestion_of(busy, e).empty());
  }

  TEST_CASE("text report: table rows and verdict lines") {
    ProbeReport r = clean_report();
    r.mode = "cross-device loopback";
    r.local_device = "rxe1";
    r.server = "127.0.0.1:18600";
    r.tests[2] = bw("idle", 1048576, 0.1);
    std::string text = render_text(r, judge(r, lab_expectations()));
    CHECK(text.find("probe: cross-device loopback rxe1 -> rxe0 (127.0.0.1:18600), op write, 1 QP, "
                    "ToS 0\n") != std::string::npos);
    CHECK(text.find("idle    bw      1MiB     0.100     0.100     0.100") != std::string::npos);
    CHECK(text.find("\nverdict: FAIL\n") != std::string::npos);
    CHECK(text.find("  FAIL  idle bandwidth 1MiB: 0.100 Gb/s < 0.50 x 0.400 Gb/s expected (0.200 "
                    "Gb/s)\n") != std::string::npos);
    auto j = render_json(r, judge(r, lab_expectations()));
    CHECK(j["verdict"]["level"] == "FAIL");
    CHECK(j["tests"][2]["bandwidth"]["gbps"].get<double>() == doctest::Approx(0.1));
    CHECK(j["tests"][1]["latency"]["p99_us"].get<double>() == doctest::Approx(30));
  }
}
