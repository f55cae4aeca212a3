// The profile's side of switch counter judging: one place that turns an
// Intent ([validation] switch_* keys, lossless priorities, DCQCN) into
// sw::CounterRules, used by `rocecfg counters`, probe, gate and doctor.
#pragma once

#include <vector>

#include "gate/gate.h"
#include "metrics/textfile.h"
#include "profile/intent.h"
#include "switch/counter_collect.h"
#include "switch/counter_judge.h"

namespace rocecfg::gate {

// `loaded`: the window carried saturating traffic (expect ECN marks under DCQCN).
sw::CounterRules switch_counter_rules(const profile::Intent& intent, bool loaded);

// The gate's "switches" check: the inventory's switch counters over a window.
// FAIL on any counter failure (naming switch, port, priority);
// WARN on warnings, and when what was read passed but a judged class was not
// read on some switch (INCOMPLETE is never a pass); SKIPPED, not failed, when
// no switch could be reached (the fabric's reachability is not this node's
// health), and a switch that could not be read is a detail line.
CheckResult check_switch_counters(const std::vector<sw::CounterRead>& reads,
                                  const sw::CounterRules& rules);

// rocecfg_switch_counter{switch,port,priority,counter} for every counter read
// (the window's delta, or the absolute value of a single read), plus
// rocecfg_switch_counter_verdict{switch} (0 pass, 1 warn, 2 fail, 3 not
// evaluated or incomplete, as status_value() numbers gate checks).
void add_switch_counter_metrics(metrics::MetricSet& out, const std::vector<sw::CounterRead>& reads,
                                const std::vector<sw::CounterJudgement>& judgements);

}  // namespace rocecfg::gate
