// The gate's individual checks (gate.h lists them and their order). Each is a
// plain function of a Context so the runner can put it on a worker thread with
// a deadline; each fills one CheckResult and never throws.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "gate/gate.h"
#include "host/discovery.h"
#include "host/fs_root.h"
#include "probe/sysfs.h"

namespace rocecfg::gate {

struct Target {
  host::Netdev netdev;
  std::string rdma_device;  // empty: the netdev has no RDMA port
  int rdma_port = 0;
  std::string port_state;
  std::optional<uint32_t> active_mtu_bytes;
};

// Everything the checks share. Copied into the worker (shared_ptr), so a
// check that outlives the gate's budget touches nothing the caller frees.
struct Context {
  GateOptions options;
  GateEnv env;
  host::FsRoot fs;
  std::vector<Target> targets;  // filled by check_devices
  // Filled by the checks that measure something, for the report's metrics.
  std::optional<size_t> drift_steps;
  probe::CounterMap counters;
  // The counter window opens right after devices, so the mtu and audit checks
  // run inside it instead of before it (begin_counter_window).
  probe::CounterMap counters_before;
  std::vector<std::string> counter_errors;
  std::optional<double> window_opened_ms;  // midpoint of the first snapshot
  std::optional<probe::ProbeReport> probe;

  Context(GateOptions o, GateEnv e) : options(std::move(o)), env(std::move(e)), fs(env.root) {}
};

CheckResult check_devices(Context& c);
// Each declared NIC's LLDP neighbour against its switch_port (cabling_check.cpp).
CheckResult check_cabling(Context& c);
CheckResult check_mtu(Context& c);
CheckResult check_audit(Context& c);
// First counter snapshot (after devices found the targets).
void begin_counter_window(Context& c);
// `window_ms`: how long to watch the counters (already clipped to the budget);
// sleeps only what the checks since begin_counter_window did not already take.
CheckResult check_counters(Context& c, uint32_t window_ms);
CheckResult check_flaps(Context& c);
CheckResult check_workload(Context& c);
// `duration_ms`: per-test traffic time (already clipped to the budget).
CheckResult check_probe(Context& c, uint32_t duration_ms);

// The MTU the profile asks of hosts, if it manages MTU.
std::optional<uint32_t> profile_host_mtu(const profile::Intent& intent);

}  // namespace rocecfg::gate
