#include <doctest/doctest.h>

#include "require_ok.h"

#include "fabric/baseline.h"
#include "fabric/probe_baseline.h"
#include "fabric/run.h"
#include "sim_fabric.h"

namespace rocecfg::fabric {
namespace {
using testing::SimClock;
using testing::SimFabric;

RunReport run(SimFabric& f, SimClock& c) {
  RunOptions o;
  o.pattern = Pattern::all;
  return run_pattern(o, {"n1", "n2", "n3", "n4"}, f, c);
}
BaselineMeta meta() {
  return {"0.1.0", "2025-12-01T08:00:00Z", "ctl1", "profiles/lab.toml", "lab", fingerprint("x")};
}
}  // namespace

TEST_SUITE("baseline") {
  TEST_CASE("saved baselines read back exactly") {
    SimClock c;
    SimFabric f(4, c);
    f.jitter = 0;
    Baseline b = make_baseline(run(f, c), meta());
    std::string text = baseline_json(b).dump(2);
    auto back = parse_baseline(text, "b.json");
    REQUIRE_OK(back);
    CHECK(baseline_json(*back) == baseline_json(b));
    CHECK(back->pairs.size() == 6);
    CHECK(back->profile_fingerprint == "af63f54c86021707");
    CHECK(baseline_json(b)["pairs"][0].dump() ==
          R"({"bw_gbps":100.0,"client":"n1","lat_p50_us":2.0,"server":"n4"})");
    CHECK(b.find("n4", "n1") == b.find("n1", "n4"));
  }

  TEST_CASE("an unchanged fabric is OK against its baseline") {
    SimClock c;
    SimFabric f(4, c);
    f.jitter = 0;
    Baseline b = make_baseline(run(f, c), meta());
    BaselineComparison cmp = compare(b, run(f, c), 0.10);
    CHECK_FALSE(cmp.regressed());
    CHECK(render_comparison_text(cmp, b) ==
          "baseline: 2025-12-01T08:00:00Z from ctl1 (6 pairs, profile lab af63f54c86021707, "
          "rocecfg 0.1.0)\n"
          "  median ratio now/baseline: bandwidth 1.00, p50 latency 1.00 (tolerance 0.10)\n"
          "  baseline verdict: OK (6 pairs within 10 %)\n");
  }

  TEST_CASE("one slower pair regresses alone; the fleet median holds") {
    SimClock c;
    SimFabric f(4, c);
    f.jitter = 0;
    Baseline b = make_baseline(run(f, c), meta());
    f.add_bad_link(1, 2);
    f.bad_link_lat_factor = 1.15;
    f.bad_link_bw_factor = 0.85;
    BaselineComparison cmp = compare(b, run(f, c), 0.10);
    CHECK(cmp.regressed_pairs == 1);
    CHECK(cmp.overall.empty());
    CHECK(render_comparison_text(cmp, b) ==
          "baseline: 2025-12-01T08:00:00Z from ctl1 (6 pairs, profile lab af63f54c86021707, "
          "rocecfg 0.1.0)\n"
          "  median ratio now/baseline: bandwidth 1.00, p50 latency 1.00 (tolerance 0.10)\n"
          "  regression: n2 -> n3: bandwidth 85 Gb/s is 0.85 of its baseline 100 (< 0.90)\n"
          "  regression: n2 -> n3: p50 latency 2.3 us is 1.15x its baseline 2 (> 1.10)\n"
          "  baseline verdict: REGRESSED (1 pairs)\n");
  }

  TEST_CASE("a fabric-wide slowdown regresses overall, though no pair is an outlier") {
    SimClock c;
    SimFabric f(4, c);
    f.jitter = 0;
    Baseline b = make_baseline(run(f, c), meta());
    f.base_bw_gbps = 80;
    RunReport now = run(f, c);
    CHECK(now.analysis.clean());  // against its own median nothing stands out
    BaselineComparison cmp = compare(b, now, 0.10);
    CHECK(cmp.regressed_pairs == 6);
    CHECK(cmp.overall ==
          std::vector<std::string>{"median bandwidth is 0.80 of the baseline (< 0.90)"});
    auto j = render_comparison_json(cmp, b);
    CHECK(j["verdict"] == "REGRESSED");
    CHECK(j["median_bw_ratio"] == 0.8);
  }

  TEST_CASE("pairs missing now or new since are listed, not judged") {
    SimClock c;
    SimFabric f(4, c);
    f.jitter = 0;
    Baseline b = make_baseline(run(f, c), meta());
    b.pairs.erase(b.pairs.begin());  // n1 -> n4 was not in the baseline
    b.pairs.push_back({"n1", "n9", 100.0, 2.0});
    BaselineComparison cmp = compare(b, run(f, c), 0.10);
    CHECK(cmp.missing == std::vector<std::string>{"n1 -> n9"});
    CHECK(cmp.unknown == std::vector<std::string>{"n1 -> n4"});
    CHECK_FALSE(cmp.regressed());
  }

  TEST_CASE("bad baseline files are refused with the reason") {
    CHECK(parse_baseline("[]", "b.json").error().to_string() == "b.json: not a JSON object");
    CHECK(parse_baseline("{}", "b.json").error().message.find("not a rocecfg baseline") == 0);
    CHECK(parse_baseline(R"({"rocecfg_baseline":1,"pairs":[{"client":"a"}]})", "b.json")
              .error()
              .to_string() == "b.json: pairs[0]: needs \"client\" and \"server\" names");
    CHECK(parse_baseline(
              R"({"rocecfg_baseline":1,"pairs":[{"client":"a","server":"b","bw_gbps":-1}]})",
              "b.json")
              .error()
              .message == "figures must be positive");
  }
}

}  // namespace rocecfg::fabric

