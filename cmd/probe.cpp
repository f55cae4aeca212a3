// rocecfg probe [PROFILE]: RDMA bandwidth and latency, idle and under
// background load, with counter deltas and a verdict from the profile's
// [validation] rules. Modes:
//   same-device loopback   --device rxe0
//   cross-device loopback  --device rxe1 --peer-device rxe0
//   peer                   --server --device rxe0   (on one host)
//                          --peer HOST --device rxe1 (on the other)
#include <signal.h>
#include <unistd.h>

#include <charconv>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "core/units.h"
#include "load_or_report.h"
#include "probe/gid.h"
#include "probe/netdevs.h"
#include "probe/report.h"
#include "probe/runner.h"
#include "probe/server.h"
#include "probe/verdict.h"
#include "probe_progress.h"

namespace rocecfg::cmd {
namespace {

using namespace rocecfg::probe;

struct Options {
  std::string profile;
  bool server = false;
  std::string bind_ip;
  std::string peer;
  uint16_t port = kDefaultPort;
  std::string device, peer_device;
  int gid_index = -1, peer_gid_index = -1;
  uint32_t ib_port = 1;
  std::vector<std::string> sizes;
  uint32_t qps = 1, tx_depth = 128, signal_every = 16;
  uint32_t duration_ms = 0;
  uint64_t iterations = 0, lat_iterations = 0;
  std::string mode = "both", op = "write";
  int tos = -1;
  bool load = false;
  uint32_t load_qps = 0, load_tcp = 0;
  int load_tcp_tos = 0;
  std::string load_target, load_source;
  uint32_t timeout_ms = 0, stall_ms = 3000;
  double expected_gbps = 0, max_p99_us = 0;
  uint32_t expect_mtu = 0;
  bool ignore_emulation_retransmits = false;
  int64_t max_retransmits = -1, max_discards = -1;
  std::vector<std::string> counter_netdevs;
};

// --counters-netdev names must exist now: a typo would otherwise only show as
// a warning after the whole run.
std::optional<std::string> check_netdevs(const std::vector<std::string>& names) {
  for (const std::string& n : names)
    if (!netdev_exists(Sysfs(), n))
      return fmt::format("--counters-netdev {}: no such interface", n);
  return std::nullopt;
}

// Sizes on the command line: "65536" (bytes, as perftest's -s) or with a unit.
std::optional<uint32_t> parse_size(const std::string& text) {
  uint64_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size()) {
    auto b = parse_bytes(text);
    if (!b) return std::nullopt;
    v = *b;
  }
  if (v < 1 || v > kMaxMessageBytes) return std::nullopt;
  return static_cast<uint32_t>(v);
}

// The IPv4 address behind a device's chosen GID: where TCP load goes to/from.
std::string device_ipv4(const DeviceSelect& sel) {
  auto dev = Device::open(sel.device);
  if (!dev) return {};
  auto table = (*dev)->gid_table(sel.port);
  if (!table) return {};
  auto c = select_gid(*table, sel.gid_index);
  if (!c) return {};
  return gid_ipv4(c->entry.gid).value_or("");
}

int usage(const std::string& message) {
  fmt::print(stderr, "rocecfg probe: {}\n", message);
  return kUsage;
}

int run_server(const Options& o) {
  ServerConfig sc;
  sc.bind_ip = o.bind_ip;
  sc.port = o.port;
  sc.device.device = o.device;
  sc.device.port = o.ib_port;
  if (o.gid_index >= 0) sc.device.gid_index = static_cast<uint32_t>(o.gid_index);
  if (auto why = check_netdevs(o.counter_netdevs)) return usage(*why);
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
  if (!device) {
    fmt::print(stderr, "rocecfg probe: {}\n", device.error().to_string());
    return kRuntime;
  }
  auto server = Server::start(sc);
  if (!server) {
    fmt::print(stderr, "rocecfg probe: {}\n", server.error().to_string());
    return kRuntime;
  }
  fmt::print("rocecfg probe server: listening on port {} (device {})\n", (*server)->port(),
             o.device.empty() ? "first" : o.device);
  std::fflush(stdout);
  int sig = 0;
  sigwait(&set, &sig);
  (*server)->stop();
  return kOk;
}

int run_client(const Options& o, const Globals& g) {
  Expectations exp;
  ProbeConfig pc;
  if (!o.profile.empty()) {
    std::optional<profile::Intent> intent = load_profile_or_report(o.profile, g.json);
    if (!intent) return kUsage;
    exp.rules = intent->validation;
    exp.lossless = intent->lossless_priorities;
    if (intent->common.dcqcn) exp.dcqcn_enabled = intent->common.dcqcn->enabled;
    if (intent->host_mtu_bytes) exp.min_path_mtu_bytes = rdma_mtu_for(*intent->host_mtu_bytes);
    if (intent->common.roce_tos) pc.tos = *intent->common.roce_tos;
  }
  if (o.expected_gbps > 0) exp.rules.expected_rate_gbps = o.expected_gbps;
  if (o.max_p99_us > 0) exp.max_p99_us = o.max_p99_us;
  if (o.expect_mtu) {
    if (!mtu_from_bytes(o.expect_mtu))
      return usage(
          fmt::format("--expect-mtu {}: must be 256, 512, 1024, 2048 or 4096", o.expect_mtu));
    exp.min_path_mtu_bytes = o.expect_mtu;
  }
  if (o.ignore_emulation_retransmits) exp.rules.ignore_emulation_retransmits = true;
  if (o.max_retransmits >= 0) exp.rules.max_retransmits = static_cast<uint64_t>(o.max_retransmits);
  if (o.max_discards >= 0) exp.rules.max_discards = static_cast<uint64_t>(o.max_discards);
  if (o.tos >= 0) pc.tos = static_cast<uint8_t>(o.tos);

  auto op = parse_op(o.op);
  if (!op) return usage(fmt::format("--op {}: must be write, read or send", o.op));
  pc.op = *op;
  if (o.mode == "bw")
    pc.latency = false;
  else if (o.mode == "lat")
    pc.bandwidth = false;
  else if (o.mode != "both")
    return usage(fmt::format("--mode {}: must be bw, lat or both", o.mode));
  if (pc.op != Op::write && !pc.bandwidth)
    return usage("latency is measured with RDMA WRITE ping-pong; use --op write");

  pc.sizes_bytes.clear();
  if (o.sizes.empty()) {
    for (uint64_t s : exp.rules.probe_message_bytes)
      pc.sizes_bytes.push_back(static_cast<uint32_t>(s));
  }
  for (const std::string& s : o.sizes) {
    auto v = parse_size(s);
    if (!v)
      return usage(fmt::format("--size {}: must be 1..{} bytes (a number, or with a unit: {})", s,
                               kMaxMessageBytes, kByteUnits));
    pc.sizes_bytes.push_back(*v);
  }
  pc.qps = o.qps;
  pc.tx_depth = o.tx_depth;
  pc.signal_every = o.signal_every;
  pc.duration_ms = o.duration_ms ? o.duration_ms : exp.rules.probe_duration_ms;
  pc.iterations = o.iterations;
  pc.lat_iterations = o.lat_iterations;
  pc.timeout_ms = o.timeout_ms ? o.timeout_ms : exp.rules.probe_timeout_ms;
  pc.stall_ms = o.stall_ms;
  for (uint32_t size : pc.sizes_bytes) {
    TestParams t{pc.op,           Mode::bw,       size,          pc.qps, pc.tx_depth,
                 pc.signal_every, pc.duration_ms, pc.iterations, pc.tos};
    if (auto why = validate(t); !why.empty()) return usage(why);
  }
  if (pc.iterations == 0 && pc.duration_ms * 2 >= pc.timeout_ms)
    return usage(
        fmt::format("--duration-ms {} does not fit the {} ms timeout (with warm-up and "
                    "cool-down); raise --timeout-ms",
                    pc.duration_ms, pc.timeout_ms));

  pc.local.device = o.device;
  pc.local.port = o.ib_port;
  if (auto why = check_netdevs(o.counter_netdevs)) return usage(*why);
  pc.local.counter_netdevs = o.counter_netdevs;
  if (o.gid_index >= 0) pc.local.gid_index = static_cast<uint32_t>(o.gid_index);
  if (!o.peer.empty()) {
    if (!o.peer_device.empty()) return usage("--peer and --peer-device exclude each other");
    pc.host = o.peer;
    pc.port = o.port;
  } else {
    if (o.device.empty())
      return usage("loopback needs --device (and --peer-device for cross-device)");
    DeviceSelect server = pc.local;
    server.gid_index.reset();
    server.counter_netdevs.clear();  // same host: the local snapshot reads them once
    if (!o.peer_device.empty()) server.device = o.peer_device;
    if (o.peer_gid_index >= 0) server.gid_index = static_cast<uint32_t>(o.peer_gid_index);
    pc.loopback_server = server;
  }

  // Opened once here and held: the address lookups below and every test's
  // setup reuse them (a missing device is reported by run_probe).
  std::vector<std::shared_ptr<Device>> held;
  if (auto d = Device::open(pc.local.device)) held.push_back(*d);
  if (pc.loopback_server)
    if (auto d = Device::open(pc.loopback_server->device)) held.push_back(*d);

  // Background load: --load is "2 same-class QPs and 1 TCP flow on priority 0".
  pc.load.rdma_qps = o.load_qps ? o.load_qps : (o.load ? 2 : 0);
  pc.load.tcp_streams = o.load_tcp ? o.load_tcp : (o.load ? 1 : 0);
  pc.load.rdma_tos = pc.tos;
  pc.load.tcp_tos = o.load_tcp_tos;
  pc.load.timeout_ms = pc.timeout_ms * static_cast<uint32_t>(2 * pc.sizes_bytes.size() + 2);
  pc.load.tcp_bind_ip = o.load_source.empty() ? device_ipv4(pc.local) : o.load_source;
  pc.load.tcp_host = o.load_target;
  if (pc.load.tcp_host.empty())
    pc.load.tcp_host = pc.loopback_server ? device_ipv4(*pc.loopback_server) : o.peer;
  if (pc.load.tcp_streams && pc.load.tcp_host.empty())
    return usage("cannot tell where TCP load should go; give --load-target IP");

  std::optional<ProgressLine> progress;
  if (!g.json && isatty(STDERR_FILENO)) {
    progress.emplace();
    pc.progress = [&progress](const std::string& line) { progress->note(line); };
    pc.on_test_start = [&progress](const TestStart& t) { progress->test_started(t); };
    pc.live_bytes = progress->live_bytes();
  }
  auto report = run_probe(pc);
  progress.reset();  // clears the line before the report
  if (!report) {
    fmt::print(stderr, "rocecfg probe: {}\n", report.error().to_string());
    return kRuntime;
  }
  Verdict v = judge(*report, exp);
  if (g.json)
    fmt::print("{}\n", render_json(*report, v).dump(2));
  else
    fmt::print("{}", render_text(*report, v));
  return v.level == Level::fail ? kDrift : kOk;
}

const bool registered = register_command(
    {"probe", "RDMA bandwidth/latency probe under load, judged by counter deltas",
     [](CLI::App& sub, Globals& g) {
       auto o = std::make_shared<Options>();
       sub.add_option("profile", o->profile, "profile TOML file ([validation] rules, ToS, MTU)");
       sub.add_flag("--server", o->server, "serve probes from other hosts until SIGINT/SIGTERM");
       sub.add_option("--bind", o->bind_ip, "server: listen address (default all)");
       sub.add_option("--peer", o->peer, "client: probe the server on HOST");
       sub.add_option("--port", o->port, "TCP port of the exchange (default 18600)");
       sub.add_option("--device", o->device, "RDMA device to use (e.g. mlx5_0, rxe1)");
       sub.add_option("--peer-device", o->peer_device,
                      "cross-device loopback: the other end on this host (e.g. rxe0)");
       sub.add_option("--gid-index", o->gid_index,
                      "GID index (default: auto, IPv4-mapped RoCE v2)");
       sub.add_option("--peer-gid-index", o->peer_gid_index, "GID index of --peer-device");
       sub.add_option("--ib-port", o->ib_port, "device port (default 1)");
       sub.add_option("--size", o->sizes,
                      "message size, repeatable (default: the profile's sizes)");
       sub.add_option("--qps", o->qps, "QPs for bandwidth (default 1)");
       sub.add_option("--tx-depth", o->tx_depth, "outstanding requests per QP (default 128)");
       sub.add_option("--signal-every", o->signal_every,
                      "one signaled completion per N (default 16)");
       sub.add_option("--duration-ms", o->duration_ms,
                      "measured window per test (default: profile)");
       sub.add_option("--iterations", o->iterations,
                      "bandwidth: messages per QP instead of a duration");
       sub.add_option("--lat-iterations", o->lat_iterations,
                      "latency: ping-pongs instead of a duration");
       sub.add_option("--mode", o->mode, "bw, lat or both (default both)");
       sub.add_option("--op", o->op, "write, read or send (default write)");
       sub.add_option("--tos", o->tos, "GRH traffic class / IP ToS (default: profile rdma_cm ToS)");
       sub.add_flag("--load", o->load, "measure again under load: 2 same-class QPs + 1 TCP flow");
       sub.add_option("--load-qps", o->load_qps, "same-class RDMA load QPs");
       sub.add_option("--load-tcp", o->load_tcp, "TCP load flows");
       sub.add_option("--load-tcp-tos", o->load_tcp_tos, "IP ToS of the TCP load (default 0)");
       sub.add_option("--load-target", o->load_target, "TCP load destination address");
       sub.add_option("--load-source", o->load_source, "TCP load source address");
       sub.add_option("--timeout-ms", o->timeout_ms, "per test, end to end (default: profile)");
       sub.add_option("--stall-ms", o->stall_ms,
                      "no progress for this long fails a test (default 3000)");
       sub.add_option("--expected-gbps", o->expected_gbps,
                      "expected line rate (default: profile, port rate)");
       sub.add_option("--max-p99-us", o->max_p99_us, "fail any p99 latency above this");
       sub.add_option("--expect-mtu", o->expect_mtu,
                      "fail a path MTU below this (default: from the profile MTU)");
       sub.add_option("--max-retransmits", o->max_retransmits,
                      "allowed new sequence errors/retransmits per phase (default: profile, 0)");
       sub.add_option("--max-discards", o->max_discards,
                      "allowed new discards per phase (default: profile, 0)");
       sub.add_option("--counters-netdev", o->counter_netdevs,
                      "also snapshot this interface's counters (repeatable; the GID's interface "
                      "and those below it are always read)");
       sub.add_flag("--ignore-emulation-retransmits", o->ignore_emulation_retransmits,
                    "do not judge timer retransmits (Soft-RoCE under emulation)");
       return std::function<int()>(
           [o, &g] { return o->server ? run_server(*o) : run_client(*o, g); });
     }});

}  // namespace
}  // namespace rocecfg::cmd
