// The human report of a counter read (`rocecfg counters`, doctor, probe):
// one block per switch (its verdict, what moved with -v, what could not be
// read), then the overall verdict. Aligned and quiet: a clean switch is one
// line.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "switch/counter_collect.h"
#include "switch/counter_judge.h"

namespace rocecfg::sw {

// The verdict of one switch's findings (judge_counters per switch).
CounterJudgement judge_read(const CounterRead& read, const CounterRules& rules);

// What the switches saw while `work` ran (a probe's run): every switch read
// right before and right after it, the deltas judged by judge_read. The
// window is each switch's own two reads, so it brackets the work.
struct CounterEvidence {
  std::vector<CounterRead> reads;
  std::vector<CounterJudgement> judgements;  // one per read
  CounterVerdict verdict = CounterVerdict::not_evaluated;
};
CounterEvidence counters_around(const std::vector<FleetSwitch>& switches, const CounterRules& rules,
                                const std::function<void()>& work, int parallel = 64);

// The overall verdict: the worst switch; a switch that could not be read
// makes PASS "NOT EVALUATED" for it but never hides another's FAIL.
CounterVerdict overall_verdict(const std::vector<CounterRead>& reads,
                               const std::vector<CounterJudgement>& judgements);

std::string format_counter_report(const std::vector<CounterRead>& reads,
                                  const std::vector<CounterJudgement>& judgements, int verbose);

// " (not read: queue drops, watchdog)": the judged classes this switch did
// not read (CounterJudgement::not_judged), so a verdict never claims more
// than was read.
std::string unjudged(const CounterJudgement& judgement);

// "+50000 frames (50000/s)" lines of the counters that moved, for -v and probe.
std::vector<std::string> moved_counters(const CounterWindow& window);

}  // namespace rocecfg::sw
