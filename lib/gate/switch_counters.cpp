#include "gate/switch_counters.h"

#include <fmt/format.h>

#include "switch/counter_report.h"

namespace rocecfg::gate {

sw::CounterRules switch_counter_rules(const profile::Intent& intent, bool loaded) {
  sw::CounterRules r;
  r.max_pause_per_s = intent.validation.switch_max_pause_per_s;
  r.max_lossless_drops = intent.validation.switch_max_lossless_drops;
  r.max_watchdog_storms = intent.validation.switch_max_watchdog_storms;
  r.lossless = intent.lossless_priorities();
  r.watchdog = intent.common.pfc_watchdog.has_value();
  // No ECN mark under saturating load is a finding only where the fabric's
  // congestion control expects marks (DCQCN; not PFC-only or programmable CC).
  r.dcqcn = model::congestion_rule(intent.congestion_algorithm()).expect_marks;
  r.loaded = loaded;
  return r;
}

CheckResult check_switch_counters(const std::vector<sw::CounterRead>& reads,
                                  const sw::CounterRules& rules) {
  CheckResult r;
  r.name = "switches";
  size_t read = 0, fails = 0, warns = 0;
  std::vector<std::string> incomplete, unreadable;
  for (const sw::CounterRead& read_one : reads) {
    if (!read_one.ok) {
      unreadable.push_back(fmt::format("{}: not read: {}", read_one.name, read_one.error));
      continue;
    }
    ++read;
    sw::CounterJudgement j = sw::judge_read(read_one, rules);
    for (const sw::CounterFinding& f : j.findings) {
      r.details.push_back(fmt::format("{} {}", sw::to_string(f.level), f.text));
      (f.level == sw::CounterVerdict::fail ? fails : warns)++;
    }
    if (!j.not_judged.empty())
      incomplete.push_back(fmt::format("{}{}", read_one.name, sw::unjudged(j)));
  }
  for (const std::string& i : incomplete) r.details.push_back(i);
  for (const std::string& u : unreadable) r.details.push_back(u);
  if (read == 0) {
    r.status = CheckStatus::skipped;
    r.message = reads.empty() ? "no switch in the inventory"
                              : fmt::format("no switch could be read ({})", reads.size());
    return r;
  }
  std::string of = fmt::format("{} of {} switch(es) read", read, reads.size());
  if (fails) {
    r.status = CheckStatus::fail;
    r.message = fmt::format("{} failure(s), {} warning(s); {}", fails, warns, of);
  } else if (warns) {
    r.status = CheckStatus::warn;
    r.message = fmt::format("{} warning(s); {}", warns, of);
  } else if (!incomplete.empty()) {
    r.status = CheckStatus::warn;
    r.message = fmt::format("nothing wrong in what was read, but {} switch(es) incomplete; {}",
                            incomplete.size(), of);
  } else {
    r.status = unreadable.empty() ? CheckStatus::pass : CheckStatus::warn;
    r.message = fmt::format("no storm, lossless drop or watchdog trip; {}", of);
  }
  return r;
}

namespace {
int verdict_value(sw::CounterVerdict v) {
  switch (v) {
    case sw::CounterVerdict::pass:
      return 0;
    case sw::CounterVerdict::warn:
      return 1;
    case sw::CounterVerdict::fail:
      return 2;
    case sw::CounterVerdict::incomplete:
    case sw::CounterVerdict::not_evaluated:
      return 3;
  }
  return 3;
}
}  // namespace

void add_switch_counter_metrics(metrics::MetricSet& m, const std::vector<sw::CounterRead>& reads,
                                const std::vector<sw::CounterJudgement>& judgements) {
  m.describe("rocecfg_switch_counter",
             "switch counter over the window (absolute for a single read), per switch, port, "
             "priority/queue and counter");
  m.describe("rocecfg_switch_counter_verdict",
             "switch counter verdict: 0 pass, 1 warn, 2 fail, 3 not evaluated");
  for (size_t i = 0; i < reads.size(); ++i) {
    const sw::CounterRead& r = reads[i];
    sw::CounterVerdict v =
        i < judgements.size() ? judgements[i].verdict : sw::CounterVerdict::not_evaluated;
    (void)m.add("rocecfg_switch_counter_verdict", {{"switch", r.name}}, verdict_value(v));
    if (!r.ok) continue;
    for (const sw::CounterDelta& d : r.window.deltas) {
      std::string priority = d.key.scope == sw::CounterScope::port
                                 ? "all"
                                 : fmt::format("{}{}",
                                               d.key.scope == sw::CounterScope::priority
                                                   ? ""
                                                   : std::string(sw::to_string(d.key.scope)) + "-",
                                               d.key.index);
      (void)m.add("rocecfg_switch_counter",
                  {{"switch", r.name},
                   {"port", d.key.port},
                   {"priority", priority},
                   {"counter",
                    fmt::format("{}_{}", sw::to_string(d.key.kind), sw::to_string(d.after.unit))}},
                  static_cast<double>(d.delta));
    }
  }
}

}  // namespace rocecfg::gate
