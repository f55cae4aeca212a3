#include "probe/client.h"

#include <charconv>

#include <fmt/format.h>

#include "core/units.h"
#include "probe/from_intent.h"
#include "probe/gid.h"
#include "probe/netdevs.h"
#include "probe/params.h"

namespace rocecfg::probe {

namespace {

std::unexpected<Error> bad(std::string message) {
  return fail(ErrorKind::invalid_input, "", std::move(message));
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

// Command-line thresholds over the profile's [validation] rules.
Status override_expectations(const ClientOptions& o, Expectations& exp) {
  if (o.expected_gbps > 0) exp.rules.expected_rate_gbps = o.expected_gbps;
  if (o.max_p99_us > 0) exp.max_p99_us = o.max_p99_us;
  if (o.expect_mtu) {
    if (!mtu_from_bytes(o.expect_mtu))
      return bad(
          fmt::format("--expect-mtu {}: must be 256, 512, 1024, 2048 or 4096", o.expect_mtu));
    exp.min_path_mtu_bytes = o.expect_mtu;
  }
  if (o.ignore_emulation_retransmits) exp.rules.ignore_emulation_retransmits = true;
  if (o.max_retransmits >= 0) exp.rules.max_retransmits = static_cast<uint64_t>(o.max_retransmits);
  if (o.max_discards >= 0) exp.rules.max_discards = static_cast<uint64_t>(o.max_discards);
  return {};
}

// What is measured: operation, modes, sizes, windows.
Status choose_tests(const ClientOptions& o, ProbeConfig& pc) {
  if (o.tos >= 0) {
    pc.tos = static_cast<uint8_t>(o.tos);
    pc.tos_source = o.tos_source.empty() ? "--tos" : o.tos_source;
  }
  auto op = parse_op(o.op);
  if (!op) return bad(fmt::format("--op {}: must be write, read or send", o.op));
  pc.op = *op;
  if (o.marking_packets >= 0) pc.marking_packets = static_cast<uint32_t>(o.marking_packets);
  if (o.mode == "bw")
    pc.latency = false;
  else if (o.mode == "lat")
    pc.bandwidth = false;
  else if (o.mode == "marking")
    pc.bandwidth = pc.latency = false;
  else if (o.mode != "both")
    return bad(fmt::format("--mode {}: must be bw, lat, both or marking", o.mode));
  if (o.mode == "marking" && pc.marking_packets == 0)
    return bad("--mode marking with --marking-packets 0 measures nothing");
  if (o.rdma_cm) {
    // What is under test is the CM's own choice (configfs default_roce_tos).
    if (o.tos >= 0)
      return bad(
          "--rdma-cm sends with the ToS RDMA-CM chooses (the device's default_roce_tos); "
          "drop --tos");
    if (pc.marking_packets == 0)
      return bad("--rdma-cm connects the marking phase; --marking-packets 0 has none");
    pc.marking_connect = MarkingConnect::rdma_cm;
  }
  if (pc.op != Op::write && !pc.bandwidth && pc.latency)
    return bad("latency is measured with RDMA WRITE ping-pong; use --op write");
  if (!o.sizes.empty()) pc.sizes_bytes.clear();
  for (const std::string& s : o.sizes) {
    auto v = parse_message_size(s);
    if (!v)
      return bad(fmt::format("--size {}: must be 1..{} bytes (a number, or with a unit: {})", s,
                             kMaxMessageBytes, kByteUnits));
    pc.sizes_bytes.push_back(*v);
  }
  pc.qps = o.qps;
  pc.tx_depth = o.tx_depth;
  pc.signal_every = o.signal_every;
  if (o.duration_ms) pc.duration_ms = o.duration_ms;
  pc.iterations = o.iterations;
  pc.lat_iterations = o.lat_iterations;
  if (o.timeout_ms) pc.timeout_ms = o.timeout_ms;
  pc.stall_ms = o.stall_ms;
  for (uint32_t size : pc.sizes_bytes) {
    TestParams t{pc.op,           Mode::bw,       size,          pc.qps, pc.tx_depth,
                 pc.signal_every, pc.duration_ms, pc.iterations, pc.tos};
    if (auto why = validate(t); !why.empty()) return bad(why);
  }
  if (pc.iterations == 0 && pc.duration_ms * 2 >= pc.timeout_ms)
    return bad(
        fmt::format("--duration-ms {} does not fit the {} ms timeout (with warm-up and "
                    "cool-down); raise --timeout-ms",
                    pc.duration_ms, pc.timeout_ms));
  return {};
}

// Peer mode, or a same-/cross-device loopback with an in-process server.
Status choose_endpoints(const ClientOptions& o, ProbeConfig& pc) {
  pc.local.device = o.device;
  pc.local.port = o.ib_port;
  if (auto why = missing_counter_netdev(o.counter_netdevs)) return bad(*why);
  pc.local.counter_netdevs = o.counter_netdevs;
  if (o.gid_index >= 0) pc.local.gid_index = static_cast<uint32_t>(o.gid_index);
  if (!o.peer.empty()) {
    if (!o.peer_device.empty()) return bad("--peer and --peer-device exclude each other");
    pc.host = o.peer;
    pc.port = o.port;
    return {};
  }
  if (o.device.empty()) return bad("loopback needs --device (and --peer-device for cross-device)");
  DeviceSelect server = pc.local;
  server.gid_index.reset();
  server.counter_netdevs.clear();  // same host: the local snapshot reads them once
  if (!o.peer_device.empty()) server.device = o.peer_device;
  if (o.peer_gid_index >= 0) server.gid_index = static_cast<uint32_t>(o.peer_gid_index);
  pc.loopback_server = server;
  return {};
}

// Background load: --load is "2 same-class QPs and 1 TCP flow on priority 0";
// TCP runs between the addresses behind the RDMA GIDs unless told otherwise.
Status choose_load(const ClientOptions& o, ProbeConfig& pc) {
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
    return bad("cannot tell where TCP load should go; give --load-target IP");
  return {};
}

}  // namespace

std::optional<uint32_t> parse_message_size(const std::string& text) {
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

std::optional<std::string> missing_counter_netdev(const std::vector<std::string>& names) {
  for (const std::string& n : names)
    if (!netdev_exists(host::FsRoot(), n))
      return fmt::format("--counters-netdev {}: no such interface", n);
  return std::nullopt;
}

Result<ClientSetup> prepare_client(const ClientOptions& o, const profile::Intent& intent) {
  ClientSetup s;
  s.expectations = expectations_for(intent);
  s.config = probe_config_for(intent);
  if (Status ok = override_expectations(o, s.expectations); !ok) return std::unexpected(ok.error());
  if (Status ok = choose_tests(o, s.config); !ok) return std::unexpected(ok.error());
  if (Status ok = choose_endpoints(o, s.config); !ok) return std::unexpected(ok.error());
  if (auto d = Device::open(s.config.local.device)) s.held_devices.push_back(*d);
  if (s.config.loopback_server)
    if (auto d = Device::open(s.config.loopback_server->device)) s.held_devices.push_back(*d);
  if (Status ok = choose_load(o, s.config); !ok) return std::unexpected(ok.error());
  return s;
}

}  // namespace rocecfg::probe
