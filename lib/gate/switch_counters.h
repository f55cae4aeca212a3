// The profile's side of switch counter judging: one place that turns an
// Intent ([validation] switch_* keys, lossless priorities, DCQCN) into
// sw::CounterRules, used by `rocecfg counters`, probe, gate and doctor.
#pragma once

#include <vector>

#include "metrics/textfile.h"
#include "profile/intent.h"
#include "switch/counter_collect.h"
#include "switch/counter_judge.h"

namespace rocecfg::gate {

// `loaded`: the window carried saturating traffic (expect ECN marks under DCQCN).
sw::CounterRules switch_counter_rules(const profile::Intent& intent, bool loaded);

// rocecfg_switch_counter{switch,port,priority,counter} for every counter read
// (the window's delta, or the absolute value of a single read), plus
// rocecfg_switch_counter_verdict{switch} (0 pass, 1 warn, 2 fail, 3 not
// evaluated or incomplete, as status_value() numbers gate checks).
void add_switch_counter_metrics(metrics::MetricSet& out, const std::vector<sw::CounterRead>& reads,
                                const std::vector<sw::CounterJudgement>& judgements);

}  // namespace rocecfg::gate
