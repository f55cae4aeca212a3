// Baselines and soaks over rails are per (host, rail): every pair is two
// NICs of one rail, named HOST:DEV, so one slower rail-1 pair regresses alone
// (the same two hosts' rail-0 pair does not), a saved baseline reads back
// with every (host, rail) pair, and a NIC that goes down mid-soak is an
// outage of that NIC, the host's other rail running on.
#include <doctest/doctest.h>

#include <sstream>

#include "fabric/baseline.h"
#include "fabric/soak.h"
#include "require_ok.h"
#include "sim_fabric.h"

namespace rocecfg::fabric {
namespace {

RunOptions rails_all(const testing::RailGrid& g) {
  RunOptions o;
  o.pattern = Pattern::all;
  o.rails = g.layout;
  return o;
}

}  // namespace

TEST_SUITE("fabric rails baseline and soak") {
  TEST_CASE("a baseline holds every (host, rail) pair; one slower rail-1 pair regresses alone") {
    testing::RailGrid g = testing::rail_grid(4, 2);
    testing::SimClock c;
    testing::SimFabric f(g.names.size(), c);
    f.host_of = g.host_of;
    f.rail_of = g.rail_of;
    f.jitter = 0;
    BaselineMeta meta{"0.1.0", "2025-12-01T08:00:00Z", "ctl1", "p.toml", "lab", fingerprint("x")};
    Baseline b = make_baseline(run_pattern(rails_all(g), g.names, f, c), meta);
    auto back = parse_baseline(baseline_json(b).dump(), "b.json");
    REQUIRE_OK(back);
    CHECK(back->pairs.size() == 2 * 6);
    CHECK(back->find("gpu0002:mlx5_1", "gpu0003:mlx5_1"));
    CHECK_FALSE(back->find("gpu0002:mlx5_0", "gpu0003:mlx5_1"));  // never across rails
    // gpu0002 - gpu0003 slower on rail 1 only (endpoints 3 and 5).
    f.add_bad_link(3, 5);
    f.bad_link_bw_factor = 0.85;
    f.bad_link_lat_factor = 1.0;
    BaselineComparison cmp = compare(*back, run_pattern(rails_all(g), g.names, f, c), 0.10);
    CHECK(cmp.regressed_pairs == 1);
    CHECK(cmp.overall.empty());
    std::vector<std::string> regressed;
    for (const PairChange& p : cmp.pairs)
      if (p.regressed) regressed.push_back(p.client + " -> " + p.server);
    REQUIRE(regressed.size() == 1);
    CHECK((regressed[0] == "gpu0002:mlx5_1 -> gpu0003:mlx5_1" ||
           regressed[0] == "gpu0003:mlx5_1 -> gpu0002:mlx5_1"));
    CHECK(cmp.pairs.size() == 12);
    CHECK(cmp.missing.empty());
  }

  TEST_CASE("soak over rails: a NIC down mid-soak is its own outage, the host's other rail runs") {
    testing::RailGrid g = testing::rail_grid(3, 2);
    testing::SimClock c;
    testing::SimFabric f(g.names.size(), c);
    f.host_of = g.host_of;
    f.rail_of = g.rail_of;
    f.jitter = 0;
    f.round_s = 2;
    f.outages.push_back({3, 15, 35});  // gpu0002:mlx5_1 down from 15 s to 35 s
    SoakOptions o;
    o.run = rails_all(g);
    o.duration_s = 60;
    o.every_s = 10;
    std::ostringstream series;
    SoakReport r = soak(o, g.names, f, c, &series);
    CHECK(r.iterations == 6);
    CHECK(r.tests == 6 * 6);  // 3 pairs per rail, 2 rails, 6 iterations
    REQUIRE(r.outages.size() == 1);
    CHECK(r.outages[0].what == "host gpu0002:mlx5_1");
    // Every pair is one rail's: no pair mixes mlx5_0 and mlx5_1.
    for (const PairSummary& p : r.pairs)
      CHECK(p.client.substr(p.client.find(':')) == p.server.substr(p.server.find(':')));
    // The rail-0 NIC of the same host failed nothing.
    size_t rail0_failed = 0;
    for (const PairSummary& p : r.pairs)
      if (p.client == "gpu0002:mlx5_0" || p.server == "gpu0002:mlx5_0") rail0_failed += p.failed;
    CHECK(rail0_failed == 0);
  }
}

}  // namespace rocecfg::fabric