using namespace rocecfg;
using namespace rocecfg::fabric;

TEST_SUITE("probe against a baseline") {
  // A probe run as `rocecfg probe` reports it: idle and loaded phases, two
  // sizes each of bandwidth and latency.
  probe::ProbeReport probe_run(double bw_1m, double lat_64, bool with_lat = true) {
    probe::ProbeReport r;
    auto add = [&r](const char* phase, probe::Mode m, uint32_t size, double v) {
      probe::TestRecord t;
      t.phase = phase;
      t.mode = m;
      t.size_bytes = size;
      probe::TestOutcome o;
      if (m == probe::Mode::bw) {
        o.bw = probe::BandwidthStats{};
        o.bw->gbps = v;
      } else {
        o.lat = probe::LatencyStats{};
        o.lat->median_us = v;
      }
      t.outcome = o;
      r.tests.push_back(t);
    };
    add("idle", probe::Mode::bw, 64, 0.01);
    add("idle", probe::Mode::bw, 1048576, bw_1m);
    if (with_lat) {
      add("idle", probe::Mode::lat, 64, lat_64);
      add("idle", probe::Mode::lat, 1048576, 900);
    }
    add("loaded", probe::Mode::bw, 1048576, bw_1m / 4);  // never the baseline's figure
    return r;
  }
  Baseline one_pair(std::optional<double> bw, std::optional<double> lat) {
    Baseline b;
    b.created = "2025-12-01T08:00:00Z";
    b.pairs.push_back({"n1", "n2", bw, lat});
    return b;
  }

  TEST_CASE("the figures are a fabric pair test's: largest-size bandwidth, smallest-size p50") {
    ProbeFigures f = probe_figures(probe_run(0.2, 30));
    CHECK(f.bw_gbps == doctest::Approx(0.2));
    CHECK(f.lat_p50_us == doctest::Approx(30));
    CHECK_FALSE(probe_figures(probe_run(0.2, 30, false)).lat_p50_us);
  }

  TEST_CASE("within tolerance passes, in either direction; a fall fails with the figures") {
    BaselineJudgement ok =
        judge_against_baseline(one_pair(0.21, 29), "b.json", "n2", "n1", probe_run(0.2, 30), 0.10);
    CHECK(ok.level == probe::Level::pass);
    CHECK(ok.message == "n2 -> n1 within 10 % of b.json (2025-12-01T08:00:00Z)");
    CHECK(ok.details == std::vector<std::string>{"bandwidth 0.2 Gb/s, 0.95 of the baseline 0.21",
                                                 "p50 latency 30 us, 1.03x the baseline 29"});

    BaselineJudgement bad =
        judge_against_baseline(one_pair(0.25, 28), "b.json", "n1", "n2", probe_run(0.2, 30), 0.10);
    CHECK(bad.level == probe::Level::fail);
    CHECK(bad.message ==
          "n1 -> n2 regressed against b.json (2025-12-01T08:00:00Z): bandwidth 0.2 Gb/s is 0.80 "
          "of its baseline 0.25 (< 0.90)");
    probe::Finding f = baseline_finding(bad);
    CHECK(f.level == probe::Level::fail);
    CHECK(f.figure == "baseline");
    CHECK(f.message ==
          "n1 -> n2 regressed against b.json (2025-12-01T08:00:00Z): bandwidth 0.2 Gb/s is 0.80 "
          "of its baseline 0.25 (< 0.90); bandwidth 0.2 Gb/s, 0.80 of the baseline 0.25; p50 "
          "latency 30 us, 1.07x the baseline 28");
  }

  TEST_CASE("a pair or a figure the baseline does not hold is unknown, never a pass") {
    BaselineJudgement none =
        judge_against_baseline(one_pair(0.25, 28), "b.json", "n1", "n9", probe_run(0.2, 30), 0.10);
    CHECK(none.level == probe::Level::skip);
    CHECK(none.message ==
          "b.json has no figures for n1 -> n9 (recorded 2025-12-01T08:00:00Z over 1 pairs)");
    BaselineJudgement apart = judge_against_baseline(one_pair(std::nullopt, 28), "b.json", "n1",
                                                     "n2", probe_run(0.2, 30, false), 0.10);
    CHECK(apart.level == probe::Level::skip);
    CHECK(apart.message ==
          "no figure to compare with b.json for n1 -> n2: the probe measured bandwidth only, the "
          "baseline holds latency only");
    CHECK(baseline_finding(apart).level == probe::Level::skip);
  }

  TEST_CASE("a baseline file that is not a regular file is refused before any probe") {
    auto b = load_baseline("/dev/null");
    REQUIRE_FALSE(b);
    CHECK(b.error().message.find("not a regular file") != std::string::npos);
  }
}
