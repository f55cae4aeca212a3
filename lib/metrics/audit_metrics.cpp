#include "metrics/audit_metrics.h"

#include <map>
#include <string>
#include <utility>

namespace rocecfg::metrics {

MetricSet audit_metrics(const plan::Plan& p, double unix_time, size_t unverifiable) {
  MetricSet m;
  m.describe("rocecfg_audit_drift_steps",
             "settings that differ from the profile, per target and knob");
  m.describe("rocecfg_audit_drift_total", "all drifted settings on this host");
  m.describe("rocecfg_audit_last_run_timestamp_seconds", "when the last audit finished");
  m.describe("rocecfg_audit_unsupported_total",
             "profile settings the devices of this host cannot take (warnings, not drift)");
  m.describe("rocecfg_audit_unverifiable_total",
             "profile settings that could not be read back on this host");
  std::map<std::pair<std::string, std::string>, int> per;
  for (const plan::Step& s : p.steps)
    if (s.kind == plan::StepKind::change) ++per[{s.target, std::string(model::knob_name(s.knob))}];
  for (const auto& [k, n] : per)
    (void)m.add("rocecfg_audit_drift_steps", {{"target", k.first}, {"knob", k.second}}, n);
  (void)m.add("rocecfg_audit_drift_total", {}, static_cast<double>(p.changes()));
  (void)m.add("rocecfg_audit_unsupported_total", {}, static_cast<double>(p.unsupported()));
  (void)m.add("rocecfg_audit_unverifiable_total", {}, static_cast<double>(unverifiable));
  (void)m.add("rocecfg_audit_last_run_timestamp_seconds", {}, unix_time);
  return m;
}

}  // namespace rocecfg::metrics
