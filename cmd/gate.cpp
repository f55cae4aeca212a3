// rocecfg gate PROFILE: the pre-job health verdict (lib/gate/gate.h). Wires the
// real host backend (audit), the probe engine and the clock into the gate and
// prints one summary line a scheduler log can grep.
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <thread>

#include <fmt/format.h>

#include "command.h"
#include "core/printable.h"
#include "fabric/baseline.h"
#include "fabric/probe_baseline.h"
#include "gate/gate.h"
#include "gate/gate_metrics.h"
#include "gate/probe_policy.h"
#include "gate/switch_counters.h"
#include "host/discovery.h"
#include "host/host_session.h"
#include "host/linux_host.h"
#include "host/netlink.h"
#include "interface_option.h"
#include "lldpcli.h"
#include "load_or_report.h"
#include "metrics_output.h"
#include "model/hostlist.h"
#include "nic/registry.h"
#include "option_checks.h"
#include "output.h"
#include "probe/counters.h"
#include "probe/rails.h"
#include "probe/runner.h"
#include "switch/counter_collect.h"
#include "switch_verbs.h"

namespace rocecfg::cmd {
namespace {

struct GateArgs {
  std::string profile;
  std::string lldp_socket;  // lldpcli -u for the cabling check; empty: its default
  std::vector<std::string> interfaces;
  std::string budget;
  uint32_t window_ms = 100;
  std::string state = "/var/lib/rocecfg/gate.state";
  bool no_state = false;
  bool switch_counters = false;
  uint32_t max_flaps = 2;
  double max_pause_per_s = 1000;
  double max_paused_percent = 10;
  std::string peer;
  std::string loopback;
  std::string device;
  std::string textfile_dir;
  std::string host;
  std::string job_nodes;
  std::string baseline;
};

// "3s", "500ms", "1.5s" -> milliseconds.
std::optional<uint32_t> parse_duration_ms(const std::string& text) {
  double scale = 0;
  std::string number;
  if (text.ends_with("ms")) {
    scale = 1;
    number = text.substr(0, text.size() - 2);
  } else if (text.ends_with("s")) {
    scale = 1000;
    number = text.substr(0, text.size() - 1);
  } else {
    return std::nullopt;
  }
  try {
    size_t used = 0;
    double v = std::stod(number, &used);
    if (used != number.size() || !(v > 0) || v * scale > 600000) return std::nullopt;
    return static_cast<uint32_t>(v * scale + 0.5);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// lib/host's audit: observe the interfaces and diff them against the profile.
gate::GateEnv real_env(const profile::Intent& intent) {
  gate::GateEnv e;
  e.root = "/";
  e.sleep = [](uint32_t ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); };
  e.probe = [](const probe::ProbeConfig& cfg) { return probe::run_probe(cfg); };
  e.ethtool = [](const std::string& netdev) { return probe::snapshot_ethtool(netdev); };
  model::Settings want = intent.host_settings();
  e.audit = [want](const std::vector<std::string>& names) -> Result<plan::Plan> {
    Result<host::NlSockPtr> sock = host::open_route_socket();
    if (!sock) return std::unexpected(sock.error());
    host::FsRoot fs("/");
    host::LinuxHost backend(fs, sock->get(), nic::make_adapter);
    host::SessionReport r = host::run_audit(backend, names, want);
    // Unreadable knobs are not drift, but an audit that could not read is no "no drift".
    if (r.plan.empty() && r.exit_code == kRuntime)
      for (const host::Observation& o : r.targets) {
        if (!o.unreadable.empty()) return std::unexpected(o.unreadable.front());
        if (!o.refusals.empty()) return std::unexpected(o.refusals.front());
      }
    return r.plan;
  };
  return e;
}

// The gate's "baseline" check from the probe's judgement against the file:
// a pair or figure the baseline cannot answer for is not evaluated.
gate::CheckResult baseline_check(const fabric::BaselineJudgement& j) {
  const gate::CheckStatus st = j.level == probe::Level::pass   ? gate::CheckStatus::pass
                               : j.level == probe::Level::fail ? gate::CheckStatus::fail
                                                               : gate::CheckStatus::not_evaluated;
  return {"baseline", st, j.message, j.details, 0};
}

// The probe peer: its name (as a fabric run and a baseline name hosts) and
// where the probe goes (an inventory host stands for its address).
struct ProbePeer {
  std::string name;     // empty: none, or a --peer that does not parse
  std::string address;  // HOST[:PORT] for gate_probe_config; empty: no probe
};

// The probe peer (gate/probe_policy.h), with the inventory loaded here so a
// bad one is reported like every other file. nullopt: bad inventory.
std::optional<ProbePeer> resolve_peer(const GateArgs& a, const Globals& g) {
  std::string me = a.host;
  if (me.empty()) {
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) == 0) me = buf;
  }
  auto name_of = [](const std::string& peer) {
    Result<gate::HostPort> hp = gate::parse_host_port(peer);
    return hp ? hp->host : std::string();  // a bad one is reported when the probe is built
  };
  if (!a.job_nodes.empty()) {
    // --job-nodes: the ring neighbour in the job's node order (NCCL's ring),
    // which runs its own probe server; an inventory may map it to an address.
    Result<std::string> next = model::ring_successor(a.job_nodes, me);
    if (!next) {
      report_error(kUsage, "--job-nodes: " + next.error().to_string());
      return std::nullopt;
    }
    if (g.inventory.empty()) return ProbePeer{*next, *next};
    std::optional<profile::Inventory> inv = load_inventory_or_report(g.inventory, g.json);
    if (!inv) return std::nullopt;
    return ProbePeer{*next, gate::resolve_probe_peer(*next, &*inv, me)};
  }
  if (!a.loopback.empty()) return ProbePeer{};
  if (g.inventory.empty()) return ProbePeer{name_of(a.peer), a.peer};
  std::optional<profile::Inventory> inv = load_inventory_or_report(g.inventory, g.json);
  if (!inv) return std::nullopt;
  std::string name = name_of(a.peer);
  if (a.peer.empty())
    if (const profile::HostEntry* self = inv->find_host(me)) name = self->probe_peer;
  return ProbePeer{name, gate::resolve_probe_peer(a.peer, &*inv, me)};
}

int run_gate_verb(const GateArgs& a, const Globals& g) {
  auto usage = [](const std::string& m) { return report_error(kUsage, m); };
  // A named interface that does not exist is the operator's mistake (exit 2),
  // not an unhealthy node: a verdict of 1 would drain it.
  std::optional<std::vector<std::string>> interfaces = existing_interfaces_or_report(a.interfaces);
  if (!interfaces) return kUsage;
  std::optional<profile::Intent> intent = load_profile_or_report(a.profile, g.json);
  if (!intent) return kUsage;
  gate::GateOptions o;
  o.intent = *intent;
  o.interfaces = *interfaces;
  o.host = a.host;
  o.budget_ms = intent->validation.gate_budget_ms;
  if (!a.budget.empty()) {
    std::optional<uint32_t> ms = parse_duration_ms(a.budget);
    if (!ms)
      return usage(fmt::format("--budget {}: expected a duration like 3s or 500ms", a.budget));
    o.budget_ms = *ms;
  }
  o.counter_window_ms = a.window_ms;
  o.state_path = a.no_state ? std::string() : a.state;
  o.max_flaps = a.max_flaps;
  std::optional<ProbePeer> peer = resolve_peer(a, g);
  if (!peer) return kUsage;
  if (!g.inventory.empty()) {
    // The NICs the inventory declares for this host: each must be present;
    // with several and a ring neighbour, every rail is probed (probe/rails.h).
    std::optional<profile::Inventory> inv = load_inventory_or_report(g.inventory, g.json);
    if (!inv) return kUsage;
    std::string me = a.host.empty() ? model::short_host_name() : a.host;
    const profile::HostEntry* found = inv->find_host(me);
    // NICs declared by rule (nic_rule) are this host's devices in PCI order.
    std::optional<profile::HostEntry> resolved;
    if (found) resolved = probe::with_rule_nics_resolved(*found);
    const profile::HostEntry* self = resolved ? &*resolved : nullptr;
    if (self) o.declared_nics = self->nics;
    const profile::HostEntry* next = a.job_nodes.empty() ? nullptr : inv->find_host(peer->name);
    if (self && next && (self->nics.size() > 1 || next->nics.size() > 1)) {
      probe::RailPlan plan = probe::pair_rails(*self, *next);
      o.rail_problems = plan.problems;
      for (const probe::RailPair& p : plan.pairs) {
        std::string addr = p.peer_address.find(':') == std::string::npos
                               ? p.peer_address
                               : "[" + p.peer_address + "]";
        Result<std::optional<probe::ProbeConfig>> rc = gate::gate_probe_config(
            *intent, o.budget_ms, fmt::format("{}:{}", addr, p.peer_port), "", p.device);
        if (!rc) return usage(rc.error().to_string());
        if (*rc)
          o.rail_probes.push_back(gate::RailProbe{
              p.rail,
              fmt::format("{} -> {} {} at {}", p.device, next->name, p.peer_device, p.peer_address),
              **rc});
      }
    }
  }
  o.max_pause_per_s = a.max_pause_per_s;
  o.max_paused_fraction = a.max_paused_percent / 100.0;
  Result<std::optional<probe::ProbeConfig>> pc =
      gate::gate_probe_config(*intent, o.budget_ms, peer->address, a.loopback, a.device);
  if (!pc) return usage(pc.error().to_string());
  o.probe = *pc;
  gate::GateEnv env = real_env(*intent);
  // With an inventory, declared NICs that name their switch port are checked
  // against lldpd's neighbours (the "cabling" check).
  if (!g.inventory.empty())
    env.lldp_neighbors = [socket = a.lldp_socket] { return lldp_neighbors(socket); };
  if (a.switch_counters) {
    // The inventory's switches' counters over a window inside the budget.
    if (g.inventory.empty()) return usage("--switch-counters needs --inventory INV");
    std::optional<profile::Inventory> inv = load_inventory_or_report(g.inventory, g.json);
    if (!inv) return kUsage;
    std::vector<sw::FleetSwitch> fleet;
    for (const profile::SwitchEntry& e : inv->switches) fleet.push_back(fleet_entry(e, false));
    sw::CounterRules rules = gate::switch_counter_rules(*intent, false);
    env.switch_counters = [fleet, rules](uint32_t window_ms) {
      sw::CounterCollectOptions c;
      c.window_ms = window_ms;
      return gate::check_switch_counters(sw::collect_counters(fleet, c), rules);
    };
  }
  if (!a.baseline.empty()) {
    // The pair as a fabric run names it: this host, and the peer by name
    // (the ring successor, the --peer host, or the inventory's probe_peer).
    if (!o.probe) return usage("--baseline compares the gate's probe: give --peer or --job-nodes");
    if (!a.loopback.empty())
      return usage("--baseline compares this host with a peer; a --loopback probe has none");
    std::string me = a.host.empty() ? model::short_host_name() : a.host;
    const std::string& peer_name = peer->name;
    if (peer_name.empty()) return usage("--baseline: cannot name this host's probe peer");
    Result<fabric::Baseline> b = fabric::load_baseline(a.baseline);
    if (!b) return usage("--baseline: " + b.error().to_string());
    env.probe_baseline = [base = std::move(*b), path = a.baseline, me, peer_name,
                          tol =
                              intent->validation.baseline_tolerance](const probe::ProbeReport& r) {
      return baseline_check(fabric::judge_against_baseline(base, path, me, peer_name, r, tol));
    };
  }
  gate::GateReport r = gate::run_gate(o, env);
  if (!a.textfile_dir.empty())
    r.exit_code =
        write_metrics("gate", a.textfile_dir, "rocecfg_gate.prom",
                      gate::gate_metrics(r, static_cast<double>(std::time(nullptr))), r.exit_code);
  json_document().payload = gate::to_json(r);
  add_target({{"name", r.host},
              {"kind", "host"},
              {"outcome", r.health == gate::Health::not_evaluated ? "not_evaluated"
                                                                  : gate::to_string(r.health)}});
  for (const gate::CheckResult& c : r.checks)
    if (c.status == gate::CheckStatus::warn)
      add_warning(r.host, "warning", c.name + ": " + c.message);
  if (!g.json) fmt::print("{}", gate::render_gate_text(r, g.verbose > 0));
  return r.exit_code;
}

const bool registered = register_command(
    {"gate",
     "pre-job health verdict for a scheduler (0 healthy, 1 unhealthy, 4 not evaluated)",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<GateArgs>();
       sub.add_option("profile", a->profile, "profile TOML file")->required();
       add_interface_option(sub, a->interfaces, "netdev to check (default: all RoCE netdevs)");
       sub.add_option("--budget", a->budget,
                      "time budget for all checks, e.g. 3s or 800ms (default: the profile's "
                      "[validation] gate_budget, 3s)");
       sub.add_option("--lldp-socket", a->lldp_socket,
                      "lldpd's control socket for the cabling check (default: lldpcli's)");
       sub.add_option("--window-ms", a->window_ms, "how long to watch error counters")
           ->check(in_range(1, 600000))
           ->capture_default_str();
       sub.add_option("--max-pause-per-s", a->max_pause_per_s,
                      "pause frames per second on one counter (netdev, priority, direction) "
                      "that make a storm: unhealthy; fewer only warn")
           ->check(above_zero())
           ->capture_default_str();
       sub.add_option("--max-paused-percent", a->max_paused_percent,
                      "share of the window a priority may be paused (mlx5 pause_duration) "
                      "before it is a storm")
           ->check(in_range(0.1, 100.0))
           ->capture_default_str();
       sub.add_option("--state", a->state, "flap baseline file")->capture_default_str();
       sub.add_flag("--no-state", a->no_state, "do not check link flaps");
       sub.add_flag("--switch-counters", a->switch_counters,
                    "also judge the --inventory switches' PFC, watchdog and drop counters over a "
                    "window inside the budget (skipped when no switch is reachable)");
       sub.add_option("--max-flaps", a->max_flaps,
                      "link flaps since the last run tolerated (warned) before unhealthy")
           ->capture_default_str();
       auto* peer = sub.add_option(
           "--peer", a->peer,
           "short probe to a `rocecfg probe --server` at HOST[:PORT] (an --inventory host name "
           "stands for its address; default: this host's probe_peer in the --inventory)");
       sub.add_option("--loopback", a->loopback,
                      "short probe between two local RDMA devices DEV_A,DEV_B")
           ->excludes(peer);
       sub.add_option("--job-nodes", a->job_nodes,
                      "probe this host's ring neighbour in a Slurm node list, e.g. "
                      "\"$SLURM_JOB_NODELIST\" (each node runs a probe server)")
           ->excludes(peer);
       sub.add_option("--device", a->device, "local RDMA device for --peer");
       sub.add_option("--baseline", a->baseline,
                      "also fail when the probe's bandwidth fell below this host's pair in a "
                      "`rocecfg fabric --save-baseline` FILE (beyond the profile's "
                      "baseline_tolerance; a pair not in it is not evaluated)");
       sub.add_option("--textfile", a->textfile_dir,
                      "write node_exporter metrics to DIR/rocecfg_gate.prom (atomically; "
                      "exit 3 when that fails)")
           ->check(non_empty_directory_name());
       sub.add_option("--host", a->host, "name in the summary line (default: hostname)");
       sub.footer(
           "Checks, cheapest first, stopping at the first failure: devices, mtu, audit,\n"
           "counters, flaps, workload (NCCL's traffic class), probe, baseline. Last line:\n"
           "`HOST | healthy` or `HOST | unhealthy: REASON`.\n"
           "1 drains the node in the shipped Slurm prolog; 4 (budget ran out, a check could not\n"
           "run, no RDMA device) lets the job start; 2 (bad option, profile, or an --interface\n"
           "that does not exist) fails closed unless ROCECFG_ON_CONFIG_ERROR=allow.");
       return std::function<int()>([a, &g] { return run_gate_verb(*a, g); });
     },
     {kOk, kDrift, kUsage, kNotEvaluated}});

}  // namespace
}  // namespace rocecfg::cmd
