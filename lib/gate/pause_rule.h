// Pause frames over the gate's counter window: a storm, a hint, or nothing.
//
// The gate runs between jobs, on a node that should be idle. PFC exists so a
// lossless priority is paused for microseconds while a switch queue drains;
// on an idle node there is nothing to drain, so any pause traffic means
// something else is wrong:
//   tx (this NIC sends PFC)   its receive path cannot keep up: a stuck host
//                             or driver — the classic origin of a PFC storm
//                             that spreads head-of-line blocking through
//                             the fabric (mlx5 counts such episodes itself in
//                             tx_pause_storm_*_events);
//   rx (the switch pauses us) congestion or a storm elsewhere reaching this
//                             port: jobs placed here would stall.
// The rule, per counter (= netdev, priority and direction):
//   fail  the NIC's storm detector fired; or pause frames at or above
//         max_per_s; or a priority paused for at least max_paused_fraction of
//         the window (duration counters, mlx5 *_pause_duration in µs).
//   warn  fewer pause frames: worth a look, not a drain (another tenant's
//         burst can reach an idle port); pause on a priority the profile does
//         not make lossless also says host and switch disagree on PFC.
// 1,000 frames/s: a NIC refreshing XOFF on a stalled queue sends thousands
// per second (every few hundred µs at 100G with full pause quanta), while a
// burst of incast on a healthy fabric pauses in tens of frames.
#pragma once

#include <string>
#include <vector>

#include "core/types.h"
#include "gate/gate.h"
#include "probe/counters.h"

namespace rocecfg::gate {

struct PauseRules {
  double max_per_s = 1000;           // pause frames per second per counter
  double max_paused_fraction = 0.1;  // of the window, per duration counter
  PriorityMask lossless;             // the profile's; empty: none declared
};

struct PauseJudgement {
  CheckStatus status = CheckStatus::pass;  // pass, warn or fail
  // One line per counter that moved, the worst first: the first line is
  // what the gate's summary shows.
  std::vector<std::string> findings;
};

// `deltas`: "<netdev>:<counter>" -> increase over the window; `window_ms`:
// the measured time between the two snapshots.
PauseJudgement judge_pause(const probe::CounterMap& deltas, double window_ms,
                           const PauseRules& rules);

}  // namespace rocecfg::gate
