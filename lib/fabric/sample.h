// One test between two hosts and what it measured: the figures the fabric
// verb judges (bandwidth of the large message, median latency of the small
// one) or why there are none.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fabric/schedule.h"

namespace rocecfg::fabric {

struct Sample {
  Pair pair;
  std::optional<double> bw_gbps;     // large-message RDMA WRITE bandwidth
  std::optional<double> lat_p50_us;  // small-message ping-pong median
  std::optional<std::string> error;  // the test could not run or finished without figures
  // The probe's own path rules that failed (fabric/probe_rules.h): counters,
  // path MTU, marking. Any makes the pair bad whatever its figures.
  std::vector<std::string> probe_failures;
  double at_s = 0;   // when it finished, seconds since the run started
  size_t round = 0;  // 0-based round it ran in
};

}  // namespace rocecfg::fabric
