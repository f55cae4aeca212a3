// Fabric runs over rails: schedules that use each NIC once per round and
// pair only NICs of one rail (plus the cross-rail canaries), and isolation
// that names a NIC, a host, a rail or a link -- at 1,024 hosts x 8 rails
// with one bad NIC, one bad rail and one bad link at once.
#include <doctest/doctest.h>

#include <set>

#include <fmt/format.h>

#include "fabric/rails.h"
#include "fabric/report.h"
#include "fabric/run.h"
#include "sim_fabric.h"

namespace rocecfg::fabric {
namespace {

using testing::SimClock;
using testing::SimFabric;

using Grid = testing::RailGrid;
constexpr auto grid = testing::rail_grid;

size_t ep(size_t host, uint32_t rail, uint32_t rails) {
  return host * rails + rail;
}

std::vector<std::string> labels(const RunReport& r) {
  std::vector<std::string> out;
  for (const Finding& f : r.analysis.findings) out.push_back(finding_label(f, r.hosts));
  return out;
}

RunReport run(const Grid& g, SimFabric& sim, SimClock& clock, Pattern p,
              CrossRail cross = CrossRail::none) {
  sim.host_of = g.host_of;
  sim.rail_of = g.rail_of;
  RunOptions o;
  o.pattern = p;
  o.rails = g.layout;
  o.cross_rail = cross;
  return run_pattern(o, g.names, sim, clock);
}

}  // namespace

TEST_SUITE("fabric rails") {
  TEST_CASE("the layout groups endpoints by rail in host order") {
    RailLayout l = rail_layout({"a", "a", "b", "b", "c"}, {0, 1, 1, 0, 0});
    CHECK(l.hosts == std::vector<std::string>{"a", "b", "c"});
    CHECK(l.rails == std::vector<uint32_t>{0, 1});
    CHECK(l.members == std::vector<std::vector<size_t>>{{0, 3, 4}, {1, 2}});
    CHECK(l.multi_rail());
    CHECK_FALSE(rail_layout({"a", "b"}, {0, 0}).multi_rail());
  }

  TEST_CASE("all pairs over 4 hosts x 2 rails: 3 rounds, each NIC once a round, same rail only") {
    Grid g = grid(4, 2);
    RunOptions o;
    o.pattern = Pattern::all;
    o.rails = g.layout;
    std::vector<Round> rounds = planned_rounds(o, g.names.size());
    CHECK(rounds.size() == 3);
    std::set<std::pair<size_t, size_t>> seen;
    for (const Round& r : rounds) {
      CHECK(r.pairs.size() == 4);
      std::set<size_t> busy;
      for (const Pair& p : r.pairs) {
        CHECK(busy.insert(p.client).second);
        CHECK(busy.insert(p.server).second);
        CHECK(g.rail_of[p.client] == g.rail_of[p.server]);
        seen.insert({std::min(p.client, p.server), std::max(p.client, p.server)});
      }
    }
    CHECK(seen.size() == 12);  // 6 pairs per rail
  }

  TEST_CASE("canary: one pair per rail pair between two hosts; all: every cross-rail pair") {
    Grid g = grid(18, 8);
    std::vector<Round> canary = cross_rail_rounds(g.layout, CrossRail::canary);
    std::set<std::pair<uint32_t, uint32_t>> rail_pairs;
    size_t tests = 0;
    for (const Round& r : canary) {
      std::set<size_t> busy;
      for (const Pair& p : r.pairs) {
        ++tests;
        CHECK(busy.insert(p.client).second);
        CHECK(busy.insert(p.server).second);
        CHECK(g.host_of[p.client] != g.host_of[p.server]);
        rail_pairs.insert({g.rail_of[p.client], g.rail_of[p.server]});
      }
    }
    CHECK(tests == 28);
    CHECK(rail_pairs.size() == 28);
    CHECK(canary.size() == 1);
    Grid small = grid(3, 2);
    size_t all = 0;
    for (const Round& r : cross_rail_rounds(small.layout, CrossRail::all)) all += r.pairs.size();
    CHECK(all == 6);  // each of 3 NICs on rail 0 with the 2 other hosts' rail-1 NICs
    CHECK(cross_rail_rounds(g.layout, CrossRail::none).empty());
  }

  TEST_CASE("a clean fabric over rails has no finding") {
    Grid g = grid(8, 4);
    SimClock clock;
    SimFabric sim(g.names.size(), clock);
    RunReport r = run(g, sim, clock, Pattern::all, CrossRail::canary);
    CHECK(r.rounds.size() == 8);  // 7 same-rail rounds and 1 of canaries
    CHECK(r.samples.size() == 4 * 28 + 6);
    CHECK(labels(r).empty());
    CHECK(std::string(verdict_of(r)) == "PASS");
    REQUIRE(r.analysis.rails.size() == 4);
    CHECK_FALSE(r.analysis.rails[2].bad);
  }

  TEST_CASE("a NIC bad on its rail only is named nic; bad on every rail, host") {
    Grid g = grid(8, 4);
    SimClock clock;
    SimFabric sim(g.names.size(), clock);
    sim.bad_host = ep(2, 1, 4);
    CHECK(labels(run(g, sim, clock, Pattern::all)) ==
          std::vector<std::string>{"nic gpu0003:mlx5_1"});
    SimFabric sim2(g.names.size(), clock);
    sim2.bad_machine = 5;
    RunReport r = run(g, sim2, clock, Pattern::all);
    CHECK(labels(r) == std::vector<std::string>{"host gpu0006"});
    CHECK(r.analysis.findings[0].why == "bad with every partner on all 4 of its rails");
    CHECK(r.analysis.findings[0].pairs.size() == 4 * 7);
  }

  TEST_CASE("a whole slow rail is named rail, not its NICs; a slow pair is a link") {
    Grid g = grid(8, 4);
    SimClock clock;
    SimFabric sim(g.names.size(), clock);
    sim.bad_rail = 2;
    sim.add_bad_link(ep(1, 3, 4), ep(6, 3, 4));
    RunReport r = run(g, sim, clock, Pattern::all);
    CHECK(labels(r) == std::vector<std::string>{"rail 2", "link gpu0002:mlx5_3 - gpu0007:mlx5_3"});
    CHECK(r.analysis.findings[0].why ==
          "median bandwidth 50.2 Gb/s is 0.50 of the other rails' median 100 Gb/s (< 0.93)");
    std::string text = render_text(r);
    CHECK(text.find("  rail 2: bandwidth 50.2 Gb/s (0.50 of the other rails), p50 latency 2 us "
                    "(1.00x the other rails) BAD\n") != std::string::npos);
    // One matrix per rail, rows and columns named by host.
    CHECK(text.find("\nbandwidth, rail 3, fraction of median (* beyond the threshold, x failed, "
                    ". not tested):\n         gpu0001 gpu0002 gpu0003") != std::string::npos);
    nlohmann::json j = render_json(r);
    CHECK(j["findings"][0]["label"] == "rail 2");
    CHECK(j["findings"][0]["rail"] == 2);
    CHECK(j["rails"][2]["bad"] == true);
  }

  // The figure: N = 1,024 hosts x 8 rails, one bad NIC, one bad rail
  // and one bad link at once, located in 4 rounds (8 s at 2 s a round);
  // all pairs would take 1,023 rounds (2,046 s) on every rail at once.
  TEST_CASE("locate at 1,024 hosts x 8 rails: bad NIC, rail and link in 4 rounds") {
    Grid g = grid(1024, 8);
    SimClock clock;
    SimFabric sim(g.names.size(), clock);
    sim.bad_host = ep(99, 0, 8);
    sim.bad_rail = 3;
    sim.add_bad_link(ep(500, 6, 8), ep(501, 6, 8));
    RunReport r = run(g, sim, clock, Pattern::locate);
    CHECK(sim.rounds_run == 4);
    CHECK(r.rounds.size() == 4);
    CHECK(r.seconds == doctest::Approx(8.0));
    CHECK(labels(r) == std::vector<std::string>{"rail 3", "nic gpu0100:mlx5_0",
                                                "link gpu0501:mlx5_6 - gpu0502:mlx5_6"});
    CHECK(r.notes.empty());
    RunOptions all;
    all.pattern = Pattern::all;
    all.rails = g.layout;
    CHECK(planned_rounds(all, g.names.size()).size() == 1023);
  }

  // Issue 32: a lossy link and a host with the wrong MTU cost the lab no
  // bandwidth outlier; the probe's counter and MTU evidence names them.
  TEST_CASE("probe evidence at full bandwidth names a lossy link, a wrong-MTU host and NIC") {
    Grid g = grid(8, 2);
    SimClock clock;
    SimFabric sim(g.names.size(), clock);
    sim.add_lossy_link(ep(1, 0, 2), ep(4, 0, 2));
    sim.wrong_mtu = {ep(6, 0, 2), ep(6, 1, 2), ep(3, 1, 2)};
    RunReport r = run(g, sim, clock, Pattern::all);
    CHECK(labels(r) == std::vector<std::string>{"host gpu0007", "nic gpu0004:mlx5_1",
                                                "link gpu0002:mlx5_0 - gpu0005:mlx5_0"});
    CHECK(r.analysis.bad_pairs == 7 + 7 + 6 + 1);  // gpu0007 on 2 rails, gpu0004:mlx5_1, the link
    size_t link_pair = r.analysis.findings[2].pairs.at(0);
    CHECK(r.analysis.pairs[link_pair].reasons ==
          std::vector<std::string>{"probe: sequence errors (idle): 37 > 0 (max_retransmits; "
                                   "ep8:rcvd_seq_err=37)"});
    nlohmann::json j = render_json(r);
    CHECK(j["pairs"][link_pair]["probe_failures"].size() == 1);
    CHECK(j["pairs"][link_pair]["bw_fraction"].get<double>() > 0.93);
  }

  TEST_CASE("a slow rail explains the counter evidence on some of its pairs") {
    Grid g = grid(8, 2);
    SimClock clock;
    SimFabric sim(g.names.size(), clock);
    sim.bad_rail = 1;
    sim.add_lossy_link(ep(1, 1, 2), ep(4, 1, 2));
    sim.add_lossy_link(ep(1, 1, 2), ep(6, 1, 2));
    sim.add_lossy_link(ep(1, 1, 2), ep(7, 1, 2));
    CHECK(labels(run(g, sim, clock, Pattern::all)) == std::vector<std::string>{"rail 1"});
  }

  TEST_CASE("locate at 1,024 hosts x 8 rails names probe evidence in 4 rounds") {
    Grid g = grid(1024, 8);
    SimClock clock;
    SimFabric sim(g.names.size(), clock);
    sim.add_lossy_link(ep(500, 6, 8), ep(501, 6, 8));
    sim.wrong_mtu = {ep(99, 0, 8)};
    RunReport r = run(g, sim, clock, Pattern::locate);
    CHECK(r.rounds.size() == 4);
    CHECK(labels(r) ==
          std::vector<std::string>{"nic gpu0100:mlx5_0", "link gpu0501:mlx5_6 - gpu0502:mlx5_6"});
  }

  TEST_CASE("a host bad on every rail is named host by locate too") {
    Grid g = grid(64, 8);
    SimClock clock;
    SimFabric sim(g.names.size(), clock);
    sim.bad_machine = 17;
    RunReport r = run(g, sim, clock, Pattern::locate);
    CHECK(r.rounds.size() == 4);
    CHECK(labels(r) == std::vector<std::string>{"host gpu0018"});
  }
}

}  // namespace rocecfg::fabric
