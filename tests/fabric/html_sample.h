// The fabric run the HTML report tests render (the unit test and, through
// fabric_html_sample, the headless-browser test and the README screenshot):
// 8 hosts x 4 rails on the modelled fabric, all pairs, with a slow rail 3,
// a bad NIC (gpu0003:mlx5_1) and a lossy link on rail 2 that only the
// probe's counter evidence shows.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "fabric/html.h"
#include "fabric/run.h"
#include "sim_fabric.h"

namespace rocecfg::fabric::testing {

inline RunReport html_sample_run() {
  RailGrid g = rail_grid(8, 4);
  SimClock clock;
  SimFabric sim(g.names.size(), clock);
  sim.host_of = g.host_of;
  sim.rail_of = g.rail_of;
  sim.bad_rail = 3;
  sim.bad_host = 2 * 4 + 1;
  sim.add_lossy_link(4 * 4 + 2, 6 * 4 + 2);
  RunOptions o;
  o.pattern = Pattern::all;
  o.rails = g.layout;
  return run_pattern(o, g.names, sim, clock);
}

inline std::vector<std::pair<std::string, std::string>> html_sample_settings() {
  return {{"profile", "profiles/roce-lossless.toml"},
          {"inventory", "gpu-fleet.toml"},
          {"hosts", "gpu[0001-0008]"},
          {"pattern", "all"},
          {"cross-rail", "none"},
          {"transport", "simulated (tests/fabric/sim_fabric.h)"}};
}

}  // namespace rocecfg::fabric::testing
