#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>

#include "fabric/report.h"
#include "fabric/svg.h"
#include "sim_fabric.h"

namespace rocecfg::fabric {
namespace {
using testing::SimClock;
using testing::SimFabric;

RunReport four_host_run(bool bad_host, bool bad_link) {
  SimClock c;
  SimFabric f(4, c);
  f.jitter = 0;  // exact figures for exact text
  if (bad_host) f.bad_host = 3;
  if (bad_link) f.add_bad_link(0, 1);
  RunReport r;
  r.pattern = Pattern::all;
  r.hosts = {"n1", "n2", "n3", "n4"};
  r.rounds = tournament_schedule(4);
  r.samples = run_rounds(f, r.rounds, c);
  r.analysis = analyze(r.samples, 4, Thresholds{});
  r.seconds = c.now_s();
  return r;
}
size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}
}  // namespace

TEST_SUITE("report") {
  TEST_CASE("dry-run schedule: text and the JSON rounds document") {
    std::vector<std::string> hosts{"n1", "n2", "n3", "n4"};
    auto rounds = ring_schedule(4);
    CHECK(render_schedule_text(Pattern::ring, hosts, rounds, "") ==
          "fabric schedule: 4 hosts, pattern ring, 2 rounds, 4 tests\n"
          "round 1: n1 -> n2, n3 -> n4\n"
          "round 2: n2 -> n3, n4 -> n1\n");
    CHECK(
        render_schedule_json(Pattern::ring, hosts, rounds, "").dump() ==
        R"({"hosts":["n1","n2","n3","n4"],"pattern":"ring","rounds":[{"pairs":[["n1","n2"],["n3","n4"]]},{"pairs":[["n2","n3"],["n4","n1"]]}]})");
  }

  TEST_CASE("text: matrices, findings with figures, verdict") {
    RunReport r = four_host_run(true, true);
    CHECK(render_text(r) ==
          "fabric: 4 hosts, pattern all, 3 rounds, 6 tests in 6.0 s\n"
          "median of host medians: bandwidth 100 Gb/s, p50 latency 2 us (bad: bandwidth < 0.93 x, "
          "latency > 2.1 x)\n"
          "\n"
          "bandwidth, fraction of median (* beyond the threshold, x failed, . not tested):\n"
          "          n1    n2    n3    n4\n"
          "n1         -  1.00  1.00 0.50*\n"
          "n2      1.00     -  1.00 0.50*\n"
          "n3      1.00  1.00     - 0.50*\n"
          "n4     0.50* 0.50* 0.50*     -\n"
          "\n"
          "p50 latency, factor of median (* beyond the threshold, x failed, . not tested):\n"
          "          n1    n2    n3    n4\n"
          "n1         - 3.00*  1.00  1.00\n"
          "n2     3.00*     -  1.00  1.00\n"
          "n3      1.00  1.00     -  1.00\n"
          "n4      1.00  1.00  1.00     -\n"
          "\n"
          "findings:\n"
          "  host n4: bad with all 3 partners\n"
          "    n1 -> n4: bandwidth 50 Gb/s is 0.50 of the median 100 Gb/s (< 0.93)\n"
          "    n4 -> n2: bandwidth 50 Gb/s is 0.50 of the median 100 Gb/s (< 0.93)\n"
          "    n3 -> n4: bandwidth 50 Gb/s is 0.50 of the median 100 Gb/s (< 0.93)\n"
          "  link n1 - n2: bad only between these two; each is fine with other partners\n"
          "    n1 -> n2: p50 latency 6 us is 3.00x the median 2 us (> 2.1)\n"
          "verdict: FAIL (2 findings, 4 bad of 6 tests)\n");
  }

  TEST_CASE("a clean run passes") {
    RunReport r = four_host_run(false, false);
    std::string t = render_text(r);
    CHECK(t.substr(t.rfind("verdict")) == "verdict: PASS (no outlier in 6 tests)\n");
    auto j = render_json(r);
    CHECK(j["verdict"] == "PASS");
    CHECK(j["findings"].empty());
  }

  TEST_CASE("JSON names hosts and findings") {
    auto j = render_json(four_host_run(true, true));
    CHECK(j["verdict"] == "FAIL");
    CHECK(j["median"]["bw_gbps"] == 100.0);
    REQUIRE(j["findings"].size() == 2);
    CHECK(j["findings"][0].dump() ==
          R"({"hosts":["n4"],"kind":"host","why":"bad with all 3 partners"})");
    CHECK(j["findings"][1]["hosts"].dump() == R"(["n1","n2"])");
    CHECK(j["pairs"].size() == 6);
    CHECK(j["pairs"][0]["client"] == "n1");
    CHECK(j["thresholds"]["min_bandwidth_fraction_of_median"] == 0.93);
  }

  TEST_CASE("SVG heat map: every tested cell, bad cells labelled, names and findings shown") {
    RunReport r = four_host_run(true, true);
    r.hosts[1] = "n2<&>";  // escaped, not markup
    std::string svg = heatmap_svg(r);
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
    CHECK(count(svg, "<rect class=\"cell") == 12);  // 6 pairs, both cells each
    CHECK(count(svg, "<rect class=\"cell bad\"") == 8);
    CHECK(count(svg, "class=\"badlabel\"") == 8);
    CHECK(count(svg, ">0.50</text>") == 6);  // the host's cells, by bandwidth
    CHECK(count(svg, ">3.0x</text>") == 2);  // the link: bandwidth fine, latency 3x
    CHECK(svg.find("n2&lt;&amp;&gt;") != std::string::npos);
    CHECK(svg.find("n2<&>") == std::string::npos);
    CHECK(svg.find(">host n4</text>") != std::string::npos);
    CHECK(svg.find(">link n1 - n2&lt;&amp;&gt;</text>") != std::string::npos);
    // ROCECFG_FABRIC_SVG_DIR=dir: keep the picture (lib/fabric/README.md shows it).
    if (const char* dir = std::getenv("ROCECFG_FABRIC_SVG_DIR")) {
      RunReport clean_names = four_host_run(true, true);
      std::ofstream(std::string(dir) + "/heatmap-example.svg") << heatmap_svg(clean_names);
    }
    CHECK(svg.find("<title>n1 -&gt; n4: 50 Gb/s, p50 2 us; bandwidth 50 Gb/s is 0.50 of the "
                   "median 100 Gb/s (&lt; 0.93)</title>") != std::string::npos);
  }

  TEST_CASE("SVG time series: a line per pair, gaps where tests failed, outages shaded") {
    std::vector<Series> s{{"n1 -> n2", {{0, 10.0, 2.0}, {10, 11.0, 2.1}, {20, 10.5, 2.0}}},
                          {"n3 -> n4", {{0, 9.0, 3.0}, {10, {}, {}}, {20, 9.5, 3.1}}}};
    std::vector<Span> o{{"n4 down", 5, 15}};
    std::string svg = timeseries_svg("soak", s, o, 20);
    // Two panels; pair 1 one line each; pair 2 broken in two single points each.
    CHECK(count(svg, "<polyline class=\"series\"") == 6);
    CHECK(count(svg, "<circle") == 4);
    CHECK(count(svg, "<rect class=\"outage\"") == 2);
    CHECK(svg.find(">n4 down</text>") != std::string::npos);
    CHECK(svg.find(">n1 -&gt; n2</text>") != std::string::npos);
    CHECK(svg.find(">bandwidth (Gb/s)</text>") != std::string::npos);
    CHECK(svg.find(">p50 latency (us)</text>") != std::string::npos);
    CHECK(svg.find(">20 s</text>") != std::string::npos);
  }
}

}  // namespace rocecfg::fabric
