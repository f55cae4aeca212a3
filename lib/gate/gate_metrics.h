// What `rocecfg gate` tells Prometheus through the node_exporter textfile
// collector (lib/metrics): rocecfg_gate.prom holds the verdict, per-check
// status, duration, drift, counters and probe figures. The audit's own file is
// lib/metrics/audit_metrics.h.
#pragma once

#include "gate/gate.h"
#include "metrics/textfile.h"

namespace rocecfg::gate {

// Check status as a number, so alerts can use `> 1`: 0 pass, 1 warn,
// 2 fail, 3 not evaluated. Skipped checks have no series.
int status_value(CheckStatus s);

// `unix_time` is the run's wall-clock time (seconds), for staleness alerts.
metrics::MetricSet gate_metrics(const GateReport& r, double unix_time);

}  // namespace rocecfg::gate
