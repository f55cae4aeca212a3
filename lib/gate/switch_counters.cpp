#include "gate/switch_counters.h"

#include <fmt/format.h>

namespace rocecfg::gate {

sw::CounterRules switch_counter_rules(const profile::Intent& intent, bool loaded) {
  sw::CounterRules r;
  r.max_pause_per_s = intent.validation.switch_max_pause_per_s;
  r.max_lossless_drops = intent.validation.switch_max_lossless_drops;
  r.max_watchdog_storms = intent.validation.switch_max_watchdog_storms;
  r.lossless = intent.lossless_priorities();
  r.watchdog = intent.common.pfc_watchdog.has_value();
  r.dcqcn = intent.common.dcqcn.has_value() || intent.common.ecn.has_value();
  r.loaded = loaded;
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
