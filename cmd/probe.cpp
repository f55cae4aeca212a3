// rocecfg probe [PROFILE]: RDMA bandwidth and latency, idle and under
// background load, with counter deltas and a verdict from the profile's
// [validation] rules. Modes:
//   same-device loopback   --device rxe0
//   cross-device loopback  --device rxe1 --peer-device rxe0
//   peer                   --server --device rxe0   (on one host)
//                          --peer HOST --device rxe1 (on the other)
#include <signal.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "core/printable.h"
#include "core/units.h"
#include "fabric/baseline.h"
#include "fabric/probe_baseline.h"
#include "gate/probe_policy.h"
#include "gate/switch_counters.h"
#include "load_or_report.h"
#include "model/hostlist.h"
#include "option_checks.h"
#include "output.h"
#include "probe/client.h"
#include "probe/rails.h"
#include "probe/report.h"
#include "probe/runner.h"
#include "probe/server.h"
#include "probe/verdict.h"
#include "probe_progress.h"
#include "switch/counter_report.h"
#include "switch/lldp.h"
#include "switch_verbs.h"
#include "workload/nccl_effective.h"

namespace rocecfg::cmd {
namespace {

using namespace rocecfg::probe;

// The client's options live in lib/probe (ClientOptions); the server's few
// are here.
struct Options {
  std::string profile;
  bool server = false;
  std::string bind_ip;
  std::string tos;  // "", "0".."255" or "workload"
  ClientOptions client;
  std::string baseline;       // a `rocecfg fabric --save-baseline` file
  std::string baseline_pair;  // "CLIENT,SERVER" as the baseline names them
  bool rails = false;         // every NIC against the --peer host's NIC on its rail
  std::string host;           // this host as the inventory names it
};

// The pair a probe is compared as: --baseline-pair, else this host's short
// name and the --peer host (without a port), as a fabric run names them.
Result<std::pair<std::string, std::string>> baseline_pair_of(const Options& o) {
  if (!o.baseline_pair.empty()) {
    size_t comma = o.baseline_pair.find(',');
    if (comma == std::string::npos || comma == 0 || comma + 1 == o.baseline_pair.size() ||
        o.baseline_pair.find(',', comma + 1) != std::string::npos)
      return fail(
          ErrorKind::invalid_input, "",
          fmt::format("--baseline-pair {}: expected CLIENT,SERVER", printable(o.baseline_pair)));
    return std::pair{o.baseline_pair.substr(0, comma), o.baseline_pair.substr(comma + 1)};
  }
  if (o.client.peer.empty())
    return fail(ErrorKind::invalid_input, "",
                "--baseline compares this host with its --peer; without one, name the pair "
                "with --baseline-pair CLIENT,SERVER");
  Result<gate::HostPort> peer = gate::parse_host_port(o.client.peer);
  if (!peer) return std::unexpected(peer.error());
  return std::pair{model::short_host_name(), peer->host};
}

int usage(const std::string& message) {
  return report_error(kUsage, message);
}

int run_server(const Options& opts, bool json) {
  const ClientOptions& o = opts.client;
  ServerConfig sc;
  sc.bind_ip = opts.bind_ip;
  sc.port = o.port;
  sc.device.device = o.device;
  sc.device.port = o.ib_port;
  if (o.gid_index >= 0) sc.device.gid_index = static_cast<uint32_t>(o.gid_index);
  if (auto why = missing_counter_netdev(o.counter_netdevs)) return usage(*why);
  sc.device.counter_netdevs = o.counter_netdevs;
  sc.stall_ms = o.stall_ms;
  sc.log = [](const std::string& line) { fmt::print(stderr, "rocecfg probe server: {}\n", line); };
  // Block the stop signals before any thread starts, so only sigwait sees them.
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  // A missing device is a setup failure now, not one error per client later.
  auto device = Device::open(o.device);
  if (!device) return report_error(kRuntime, device.error().to_string());
  auto server = Server::start(sc);
  if (!server) return report_error(kRuntime, server.error().to_string());
  // With --json, stdout holds only the document printed at exit.
  fmt::print(json ? stderr : stdout, "rocecfg probe server: listening on port {} (device {})\n",
             (*server)->port(), o.device.empty() ? "first" : o.device);
  std::fflush(stdout);
  int sig = 0;
  sigwait(&set, &sig);
  (*server)->stop();
  return kOk;
}

// --rails: this host's NICs against the --peer [[host]]'s, rail by rail, all
// at once (probe/rails.h).
int run_rails_client(const Options& o, const Globals& g, const profile::Intent& intent,
                     const ClientOptions& client) {
  if (g.inventory.empty())
    return usage("--rails pairs the NICs by rail from the inventory: give --inventory INV");
  if (o.client.peer.empty()) return usage("--rails needs --peer HOST, a [[host]] of the inventory");
  if (!o.client.device.empty() || !o.client.peer_device.empty())
    return usage("--rails takes each NIC's device from the inventory; drop --device");
  if (!o.baseline.empty()) return usage("--baseline compares one pair; not with --rails");
  std::optional<profile::Inventory> inv = load_inventory_or_report(g.inventory, g.json);
  if (!inv) return kUsage;
  std::string me = o.host.empty() ? model::short_host_name() : o.host;
  const profile::HostEntry* self = inv->find_host(me);
  if (!self)
    return usage(fmt::format("--rails: this host ({}) is not a [[host]] of {}; name it with --host",
                             me, g.inventory));
  const profile::HostEntry* peer = inv->find_host(o.client.peer);
  if (!peer)
    return usage(
        fmt::format("--rails: --peer {} is not a [[host]] of {}", o.client.peer, g.inventory));
  // NICs declared by rule (nic_rule) are this host's devices in PCI order.
  RailPlan plan = pair_rails(with_rule_nics_resolved(*self), *peer);
  std::vector<RailRun> runs = run_rails(plan, client, intent);
  json_document().payload = render_rails_json(plan, runs);
  if (!g.json) fmt::print("{}", render_rails_text(plan, runs));
  Level level = rails_level(plan, runs);
  return level == Level::fail ? kDrift : level == Level::skip ? kNotEvaluated : kOk;
}

int run_client(const Options& o, const Globals& g) {
  profile::Intent intent;
  if (!o.profile.empty()) {
    std::optional<profile::Intent> loaded = load_profile_or_report(o.profile, g.json);
    if (!loaded) return kUsage;
    intent = std::move(*loaded);
  }
  ClientOptions client = o.client;
  if (o.tos == "workload") {
    // NCCL_IB_TC as NCCL on this host resolves it (environment, NCCL conf
    // files, OFED device override): the class the job's QPs will carry.
    std::vector<std::pair<std::string, int>> ports;
    if (!client.device.empty()) ports.emplace_back(client.device, client.ib_port);
    workload::WireTos w = workload::nccl_wire_tos(host::FsRoot(), ::getenv, ports);
    client.tos = w.tos;
    client.tos_source = "workload: " + w.why;
  } else if (!o.tos.empty()) {
    client.tos = std::stoi(o.tos);  // checked 0..255 by the option
    client.tos_source = "--tos";
  }
  if (o.rails) return run_rails_client(o, g, intent, client);
  if (!o.host.empty()) return usage("--host names this host for --rails");
  Result<ClientSetup> setup = prepare_client(client, intent);
  if (!setup) return usage(setup.error().message);
  // The baseline is read before the run: a bad file costs no probe.
  std::optional<fabric::Baseline> baseline;
  std::pair<std::string, std::string> pair;
  if (!o.baseline.empty()) {
    Result<std::pair<std::string, std::string>> p = baseline_pair_of(o);
    if (!p) return usage(p.error().message);
    pair = *p;
    Result<fabric::Baseline> b = fabric::load_baseline(o.baseline);
    if (!b) return usage("--baseline: " + b.error().to_string());
    baseline = std::move(*b);
  } else if (!o.baseline_pair.empty()) {
    return usage("--baseline-pair names the pair in a --baseline FILE");
  }
  ProbeConfig& pc = setup->config;

  std::optional<ProgressLine> progress;
  if (!g.json && isatty(STDERR_FILENO)) {
    progress.emplace();
    pc.progress = [&progress](const std::string& line) { progress->note(line); };
    pc.on_test_start = [&progress](const TestStart& t) { progress->test_started(t); };
    pc.live_bytes = progress->live_bytes();
  }
  // With an inventory: its switches' counters read right before and right
  // after the run (idle and loaded phases), judged with the profile's rules.
  std::vector<sw::FleetSwitch> fleet;
  nlohmann::json first_hop;  // where the switch ports read came from
  if (!g.inventory.empty()) {
    if (o.profile.empty()) return usage("--inventory needs a PROFILE (the switch counter rules)");
    std::optional<profile::Inventory> inv = load_inventory_or_report(g.inventory, g.json);
    if (!inv) return kUsage;
    // This host's first hop ([[host]] switch_ports), else every inventory port.
    char me[256] = {};
    if (::gethostname(me, sizeof me - 1) != 0) me[0] = 0;
    const profile::HostEntry* self = inv->find_host(me);
    if (self && !self->switch_ports.empty()) {
      first_hop = {{"source", "inventory"}};
      for (const profile::SwitchEntry& e : inv->switches_on_path(me))
        fleet.push_back(fleet_entry(e, false));
    } else {
      // Not in the inventory: the switches' LLDP tables say who is on each port.
      std::vector<sw::FleetSwitch> all;
      for (const profile::SwitchEntry& e : inv->switches) all.push_back(fleet_entry(e, false));
      sw::HostIdentity id = sw::local_host_identity();
      sw::FirstHop hop = sw::find_first_hop(all, id);
      std::string said = sw::describe_first_hop(hop, id);
      first_hop = {{"source", hop.found() ? "lldp" : "unknown"}, {"text", said}};
      fmt::print(stderr, "rocecfg probe: no [[host]] \"{}\" with switch_ports in {}; {}{}\n", me,
                 g.inventory, said, hop.found() ? "" : "; reading every port its switches list");
      fleet = sw::narrow_to_first_hop(std::move(all), hop);
    }
  }
  std::optional<Result<ProbeReport>> ran;
  std::optional<sw::CounterEvidence> evidence;
  if (fleet.empty()) {
    ran.emplace(run_probe(pc));
  } else {
    bool loaded = pc.load.rdma_qps > 0;
    evidence = sw::counters_around(fleet, gate::switch_counter_rules(intent, loaded),
                                   [&] { ran.emplace(run_probe(pc)); });
  }
  progress.reset();  // clears the line before the report
  if (!ran) return report_error(kRuntime, "the probe did not run (no switch session opened)");
  Result<ProbeReport>& report = *ran;
  if (!report) return report_error(kRuntime, report.error().to_string());
  Verdict v = judge(*report, setup->expectations);
  std::optional<fabric::BaselineJudgement> against;
  if (baseline) {
    against = fabric::judge_against_baseline(*baseline, o.baseline, pair.first, pair.second,
                                             *report, intent.validation.baseline_tolerance);
    v.findings.push_back(fabric::baseline_finding(*against));
    if (against->level == Level::fail) v.level = Level::fail;
  }
  // Asked to compare and nothing could be: not a pass (exit 4), unless it failed anyway.
  const bool baseline_unknown = against && against->level == Level::skip && v.level != Level::fail;
  json_document().payload = render_json(*report, v);
  if (!g.json) fmt::print("{}", render_text(*report, v));
  if (!evidence) return v.level == Level::fail ? kDrift : baseline_unknown ? kNotEvaluated : kOk;
  json_document().payload["switches"] = counter_reads_json(evidence->reads, evidence->judgements);
  json_document().payload["first_hop"] = first_hop;
  json_document().payload["switch_verdict"] = sw::to_string(evidence->verdict);
  if (!g.json)
    fmt::print("switches (read before and after the probe):\n{}",
               sw::format_counter_report(evidence->reads, evidence->judgements, g.verbose));
  if (v.level == Level::fail || evidence->verdict == sw::CounterVerdict::fail) return kDrift;
  if (baseline_unknown) return kNotEvaluated;
  // The host side passed, but the switches were not (all) judged: no green.
  if (evidence->verdict != sw::CounterVerdict::pass &&
      evidence->verdict != sw::CounterVerdict::warn)
    return kNotEvaluated;
  return kOk;
}

const bool registered = register_command(
    {"probe",
     "RDMA bandwidth/latency probe under load, judged by counter deltas",
     [](CLI::App& sub, Globals& g) {
       auto o = std::make_shared<Options>();
       sub.add_option("profile", o->profile, "profile TOML file ([validation] rules, ToS, MTU)");
       sub.add_flag("--server", o->server, "serve probes from other hosts until SIGINT/SIGTERM");
       sub.add_option("--bind", o->bind_ip, "server: listen address (default all)")
           ->check(ip_address());
       sub.add_option("--peer", o->client.peer, "client: probe the server on HOST");
       sub.add_option("--port", o->client.port, "TCP port of the exchange (default 18600)")
           ->check(in_range(1, 65535));
       sub.add_option("--device", o->client.device, "RDMA device to use (e.g. mlx5_0, rxe1)");
       sub.add_option("--peer-device", o->client.peer_device,
                      "cross-device loopback: the other end on this host (e.g. rxe0)");
       sub.add_option("--gid-index", o->client.gid_index,
                      "GID index (default: auto, IPv4-mapped RoCE v2)");
       sub.add_option("--peer-gid-index", o->client.peer_gid_index, "GID index of --peer-device");
       sub.add_option("--ib-port", o->client.ib_port, "device port (default 1)")
           ->check(in_range(1, 255));
       sub.add_option("--size", o->client.sizes,
                      "message size, repeatable (default: the profile's sizes)");
       sub.add_option("--qps", o->client.qps, "QPs for bandwidth (default 1)")
           ->check(in_range(1, 1024));
       sub.add_option("--tx-depth", o->client.tx_depth, "outstanding requests per QP (default 128)")
           ->check(in_range(1, 65536));
       sub.add_option("--signal-every", o->client.signal_every,
                      "one signaled completion per N (default 16)")
           ->check(in_range(1, 65536));
       sub.add_option("--duration-ms", o->client.duration_ms,
                      "measured window per test (default: profile)")
           ->check(in_range(1, 3600000));
       sub.add_option("--iterations", o->client.iterations,
                      "bandwidth: messages per QP instead of a duration");
       sub.add_option("--lat-iterations", o->client.lat_iterations,
                      "latency: ping-pongs instead of a duration");
       sub.add_option("--mode", o->client.mode,
                      "bw, lat, both (default), or marking (the marking phase alone)");
       sub.add_option("--marking-packets", o->client.marking_packets,
                      "UD packets whose DSCP/ECN on arrival each phase checks (default 200, 0 "
                      "= no marking phase)")
           ->check(CLI::Range(0, 4096));
       sub.add_option("--op", o->client.op, "write, read or send (default write)");
       sub.add_option("--tos", o->tos,
                      "GRH traffic class / IP ToS 0..255, or 'workload': what NCCL on this "
                      "host would send (default: profile rdma_cm ToS)")
           ->check(CLI::Range(0, 255) | CLI::IsMember({"workload"}));  // 999 once wrapped to 231
       sub.add_option("--baseline", o->baseline,
                      "compare with a `rocecfg fabric --save-baseline` FILE: fail when this "
                      "pair's figures fell beyond the profile's baseline_tolerance");
       sub.add_option("--baseline-pair", o->baseline_pair,
                      "the pair's names in the baseline, CLIENT,SERVER (default: this host's "
                      "short name and the --peer host)");
       sub.add_flag("--rails", o->rails,
                    "every NIC of this host against the --peer [[host]]'s NIC on the same rail, "
                    "all rails at once (needs --inventory)");
       sub.add_option("--host", o->host,
                      "--rails: this host as the inventory names it (default: the short host "
                      "name)");
       sub.add_flag("--rdma-cm", o->client.rdma_cm,
                    "connect the marking phase through RDMA-CM (as perftest -R) and check the "
                    "ToS it chooses against the profile's rdma_cm.tos");
       sub.add_flag("--load", o->client.load,
                    "measure again under load: 2 same-class QPs + 1 TCP flow");
       sub.add_option("--load-qps", o->client.load_qps, "same-class RDMA load QPs");
       sub.add_option("--load-tcp", o->client.load_tcp, "TCP load flows");
       sub.add_option("--load-tcp-tos", o->client.load_tcp_tos,
                      "IP ToS of the TCP load (default 0)")
           ->check(CLI::Range(0, 255));
       sub.add_option("--load-target", o->client.load_target, "TCP load destination address");
       sub.add_option("--load-source", o->client.load_source, "TCP load source address");
       sub.add_option("--timeout-ms", o->client.timeout_ms,
                      "per test, end to end (default: profile)")
           ->check(in_range(1, 3600000));
       sub.add_option("--stall-ms", o->client.stall_ms,
                      "no progress for this long fails a test (default 3000)")
           ->check(in_range(1, 3600000));
       sub.add_option("--expected-gbps", o->client.expected_gbps,
                      "expected line rate (default: profile, port rate)")
           ->check(above_zero());
       sub.add_option("--max-p99-us", o->client.max_p99_us, "fail any p99 latency above this")
           ->check(above_zero());
       sub.add_option("--expect-mtu", o->client.expect_mtu,
                      "fail a path MTU below this (default: from the profile MTU)");
       sub.add_option("--max-retransmits", o->client.max_retransmits,
                      "allowed new sequence errors/retransmits per phase (default: profile, 0)");
       sub.add_option("--max-discards", o->client.max_discards,
                      "allowed new discards per phase (default: profile, 0)");
       sub.add_option("--counters-netdev", o->client.counter_netdevs,
                      "also snapshot this interface's counters (repeatable; the GID's interface "
                      "and those below it are always read)");
       sub.add_flag("--ignore-emulation-retransmits", o->client.ignore_emulation_retransmits,
                    "do not judge timer retransmits (Soft-RoCE under emulation)");
       return std::function<int()>(
           [o, &g] { return o->server ? run_server(*o, g.json) : run_client(*o, g); });
     },
     {kOk, kDrift, kUsage, kRuntime, kNotEvaluated}});

}  // namespace
}  // namespace rocecfg::cmd
