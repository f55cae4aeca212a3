// What switch counters over a window say about a lossless fabric:
//   fail  a queue the PFC watchdog reports stormed at the (last) read; any drop on a lossless
//   queue, priority group or priority (PFC exists
//         so these never drop); a PFC watchdog storm, or packets the watchdog
//         dropped (a stuck queue was broken open); pause frames on one port and
//         priority at or above max_pause_per_s, rx or tx (a storm: a stalled
//         receiver refreshing XOFF sends thousands per second, a healthy
//         incast pauses in tens of frames);
//   warn  FCS errors or link flaps (losses PFC cannot prevent); pause frames on a priority the
//   profile leaves lossy ("host and
//         switch disagree on PFC"); no ECN mark anywhere while traffic
//         saturated a DCQCN profile (DCQCN then never reacts, PFC does all the
//         work);
//   incomplete  nothing above was found, but a class these rules judge was not
//         read (the vendor exposes no documented form, or the command failed):
//         unknown is reported as unknown, never as a PASS by absence;
//   not evaluated  nothing was read.
// Queues are taken as priorities (queue n carries priority n), the identity
// map rocecfg's profiles apply on every vendor.
#pragma once

#include <string>
#include <vector>

#include "core/types.h"
#include "switch/counters.h"

namespace rocecfg::sw {

struct CounterRules {
  double max_pause_per_s = 1000;  // per port, priority and direction
  uint64_t max_lossless_drops = 0;
  uint64_t max_watchdog_storms = 0;
  PriorityMask lossless;       // the profile's lossless priorities
  bool lossless_known = true;  // false without a profile: drops and lossy pauses not judged
  bool watchdog = true;        // the profile runs a PFC watchdog (its counters are required)
  // The profile's congestion control expects ECN marks under load (DCQCN;
  // model::congestion_rule's expect_marks, not PFC-only or programmable CC).
  bool dcqcn = false;
  bool loaded = false;  // the window carried saturating traffic (probe loaded phase)
};

enum class CounterVerdict { pass, warn, fail, incomplete, not_evaluated };
const char* to_string(CounterVerdict v);

// What a finding is about, for those who explain it (doctor's why and fix).
enum class CounterProblem {
  lossless_drop,
  watchdog_storm,
  watchdog_drop,
  pause_storm,
  lossy_pause,
  fcs_errors,
  link_flaps,
  no_ecn_marks,
};

struct CounterFinding {
  CounterVerdict level = CounterVerdict::warn;
  CounterProblem problem = CounterProblem::lossless_drop;
  std::string switch_name;
  std::string port;
  std::string text;  // one line: "leaf1 swp1 priority 3: PFC storm, 5000 pause frames/s received"
};

struct CounterJudgement {
  CounterVerdict verdict = CounterVerdict::not_evaluated;
  std::vector<CounterFinding> findings;  // the worst first, then switch, port
  size_t counters_read = 0;
  // The judged classes no window read ("queue drops", "watchdog"), in the
  // order unjudged_classes() names them: why a verdict is INCOMPLETE.
  std::vector<std::string> not_judged;
};

// What `rules` need that `window` did not read -- the one rule behind every
// INCOMPLETE: a class no output read ("pause" always; "queue drops" when the
// lossless priorities are known; "watchdog" when the profile runs one; "ECN
// marks" when DCQCN traffic saturated the window), and, per port whose
// outputs state a judged class, each counter the verdict needs that was not
// read: shown as N/A, present in only one of two reads, or a lossless
// priority absent from the port's rows ("pause priority 3 on Ethernet0,
// Ethernet4").
std::vector<std::string> unjudged_classes(const CounterWindow& window, const CounterRules& rules);

CounterJudgement judge_counters(const std::vector<CounterWindow>& windows,
                                const CounterRules& rules);

}  // namespace rocecfg::sw
