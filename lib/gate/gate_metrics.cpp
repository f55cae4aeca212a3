#include "gate/gate_metrics.h"

#include "probe/counters.h"

namespace rocecfg::gate {

int status_value(CheckStatus s) {
  switch (s) {
    case CheckStatus::pass:
      return 0;
    case CheckStatus::warn:
      return 1;
    case CheckStatus::fail:
      return 2;
    case CheckStatus::not_evaluated:
      return 3;
    case CheckStatus::skipped:
      return -1;
  }
  return -1;
}

namespace {

// The counter classes an operator graphs for a lossless fabric.
const char* exported_class(const std::string& counter) {
  switch (probe::classify(counter)) {
    case probe::CounterClass::pause:
      return "pause";
    case probe::CounterClass::pause_duration:
      return "pause_duration_us";
    case probe::CounterClass::pause_storm:
      return "pause_storm";
    case probe::CounterClass::ecn_mark:
      return "ecn_mark";
    case probe::CounterClass::cnp:
      return "cnp";
    case probe::CounterClass::loss:
      return "loss";
    case probe::CounterClass::discard:
      return "discard";
    case probe::CounterClass::retransmit:
      return "retransmit";
    case probe::CounterClass::transport_error:
      return "transport_error";
    case probe::CounterClass::link_down:
      return "link_down";
    default:
      return nullptr;
  }
}

}  // namespace

metrics::MetricSet gate_metrics(const GateReport& r, double unix_time) {
  metrics::MetricSet m;
  m.describe("rocecfg_gate_healthy", "1 when the last gate run was healthy, else 0");
  m.describe("rocecfg_gate_exit_code",
             "exit code of the last gate run (0, 1 unhealthy, 4 not evaluated)");
  m.describe("rocecfg_gate_check_status", "per check: 0 pass, 1 warn, 2 fail, 3 not evaluated");
  m.describe("rocecfg_gate_duration_seconds", "wall time of the last gate run");
  m.describe("rocecfg_gate_last_run_timestamp_seconds", "when the last gate run finished");
  m.describe("rocecfg_drift_steps", "settings that differ from the profile");
  m.describe("rocecfg_rdma_counter", "RoCE counter value at the last run, by class", "counter");
  m.describe("rocecfg_probe_bandwidth_gbps", "probe bandwidth by phase and message size");
  m.describe("rocecfg_probe_latency_p99_us", "probe p99 latency by phase and message size");
  // Names and labels below are fixed or come from sysfs entry names; add()
  // validates label names, and values are escaped, so errors are impossible
  // here short of a programming error.
  (void)m.add("rocecfg_gate_healthy", {}, r.health == Health::healthy ? 1 : 0);
  (void)m.add("rocecfg_gate_exit_code", {}, r.exit_code);
  for (const CheckResult& c : r.checks)
    if (c.status != CheckStatus::skipped)
      (void)m.add("rocecfg_gate_check_status", {{"check", c.name}}, status_value(c.status));
  (void)m.add("rocecfg_gate_duration_seconds", {}, r.elapsed_ms / 1000);
  (void)m.add("rocecfg_gate_last_run_timestamp_seconds", {}, unix_time);
  if (r.drift_steps) (void)m.add("rocecfg_drift_steps", {}, static_cast<double>(*r.drift_steps));
  for (const auto& [key, value] : r.counters) {
    auto colon = key.find(':');
    std::string object = key.substr(0, colon), counter = key.substr(colon + 1);
    if (const char* cls = exported_class(counter))
      (void)m.add("rocecfg_rdma_counter",
                  {{"object", object}, {"counter", counter}, {"class", cls}},
                  static_cast<double>(value));
  }
  if (r.probe)
    for (const probe::TestRecord& t : r.probe->tests) {
      if (!t.outcome) continue;
      metrics::Labels l{{"phase", t.phase}, {"size", probe::size_label(t.size_bytes)}};
      if (t.outcome->bw) (void)m.add("rocecfg_probe_bandwidth_gbps", l, t.outcome->bw->gbps);
      if (t.outcome->lat) (void)m.add("rocecfg_probe_latency_p99_us", l, t.outcome->lat->p99_us);
    }
  return m;
}

}  // namespace rocecfg::gate
