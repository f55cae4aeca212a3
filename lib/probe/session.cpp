#include "probe/session.h"

#include <algorithm>

#include <fmt/format.h>

#include "probe/netdevs.h"
#include "probe/socket.h"
#include "probe/traffic.h"

namespace rocecfg::probe {
namespace {

// "host:port: timed out waiting for offer from peer (timeout 1500 ms)"
std::unexpected<Error> peer_error(Error e, const std::string& peer, uint32_t timeout_ms) {
  if (e.kind == ErrorKind::timeout) e.message += fmt::format(" (timeout {} ms)", timeout_ms);
  return wrap(std::move(e), peer);
}

}  // namespace

Result<TestOutcome> run_test(const ClientConfig& cfg) {
  const auto t0 = Clock::now();
  LapClock laps;
  const Deadline deadline = deadline_in(cfg.timeout_ms);
  const std::string peer = fmt::format("{}:{}", cfg.host, cfg.port);
  auto fd = connect_tcp(cfg.host, cfg.port, deadline);
  if (!fd) return std::unexpected(fd.error());
  const int s = fd->get();
  laps.lap("TCP connect");

  wire::Hello hello{wire::SessionKind::probe, cfg.params, cfg.timeout_ms};
  if (auto st = send_frame(s, wire::Type::hello, wire::encode(hello), deadline); !st)
    return peer_error(st.error(), peer, cfg.timeout_ms);
  // Build ours while the server builds its own.
  auto qs = QpSet::create(cfg.local, cfg.params);
  if (!qs) {
    send_error(s, "client setup failed: " + qs.error().to_string());
    return std::unexpected(qs.error());
  }
  laps.splice((*qs)->setup_laps(), "local ");
  auto offer = expect_frame(s, wire::Type::offer, deadline);
  if (!offer) return peer_error(offer.error(), peer, cfg.timeout_ms);
  auto remote = wire::decode_endpoint(offer->payload);
  if (!remote) return peer_error(remote.error(), peer, cfg.timeout_ms);
  laps.lap("wait for offer");
  if (auto st = (*qs)->connect(*remote); !st) {
    send_error(s, "client connect failed: " + st.error().to_string());
    return std::unexpected(st.error());
  }
  if (auto st = send_frame(s, wire::Type::accept, wire::encode((*qs)->local()), deadline); !st)
    return peer_error(st.error(), peer, cfg.timeout_ms);
  laps.splice({(*qs)->setup_laps().back()}, "local ");
  laps.lap("send accept");
  if (auto ready = expect_frame(s, wire::Type::ready, deadline); !ready)
    return peer_error(ready.error(), peer, cfg.timeout_ms);
  laps.lap("wait for ready");

  TestOutcome out;
  out.params = cfg.params;
  out.setup_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  out.setup_phases_ms = laps.take();
  out.path_mtu_bytes = (*qs)->path_mtu_bytes();
  out.local_port_mtu_bytes = (*qs)->port_mtu_bytes();
  out.remote_port_mtu_bytes = remote->mtu_bytes;
  out.local_device = (*qs)->device();
  out.local_gid = (*qs)->gid();
  out.remote_device = remote->device;
  out.remote_gid = gid_display(remote->gid);
  out.remote_gid_index = remote->gid_index;
  if (cfg.on_running) cfg.on_running();

  LoopLimits lim{deadline, cfg.stall_ms, cfg.stop, cfg.gentle, s, cfg.live_bytes};
  if (cfg.params.mode == Mode::lat) {
    auto lat = run_lat_client(**qs, lim);
    if (!lat) {
      send_error(s, "client: " + lat.error().to_string());
      return std::unexpected(lat.error());
    }
    out.lat = *lat;
  } else {
    auto bw = run_bw_client(**qs, lim);
    if (!bw) {
      send_error(s, "client: " + bw.error().to_string());
      return std::unexpected(bw.error());
    }
    out.bw = *bw;
  }
  if (auto st = send_frame(s, wire::Type::done, {}, deadline); !st)
    return peer_error(st.error(), peer, cfg.timeout_ms);
  // The server's own loop may have failed meanwhile; its error arrives here.
  if (auto bye = expect_frame(s, wire::Type::bye, deadline); !bye)
    return peer_error(bye.error(), peer, cfg.timeout_ms);
  return out;
}

Result<CounterMap> fetch_remote_counters(const std::string& host, uint16_t port,
                                         uint32_t timeout_ms) {
  const Deadline deadline = deadline_in(timeout_ms);
  const std::string peer = fmt::format("{}:{}", host, port);
  auto fd = connect_tcp(host, port, deadline);
  if (!fd) return std::unexpected(fd.error());
  wire::Hello hello{wire::SessionKind::counters, {}, timeout_ms};
  if (auto st = send_frame(fd->get(), wire::Type::hello, wire::encode(hello), deadline); !st)
    return peer_error(st.error(), peer, timeout_ms);
  auto f = expect_frame(fd->get(), wire::Type::counters, deadline);
  if (!f) return peer_error(f.error(), peer, timeout_ms);
  auto m = wire::decode_counters(f->payload);
  if (!m) return peer_error(m.error(), peer, timeout_ms);
  return *m;
}

Result<CounterMap> snapshot_device(const DeviceSelect& sel) {
  std::string device = sel.device;
  if (device.empty()) {
    auto all = list_devices();
    if (all.empty()) return fail(ErrorKind::not_found, "rdma", "no RDMA devices");
    device = all.front();
  }
  auto out = snapshot_rdma(sel.fs, device, sel.port);
  if (!out) return out;
  // The kernel's table in one call when the device is open here (the server,
  // a probe run); the sysfs walk otherwise.
  auto open = Device::find(device);
  auto table = open ? open->gid_table(sel.port) : read_gid_table(sel.fs, device, sel.port);
  std::vector<std::string> netdevs;
  if (table)
    if (auto gid = select_gid(*table, sel.gid_index); gid && !gid->entry.netdev.empty())
      netdevs = counter_netdevs(sel.fs, gid->entry.netdev);
  for (const std::string& extra : sel.counter_netdevs)
    if (std::find(netdevs.begin(), netdevs.end(), extra) == netdevs.end()) netdevs.push_back(extra);
  for (const std::string& nd : netdevs) {
    // sysfs statistics (packets, drops) and the driver's ethtool statistics
    // (per-priority pause and discards); a netdev without either adds nothing.
    if (auto st = snapshot_netdev(sel.fs, nd)) out->merge(*st);
    auto et = snapshot_ethtool(nd);
    if (et)
      out->merge(*et);
    else if (std::find(sel.counter_netdevs.begin(), sel.counter_netdevs.end(), nd) !=
             sel.counter_netdevs.end())
      return wrap(et.error(), "counters");  // one the user asked for by name
  }
  return out;
}

}  // namespace rocecfg::probe
