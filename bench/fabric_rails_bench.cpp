// How long a rail matrix takes: rocecfg fabric runs every rail's tests in
// the same rounds (a round uses each NIC once), the anchors run one pair at
// a time. NVIDIA's k8s-launch-kit `l8k validate` budgets 2 h 10 min for its
// 144-test matrix (18 hosts x 8 rails; issue 32). Both sides are modelled
// with the same per-test time, --test-s (default 8.75 s: one pair's
// ib_write_bw + ib_write_lat run one after another over the lab's rxe
// endpoints, 52.5 s for 6 pairs in bench/fabric-vs-perftest, 2 Dec), on the
// simulated transport of the fabric tests (tests/fabric/sim_fabric.h): the
// schedule, the rounds and the analysis are rocecfg's own; only the
// figures are modelled. Also printed: the CPU time rocecfg spends
// scheduling and judging (measured, not modelled).
//   fabric_rails_bench [--test-s 8.75]
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "fabric/rails.h"
#include "fabric/report.h"
#include "fabric/run.h"
#include "sim_fabric.h"

using namespace rocecfg::fabric;

namespace {

using Grid = testing::RailGrid;
constexpr auto grid = testing::rail_grid;

void row(const char* what, size_t hosts, uint32_t rails, Pattern p, CrossRail c, double test_s,
         bool faults) {
  Grid g = grid(hosts, rails);
  testing::SimClock clock;
  testing::SimFabric sim(g.names.size(), clock);
  sim.round_s = test_s;
  sim.host_of = g.host_of;
  sim.rail_of = g.rail_of;
  if (faults) {
    sim.bad_host = 99 * rails;  // gpu0100's rail-0 NIC
    sim.bad_rail = 3;
    sim.add_bad_link(500 * rails + 6, 501 * rails + 6);
  }
  RunOptions o;
  o.pattern = p;
  o.rails = g.layout;
  o.cross_rail = c;
  auto t0 = std::chrono::steady_clock::now();
  RunReport r = run_pattern(o, g.names, sim, clock);
  double cpu_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  size_t tests = r.samples.size();
  double sequential_s = static_cast<double>(tests) * test_s;
  std::string found;
  for (const Finding& f : r.analysis.findings)
    found += (found.empty() ? "" : ", ") + finding_label(f, r.hosts);
  fmt::print("{:<34} {:>5} x {} {:>7} {:>6} {:>10.0f} s {:>12.0f} s {:>7.0f}x {:>7.2f} s  {}\n",
             what, hosts, rails, tests, r.rounds.size(), r.seconds, sequential_s,
             sequential_s / r.seconds, cpu_s, found.empty() ? "-" : found);
}

}  // namespace

int main(int argc, char** argv) {
  double test_s = 8.75;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--test-s") == 0) test_s = std::atof(argv[i + 1]);
  fmt::print("per-test time {} s on both sides; l8k budgets 7800 s for 144 tests\n\n", test_s);
  fmt::print("{:<34} {:>9} {:>7} {:>6} {:>12} {:>14} {:>8} {:>9}  {}\n", "run", "endpoints",
             "tests", "rounds", "rocecfg", "one at a time", "ratio", "cpu", "findings");
  row("ring per rail + canary (l8k)", 18, 8, Pattern::ring, CrossRail::canary, test_s, false);
  row("all pairs per rail + canary", 18, 8, Pattern::all, CrossRail::canary, test_s, false);
  row("locate", 18, 8, Pattern::locate, CrossRail::none, test_s, false);
  row("locate, bad NIC + rail + link", 1024, 8, Pattern::locate, CrossRail::none, test_s, true);
  row("ring per rail, bad NIC + rail + link", 1024, 8, Pattern::ring, CrossRail::none, test_s,
      true);
  return 0;
}
