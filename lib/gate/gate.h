// `rocecfg gate`: a health verdict a scheduler can trust, in seconds.
//
// Checks run in order of cost and the gate stops at the first hard failure
// (a node whose port is down needs no audit to be drained):
//   devices   RDMA devices present (every NIC the inventory declares for the
//             host), ports ACTIVE, netdev up, expected speed
//   mtu       netdev MTU = profile, RoCE active MTU as large as it allows
//   audit     no drift from the profile (lib/host observe + plan::diff)
//   counters  loss/discard/error/link-down counters still over a window; pause
//             frames judged by pause_rule.h (a storm fails, a few warn)
//   flaps     link flaps since the previous run (a small state file)
//   switches  optional: the inventory's switches' PFC, watchdog and drop
//             counters over a window (skipped, not failed, when none is reachable)
//   workload  the traffic class NCCL on this host would send (its environment,
//             NCCL conf files, OFED device override) is in the lossless class
//   probe     optional short RDMA probe, judged by lib/probe's verdict rules;
//             over rails, every rail's probe at once, each failing rail named
//   baseline  optional: the probe's figure against a fabric baseline (a host
//             whose figure fell below its baseline is unhealthy; a pair the
//             baseline does not hold is not evaluated)
// Every check runs under one time budget. A check that has not finished when
// the budget runs out is reported as "not evaluated" and the gate returns;
// that maps to its own exit code, because draining a node for a slow check is
// as wrong as trusting it.
//
// Exit codes (cmd/command.h), Slurm semantics: 0 healthy; 1 unhealthy (a
// prolog exiting non-zero drains the node and requeues the job); 4 could not
// evaluate (the prolog wrapper logs it and lets the job run). Warnings never
// change the exit code.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/fs_root.h"
#include "host/lldp_neighbors.h"
#include "plan/plan.h"
#include "probe/counters.h"
#include "probe/runner.h"
#include "profile/intent.h"
#include "profile/inventory.h"

namespace rocecfg::gate {

enum class CheckStatus { pass, warn, fail, not_evaluated, skipped };
const char* to_string(CheckStatus s);

struct CheckResult {
  std::string name;  // "devices", "mtu", "audit", "counters", "flaps", "workload", "probe"
  CheckStatus status = CheckStatus::pass;
  std::string message;               // one line: what was found
  std::vector<std::string> details;  // one line per object
  double elapsed_ms = 0;
};

enum class Health { healthy, unhealthy, not_evaluated };
const char* to_string(Health h);

struct GateReport {
  std::string host;
  std::vector<CheckResult> checks;
  Health health = Health::healthy;
  int exit_code = 0;  // core/exit_code.h
  uint32_t budget_ms = 0;
  double elapsed_ms = 0;
  // For metrics: what the checks measured.
  std::optional<size_t> drift_steps;
  probe::CounterMap counters;  // last snapshot, "<object>:<counter>"
  std::optional<probe::ProbeReport> probe;

  // "node7 | healthy", "node7 | unhealthy: devices: rxe0 port 1 is DOWN".
  std::string summary_line() const;
};

// The gate's view of the machine. Production: the real root, lib/host's
// audit, real sleeps and lib/probe's runner. Tests point `root` at a
// temporary sysfs tree and provide the audit's observed settings.
struct GateEnv {
  std::string root = "/";  // sysfs/procfs root (the host::FsRoot seam)
  // Observe the named netdevs and diff them against the intent. Empty: the
  // audit check is not evaluated (e.g. no netlink access).
  std::function<Result<plan::Plan>(const std::vector<std::string>& netdevs)> audit;
  // The counter window; tests change counters inside it.
  std::function<void(uint32_t ms)> sleep;
  // Monotonic milliseconds, to measure the window (empty: steady_clock);
  // tests whose sleep only pretends advance their own clock.
  std::function<double()> now_ms;
  // The netdev's ethtool statistics (probe::snapshot_ethtool: the SIOCETHTOOL
  // ioctl, where per-priority PFC counters live). Empty: not read.
  std::function<Result<probe::CounterMap>(const std::string& netdev)> ethtool;
  std::function<Result<probe::ProbeReport>(const probe::ProbeConfig&)> probe;
  // The inventory's switch counters over a window of at most the given ms,
  // judged (check_switch_counters in switch_counters.h). Empty: no "switches"
  // check at all (the gate was not asked for one).
  std::function<CheckResult(uint32_t window_ms)> switch_counters;
  // The environment NCCL would see (the workload check). Empty: the gate's
  // own (run the gate inside the job's environment to judge the job's).
  std::function<const char*(const char*)> getenv;
  // The probe's figures against a baseline (lib/fabric/probe_baseline.h,
  // wired by cmd/gate). Empty: no "baseline" check at all.
  std::function<CheckResult(const probe::ProbeReport&)> probe_baseline;
  // This host's LLDP neighbours (lldpd: host/lldp_neighbors.h), for the
  // "cabling" check of declared_nics' switch ports (cabling_check.cpp).
  // Empty, or no declared NIC names its port: no "cabling" check at all.
  std::function<Result<std::vector<host::LldpPeer>>()> lldp_neighbors;
};

// One rail's probe (--job-nodes over an inventory whose hosts have several
// NICs): this host's NIC on the rail against the ring neighbour's.
struct RailProbe {
  uint32_t rail = 0;
  std::string label;  // "mlx5_1 -> gpu002 mlx5_1 at 10.1.0.2"
  probe::ProbeConfig config;
};

struct GateOptions {
  profile::Intent intent;
  std::vector<std::string> interfaces;  // empty: every netdev with an RDMA port
  std::string host;                     // for the summary line
  uint32_t budget_ms = 3000;
  uint32_t counter_window_ms = 100;
  // Pause rule (pause_rule.h): frames per second per counter, and the share
  // of the window a priority may be paused, before it is a storm.
  double max_pause_per_s = 1000;
  double max_paused_fraction = 0.1;
  std::string state_path;            // flap baseline; empty: flaps not checked
  uint32_t max_flaps = 0;            // more than this since the last run: unhealthy
  uint32_t switch_window_ms = 1000;  // the switch counters' window (capped by the budget)
  std::optional<probe::ProbeConfig> probe;
  // The NICs the inventory declares for this host ([[host]], in rail order):
  // each named device must be present (its port state is judged with the
  // others); NICs declared by rule (no device name) count against the RDMA
  // devices with an Ethernet port. With NICs declared, a host with no RDMA
  // device at all is unhealthy, not "not evaluated". Empty: not checked.
  std::vector<profile::NicEntry> declared_nics;
  // Non-empty: the probe check runs every rail's probe at once (instead of
  // `probe`), each with the whole probe window, and fails naming each rail
  // that failed; `rail_problems` (a rail one end lacks) fail it too.
  std::vector<RailProbe> rail_probes;
  std::vector<std::string> rail_problems;
};

GateReport run_gate(const GateOptions& options, const GateEnv& env);

// Aligned, one line per check plus details, then the summary line.
std::string render_gate_text(const GateReport& r, bool verbose);
nlohmann::json to_json(const GateReport& r);

}  // namespace rocecfg::gate
