// What `rocecfg audit --textfile` tells Prometheus: this host's drift, per
// target and knob, in rocecfg_audit.prom (its own file, so a gate run does not
// erase the audit's series and vice versa; the gate's are lib/gate/gate_metrics.h).
#pragma once

#include "metrics/textfile.h"
#include "plan/plan.h"

namespace rocecfg::metrics {

// `unix_time` is the run's wall-clock time (seconds), for staleness alerts.
// `unverifiable`: profile knobs that could not be read back (the plan holds
// no step for them, so the caller counts them from the observations).
MetricSet audit_metrics(const plan::Plan& p, double unix_time, size_t unverifiable = 0);

}  // namespace rocecfg::metrics
