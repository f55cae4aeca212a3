#include "probe/runner.h"

#include <algorithm>

#include <fmt/format.h>

#include "probe/server.h"

namespace rocecfg::probe {
namespace {

struct Snapshot {
  CounterMap values;
  std::vector<std::string> errors;
};

Snapshot take_snapshot(const ProbeConfig& cfg, uint16_t port) {
  Snapshot s;
  if (auto local = snapshot_device(cfg.local))
    s.values = std::move(*local);
  else
    s.errors.push_back("local counters: " + local.error().to_string());
  // Same-device loopback reads the same counters twice; the keys coincide.
  if (auto remote = fetch_remote_counters(cfg.host, port, std::min<uint32_t>(cfg.timeout_ms, 5000)))
    s.values.merge(*remote);
  else
    s.errors.push_back("peer counters: " + remote.error().to_string());
  return s;
}

// One test's endpoints and limits, from the run's.
ClientConfig client_for(const ProbeConfig& cfg) {
  ClientConfig c;
  c.host = cfg.host;
  c.port = cfg.port;
  c.local = cfg.local;
  c.timeout_ms = cfg.timeout_ms;
  c.stall_ms = cfg.stall_ms;
  return c;
}

// The phase's marking test: under load it runs beside the load's QPs, so CE
// marks a congested queue sets are counted where they are expected.
template <typename Say>
MarkingRecord run_marking_phase(const ProbeConfig& cfg, const std::string& phase, Say& say) {
  ClientConfig c = client_for(cfg);
  c.params.size_bytes = cfg.marking_bytes;
  c.params.iterations = cfg.marking_packets;
  c.params.tos = cfg.tos;
  say(fmt::format("{} marking {} packets ...", phase, cfg.marking_packets));
  MarkingRecord rec{phase, {}, {}};
  if (auto r = run_marking_test(c, cfg.marking_connect))
    rec.outcome = std::move(*r);
  else {
    rec.error = r.error();
    say("  " + r.error().to_string());
  }
  return rec;
}

}  // namespace

const TestOutcome* ProbeReport::first_outcome() const {
  for (const TestRecord& t : tests)
    if (t.outcome) return &*t.outcome;
  return nullptr;
}

std::string size_label(uint64_t b) {
  if (b >= (1u << 20) && b % (1u << 20) == 0) return fmt::format("{}MiB", b >> 20);
  if (b >= 1024 && b % 1024 == 0) return fmt::format("{}KiB", b >> 10);
  return fmt::format("{}B", b);
}

Result<ProbeReport> run_probe(const ProbeConfig& cfg_in) {
  ProbeConfig cfg = cfg_in;
  const auto t0 = Clock::now();
  auto say = [&](const std::string& line) {
    if (cfg.progress) cfg.progress(line);
  };
  std::unique_ptr<Server> server;
  ProbeReport report;
  report.op = cfg.op;
  report.qps = cfg.qps;
  report.tos = cfg.tos;
  report.tos_source = cfg.tos_source;
  report.local_device = cfg.local.device;
  // A device that is not there is a setup problem (exit 3), not a verdict.
  const std::vector<std::string> present = list_devices();
  auto check_device = [&](const std::string& dev) -> Status {
    if (present.empty())
      return fail(ErrorKind::not_found, "rdma",
                  "no RDMA devices (is a driver such as rdma_rxe loaded?)");
    if (!dev.empty() && std::find(present.begin(), present.end(), dev) == present.end()) {
      std::string names;
      for (const std::string& n : present) names += (names.empty() ? "" : ", ") + n;
      return fail(ErrorKind::not_found, dev,
                  fmt::format("no such RDMA device (present: {})", names));
    }
    return {};
  };
  if (auto st = check_device(cfg.local.device); !st) return std::unexpected(st.error());
  if (cfg.loopback_server)
    if (auto st = check_device(cfg.loopback_server->device); !st)
      return std::unexpected(st.error());
  // Open once for the whole run: every test's QPs use the open device.
  auto local_device = Device::open(cfg.local.device);
  if (!local_device) return std::unexpected(local_device.error());
  if (cfg.loopback_server) {
    ServerConfig sc;
    sc.bind_ip = "";  // TCP load flows arrive on the data address
    sc.port = 0;
    sc.device = *cfg.loopback_server;
    sc.stall_ms = cfg.stall_ms;
    auto s = Server::start(sc);
    if (!s) return std::unexpected(s.error());
    server = std::move(*s);
    cfg.host = "127.0.0.1";
    cfg.port = server->port();
    report.mode =
        cfg.loopback_server->device == cfg.local.device ? "loopback" : "cross-device loopback";
  } else {
    report.mode = "peer";
  }
  cfg.load.host = cfg.host;
  cfg.load.port = cfg.port;
  cfg.load.local = cfg.local;
  report.server = fmt::format("{}:{}", cfg.host, cfg.port);
  if (!cfg.local.device.empty())
    if (auto rate = port_rate_gbps(cfg.local.fs, cfg.local.device, cfg.local.port))
      report.link_rate_gbps = *rate;

  std::vector<std::string> phases{"idle"};
  if (!cfg.load.empty()) phases.push_back("loaded");
  size_t test_count = 0, test_index = 0;
  for (size_t k = 0; k < phases.size(); ++k)
    for (size_t m = 0; m < cfg.sizes_bytes.size(); ++m)
      test_count += (cfg.bandwidth ? 1 : 0) + (cfg.latency && cfg.op == Op::write ? 1 : 0);
  for (const std::string& phase : phases) {
    std::unique_ptr<LoadGenerator> load;
    if (phase == "loaded") {
      say("starting background load");
      auto g = LoadGenerator::start(cfg.load);
      if (!g) {
        report.load_error = g.error();
        say("background load failed: " + g.error().to_string());
        break;
      }
      load = std::move(*g);
    }
    const auto p0 = Clock::now();
    Snapshot before = take_snapshot(cfg, cfg.port);
    for (uint32_t size : cfg.sizes_bytes) {
      for (Mode mode : {Mode::bw, Mode::lat}) {
        if ((mode == Mode::bw && !cfg.bandwidth) || (mode == Mode::lat && !cfg.latency)) continue;
        if (mode == Mode::lat && cfg.op != Op::write) continue;  // ping-pong is WRITE only
        ClientConfig c = client_for(cfg);
        c.params.op = mode == Mode::lat ? Op::write : cfg.op;
        c.params.mode = mode;
        c.params.size_bytes = size;
        c.params.qps = mode == Mode::lat ? 1 : cfg.qps;
        c.params.tx_depth = mode == Mode::lat ? 4 : cfg.tx_depth;
        c.params.signal_every = std::min(cfg.signal_every, c.params.tx_depth);
        c.params.duration_ms = cfg.duration_ms;
        c.params.iterations = mode == Mode::lat ? cfg.lat_iterations : cfg.iterations;
        c.params.tos = cfg.tos;
        if (!cfg.on_test_start)
          say(fmt::format("{} {} {} ...", phase, to_string(mode), size_label(size)));
        if (cfg.live_bytes) cfg.live_bytes->store(0);
        c.live_bytes = cfg.live_bytes;
        if (cfg.on_test_start) {
          // bandwidth: warm-up + window + cool-down (traffic.cpp's margins)
          const double margin_s = std::clamp<uint32_t>(cfg.duration_ms / 5, 20, 1000) / 1000.0;
          const bool by_time = c.params.iterations == 0;
          double expected = 0;
          if (by_time) expected = cfg.duration_ms / 1000.0 + (mode == Mode::bw ? 2 * margin_s : 0);
          cfg.on_test_start(TestStart{phase, mode, size, ++test_index, test_count, expected});
        }
        TestRecord rec{phase, mode, size, {}, {}};
        auto r = run_test(c);
        if (r)
          rec.outcome = std::move(*r);
        else {
          rec.error = r.error();
          say("  " + r.error().to_string());
        }
        report.tests.push_back(std::move(rec));
      }
    }
    if (cfg.marking_packets) report.marking.push_back(run_marking_phase(cfg, phase, say));
    Snapshot after = take_snapshot(cfg, cfg.port);
    PhaseCounters pc;
    pc.phase = phase;
    pc.seconds = std::chrono::duration<double>(Clock::now() - p0).count();
    pc.delta = delta(before.values, after.values);
    pc.errors = before.errors;
    for (const std::string& e : after.errors)
      if (std::find(pc.errors.begin(), pc.errors.end(), e) == pc.errors.end())
        pc.errors.push_back(e);
    report.counters.push_back(std::move(pc));
    if (load) {
      auto s = load->stop();
      if (s)
        report.load = *s;
      else
        report.load_error = s.error();
    }
  }
  if (report.local_device.empty())
    if (const TestOutcome* o = report.first_outcome()) report.local_device = o->local_device;
  if (server) server->stop();
  report.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return report;
}

}  // namespace rocecfg::probe
