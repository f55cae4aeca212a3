#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "fabric/soak.h"
#include "sim_fabric.h"

namespace rocecfg::fabric {
namespace {
using testing::SimClock;
using testing::SimFabric;

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}
size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}
}  // namespace

TEST_SUITE("soak") {
  TEST_CASE("a host that disappears mid-soak is an outage with start and end; the run goes on") {
    SimClock c;
    SimFabric f(4, c);
    f.jitter = 0;
    f.round_s = 2;
    f.outages.push_back({2, 15, 35});  // n3 down from 15 s to 35 s
    SoakOptions o;
    o.run.pattern = Pattern::ring;
    o.duration_s = 60;
    o.every_s = 10;
    std::ostringstream series;
    SoakReport r = soak(o, {"n1", "n2", "n3", "n4"}, f, c, &series);
    CHECK(r.iterations == 6);
    CHECK(r.tests == 24);
    CHECK(r.failed == 4);
    REQUIRE(r.outages.size() == 1);
    CHECK(r.outages[0].what == "host n3");
    CHECK(r.outages[0].from_s == 22);
    CHECK(r.outages[0].to_s == 42);
    CHECK(render_soak_text(r) ==
          "soak: 4 hosts, 6 iterations, 24 tests (4 failed) in 54 s; 2 iterations with outliers\n"
          "pair     tests failed    bw p5   bw p50   bw p95  lat p50  lat p95  lat p99\n"
          "n1 -> n2     6      0      100      100      100        2        2        2\n"
          "n3 -> n4     6      2      100      100      100        2        2        2\n"
          "n2 -> n3     6      2      100      100      100        2        2        2\n"
          "n4 -> n1     6      0      100      100      100        2        2        2\n"
          "(bandwidth Gb/s; latency: percentiles of each test's p50, us)\n"
          "outages:\n"
          "  host n3: 22 s -> 42 s (20 s)\n");
    // The time series: every test, as it finished, and the outage events.
    std::vector<std::string> l = lines(series.str());
    REQUIRE(l.size() == 26);
    CHECK(
        l[0] ==
        R"({"bw_gbps":100.0,"client":"n1","iteration":0,"lat_p50_us":2.0,"round":0,"server":"n2","t":"2025-12-01T08:00:02Z","t_s":2.0,"type":"sample"})");
    CHECK(
        l[9] ==
        R"({"bw_gbps":null,"client":"n3","error":"connection refused","iteration":2,"lat_p50_us":null,"round":0,"server":"n4","t":"2025-12-01T08:00:22Z","t_s":22.0,"type":"sample"})");
    CHECK(l[12] ==
          R"({"t":"2025-12-01T08:00:22Z","t_s":22.0,"type":"outage_start","what":"host n3"})");
    CHECK(
        l[21] ==
        R"({"seconds":20.0,"t":"2025-12-01T08:00:42Z","t_s":42.0,"type":"outage_end","what":"host n3"})");
  }

  TEST_CASE("a host still down at the end is an open outage") {
    SimClock c;
    SimFabric f(4, c);
    f.outages.push_back({3, 25, 1e9});
    SoakOptions o;
    o.run.pattern = Pattern::all;
    o.duration_s = 40;
    o.every_s = 10;
    SoakReport r = soak(o, {"a", "b", "c", "d"}, f, c, nullptr);
    REQUIRE(r.outages.size() == 1);
    CHECK(r.outages[0].what == "host d");
    CHECK_FALSE(r.outages[0].to_s);
    CHECK(render_soak_text(r).find("  host d: 32 s -> still down at the end\n") !=
          std::string::npos);
    CHECK(render_soak_json(r)["outages"][0].dump() ==
          R"({"from_s":32.0,"to_s":null,"what":"host d"})");
  }

  TEST_CASE("one pair failing while both hosts work elsewhere is a pair outage") {
    // Model: a link that black-holes: failures on one pair only.
    SimClock c;
    SimFabric f(4, c);
    struct Wrap final : Prober {
      SimFabric& f;
      explicit Wrap(SimFabric& x) : f(x) {}
      std::vector<Sample> run_round(const Round& r) override {
        std::vector<Sample> out = f.run_round(r);
        for (Sample& s : out)
          if (s.pair == Pair{0, 1} && f.rounds_run >= 3 && f.rounds_run <= 4) {
            s.bw_gbps.reset();
            s.lat_p50_us.reset();
            s.error = "stalled";
          }
        return out;
      }
    } w(f);
    SoakOptions o;
    o.run.pattern = Pattern::ring;
    o.duration_s = 40;
    o.every_s = 10;
    SoakReport r = soak(o, {"a", "b", "c", "d"}, w, c, nullptr);
    REQUIRE(r.outages.size() == 1);
    CHECK(r.outages[0].what == "pair a -> b");
  }

  TEST_CASE("the plot: a line per pair per panel, the outage shaded and labelled") {
    SimClock c;
    SimFabric f(4, c);
    f.outages.push_back({2, 15, 35});
    SoakOptions o;
    o.duration_s = 60;
    o.every_s = 10;
    SoakReport r = soak(o, {"n1", "n2", "n3", "n4"}, f, c, nullptr);
    std::string svg = soak_svg(r);
    if (const char* dir = std::getenv("ROCECFG_FABRIC_SVG_DIR"))
      std::ofstream(std::string(dir) + "/soak-example.svg") << svg;
    CHECK(count(svg, "<rect class=\"outage\"") == 2);
    CHECK(svg.find(">host n3 down</text>") != std::string::npos);
    // n1->n2 and n4->n1 unbroken (2 panels); n3->n4 and n2->n3 broken in two.
    CHECK(count(svg, "<polyline class=\"series\"") == 2 * 2 + 2 * 2 * 2);
    CHECK(svg.find("<title>rocecfg fabric soak: 4 hosts, 6 iterations, 1 outages</title>") !=
          std::string::npos);
  }

  TEST_CASE("durations") {
    CHECK(parse_duration_s("90s") == 90);
    CHECK(parse_duration_s("5m") == 300);
    CHECK(parse_duration_s("1.5h") == 5400);
    CHECK(parse_duration_s("500ms") == 0.5);
    CHECK(parse_duration_s("2d") == 172800);
    CHECK_FALSE(parse_duration_s("5"));
    CHECK_FALSE(parse_duration_s("-5s"));
    CHECK_FALSE(parse_duration_s("5x"));
    CHECK_FALSE(parse_duration_s("100d"));
  }
}

}  // namespace rocecfg::fabric
