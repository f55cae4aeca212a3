// What `rocecfg gate` (and `rocecfg audit`) tell Prometheus through the
// node_exporter textfile collector (textfile.h). One file per verb, so a gate
// run does not erase the audit's series and vice versa:
//   rocecfg_gate.prom   verdict, per-check status, duration, drift, counters, probe
//   rocecfg_audit.prom  drift steps per target and knob
#pragma once

#include "gate/gate.h"
#include "gate/textfile.h"
#include "plan/plan.h"

namespace rocecfg::gate {

// Check status as a number, so alerts can use `> 1`: 0 pass, 1 warn,
// 2 fail, 3 not evaluated. Skipped checks have no series.
int status_value(CheckStatus s);

// `unix_time` is the run's wall-clock time (seconds), for staleness alerts.
MetricSet gate_metrics(const GateReport& r, double unix_time);
MetricSet audit_metrics(const plan::Plan& p, double unix_time);

}  // namespace rocecfg::gate
