#include <doctest/doctest.h>

#include "fabric/outliers.h"
#include "fabric/schedule.h"
#include "sim_fabric.h"

namespace rocecfg::fabric {
namespace {
using testing::SimClock;
using testing::SimFabric;

std::vector<Sample> all_pairs(SimFabric& f, SimClock& c, size_t n) {
  return run_rounds(f, tournament_schedule(n), c);
}
}  // namespace

TEST_SUITE("outliers") {
  TEST_CASE("a clean fabric has no outlier") {
    SimClock c;
    SimFabric f(8, c);
    Analysis a = analyze(all_pairs(f, c, 8), 8, Thresholds{});
    CHECK(a.clean());
    CHECK(a.bad_pairs == 0);
    REQUIRE(a.reference.bw_gbps);
    CHECK(*a.reference.bw_gbps == doctest::Approx(100).epsilon(0.01));
  }

  TEST_CASE("a host bad with every partner is the culprit, its pairs explained by it") {
    SimClock c;
    SimFabric f(4, c);
    f.bad_host = 2;
    Analysis a = analyze(all_pairs(f, c, 4), 4, Thresholds{});
    REQUIRE(a.findings.size() == 1);
    CHECK(a.findings[0].kind == FindingKind::host);
    CHECK(a.findings[0].hosts == std::vector<size_t>{2});
    CHECK(a.findings[0].why == "bad with all 3 partners");
    CHECK(a.findings[0].pairs.size() == 3);
    CHECK(a.bad_pairs == 3);
    // One bad host in half of the pairs of a 4-host fabric does not drag the
    // median of host medians with it.
    CHECK(*a.reference.bw_gbps == doctest::Approx(100).epsilon(0.02));
  }

  TEST_CASE("a single bad pair is a link") {
    SimClock c;
    SimFabric f(4, c);
    f.add_bad_link(1, 3);
    Analysis a = analyze(all_pairs(f, c, 4), 4, Thresholds{});
    REQUIRE(a.findings.size() == 1);
    CHECK(a.findings[0].kind == FindingKind::link);
    CHECK(a.findings[0].hosts == std::vector<size_t>{1, 3});
    const PairVerdict& v = a.pairs[a.findings[0].pairs[0]];
    REQUIRE(v.reasons.size() == 1);
    CHECK(v.reasons[0].find("p50 latency") == 0);
    CAPTURE(v.reasons[0]);
    CHECK(v.reasons[0].find("x the median 2.02 us (> 2.1)") != std::string::npos);
  }

  TEST_CASE("the thresholds are the documented ones and compare strictly") {
    Reference ref{100.0, 2.0};
    Thresholds t;
    Sample s;
    s.bw_gbps = 93.0;
    s.lat_p50_us = 4.2;
    CHECK_FALSE(judge_pair(s, ref, t).bad);  // exactly at both limits
    s.bw_gbps = 92.9;
    PairVerdict v = judge_pair(s, ref, t);
    CHECK(v.bad);
    CHECK(v.reasons ==
          std::vector<std::string>{"bandwidth 92.9 Gb/s is 0.93 of the median 100 Gb/s (< 0.93)"});
    s.bw_gbps = 93.0;
    s.lat_p50_us = 4.21;
    CHECK(judge_pair(s, ref, t).reasons ==
          std::vector<std::string>{"p50 latency 4.21 us is 2.10x the median 2 us (> 2.1)"});
  }

  TEST_CASE("a failed test is bad; a host failing with everyone is the culprit") {
    SimClock c;
    SimFabric f(5, c);
    f.outages.push_back({4, 0, 1e9});
    Analysis a = analyze(all_pairs(f, c, 5), 5, Thresholds{});
    CHECK(a.failed_pairs == 4);
    REQUIRE(a.findings.size() == 1);
    CHECK(a.findings[0].kind == FindingKind::host);
    CHECK(a.findings[0].hosts == std::vector<size_t>{4});
    CHECK(a.pairs[a.findings[0].pairs[0]].reasons[0] == "test failed: connection refused");
  }

  TEST_CASE("a bad pair whose ends have no other test is unresolved") {
    SimClock c;
    SimFabric f(2, c);
    f.add_bad_link(0, 1);
    // With two hosts there is one pair; judged against a reference from elsewhere.
    Analysis a =
        analyze(run_rounds(f, ring_schedule(2), c), 2, Thresholds{}, Reference{100.0, 2.0});
    REQUIRE(a.findings.size() == 1);
    CHECK(a.findings[0].kind == FindingKind::unresolved);
    CHECK(a.findings[0].hosts == std::vector<size_t>{0, 1});
  }
}

}  // namespace rocecfg::fabric
