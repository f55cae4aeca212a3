// Doctor's switch-counter half (with --inventory): the counters each switch
// shows over a short window, judged by lib/switch's one judge, turned into
// findings with what / why / fix: a pause storm, lossless queue drops, a
// watchdog that fired, pause on a priority the profile leaves lossy (host and
// switch disagree on PFC), no ECN mark while DCQCN traffic saturated the
// class, FCS errors and link flaps. What could not be read is said (info),
// never taken as healthy.
#pragma once

#include <string>
#include <vector>

#include "doctor/doctor.h"
#include "switch/counter_collect.h"
#include "switch/counter_judge.h"

namespace rocecfg::doctor {

// `fix_counters`: the command that watches a switch again ("rocecfg counters
// PROFILE --inventory INV"); `fix_apply`: the one that puts the profile on it.
std::vector<Finding> check_switch_counters(const std::vector<sw::CounterRead>& reads,
                                           const sw::CounterRules& rules,
                                           const std::string& fix_counters,
                                           const std::string& fix_apply);

}  // namespace rocecfg::doctor
