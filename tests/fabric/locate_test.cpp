#include <doctest/doctest.h>

#include <fmt/format.h>

#include "fabric/locate.h"
#include "sim_fabric.h"

namespace rocecfg::fabric {
namespace {
using testing::SimClock;
using testing::SimFabric;
}  // namespace

TEST_SUITE("locate") {
  TEST_CASE("1,024 hosts, one bad host and one bad link: both found in 4 rounds") {
    SimClock c;
    SimFabric f(1024, c);
    f.round_s = 2.0;
    f.bad_host = 517;
    f.add_bad_link(100, 101);  // a ring edge
    LocateReport r = locate(f, 1024, Thresholds{}, c);
    CHECK(r.rounds.size() == 4);
    CHECK(f.rounds_run == 4);
    CHECK(r.seconds == doctest::Approx(8.0));
    REQUIRE(r.analysis.findings.size() == 2);
    CHECK(r.analysis.findings[0].kind == FindingKind::host);
    CHECK(r.analysis.findings[0].hosts == std::vector<size_t>{517});
    CHECK(r.analysis.findings[1].kind == FindingKind::link);
    CHECK(r.analysis.findings[1].hosts == std::vector<size_t>{100, 101});
    // Suspects: the bad host, its two ring neighbours, the link's two ends.
    CHECK(r.suspects == std::vector<size_t>{100, 101, 516, 517, 518});
    CHECK(r.notes.empty());
    // All pairs would be 1,023 rounds, 2,046 s at 2 s per round.
    MESSAGE(
        fmt::format("locate N=1024: {} rounds, {:.0f} s at 2 s/round ({} tests); all pairs: "
                    "1023 rounds, 2046 s",
                    r.rounds.size(), r.seconds, r.samples.size()));
  }

  TEST_CASE(
      "the bad link need not be a ring edge: a bad pair found only in rounds 3-4 is not "
      "guessed") {
    // A link between two hosts that are not ring neighbours is never tested by the
    // ring; locate then finds the fabric clean, which is what it can see. The
    // report's suspects stay empty; `all` would find it.
    SimClock c;
    SimFabric f(64, c);
    f.add_bad_link(3, 40);
    LocateReport r = locate(f, 64, Thresholds{}, c);
    CHECK(r.rounds.size() == 2);
    CHECK(r.analysis.clean());
  }

  TEST_CASE("a clean fabric stops after the two ring rounds") {
    SimClock c;
    SimFabric f(1024, c);
    LocateReport r = locate(f, 1024, Thresholds{}, c);
    CHECK(r.rounds.size() == 2);
    CHECK(r.seconds == doctest::Approx(4.0));
    CHECK(r.analysis.clean());
    CHECK(r.samples.size() == 1023);
  }

  TEST_CASE("the rounds stay at four for any N, each host once per round") {
    for (size_t n : {8, 9, 17, 100, 333}) {
      SimClock c;
      SimFabric f(n, c);  // throws if a host is in two tests of one round
      f.bad_host = n / 2;
      f.add_bad_link(0, 1);
      LocateReport r = locate(f, n, Thresholds{}, c);
      CHECK(r.rounds.size() <= 4);
      INFO("n = ", n);
      REQUIRE(r.analysis.findings.size() == 2);
      CHECK(r.analysis.findings[0].hosts == std::vector<size_t>{n / 2});
      CHECK(r.analysis.findings[1].hosts == std::vector<size_t>{0, 1});
    }
  }

  TEST_CASE("five hosts with a bad host and a bad link: more suspects than healthy hosts") {
    SimClock c;
    SimFabric f(5, c);
    f.bad_host = 2;
    f.add_bad_link(0, 1);
    LocateReport r = locate(f, 5, Thresholds{}, c);
    CHECK(r.rounds.size() == 2);
    CHECK(r.suspects == std::vector<size_t>{0, 1, 2, 3});
    CHECK(r.notes == std::vector<std::string>{"4 suspects but only 1 hosts seen healthy: not one "
                                              "bad host or link; run --pattern all"});
  }

  TEST_CASE("too many suspects: said so, no guess") {
    SimClock c;
    SimFabric f(8, c);
    // Every even ring edge at half bandwidth: each host is in one bad and at
    // most one good test, so all eight are suspects.
    for (size_t i = 0; i < 8; i += 2) f.add_bad_link(i, i + 1);
    f.bad_link_lat_factor = 1.0;
    f.bad_link_bw_factor = 0.5;
    LocateReport r = locate(f, 8, Thresholds{}, c);
    REQUIRE(r.notes.size() == 1);
    CHECK(r.notes[0] ==
          "8 suspects but only 0 hosts seen healthy: not one bad host or link; run --pattern all");
  }
}

}  // namespace rocecfg::fabric
