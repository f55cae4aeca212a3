#include "fabric/local_prober.h"

#include <fmt/format.h>

#include "probe/session.h"

namespace rocecfg::fabric {

Sample run_pair_test(const PairTest& t, const std::string& client_device,
                     const std::string& server_addr, uint16_t server_port) {
  Sample s;
  for (bool bw : {true, false}) {
    if (bw ? !t.bandwidth : !t.latency) continue;
    probe::ClientConfig c;
    c.host = server_addr;
    c.port = server_port;
    c.local.device = client_device;
    c.params.op = probe::Op::write;
    c.params.mode = bw ? probe::Mode::bw : probe::Mode::lat;
    c.params.size_bytes = bw ? t.bw_size_bytes : t.lat_size_bytes;
    c.params.duration_ms = t.duration_ms;
    c.params.tos = t.tos;
    c.timeout_ms = t.timeout_ms;
    c.stall_ms = t.stall_ms;
    auto out = probe::run_test(c);
    if (!out) {
      s.error = fmt::format("{}: {}", bw ? "bandwidth" : "latency", out.error().to_string());
      return s;
    }
    if (bw && out->bw) s.bw_gbps = out->bw->gbps;
    if (!bw && out->lat) s.lat_p50_us = out->lat->median_us;
  }
  return s;
}

Result<std::unique_ptr<LocalProber>> LocalProber::start(const std::vector<FabricHost>& hosts,
                                                        const PairTest& test) {
  std::unique_ptr<LocalProber> p(new LocalProber());
  p->hosts_ = hosts;
  p->test_ = test;
  for (FabricHost& h : p->hosts_) {
    probe::ServerConfig sc;
    sc.bind_ip = h.probe_address;
    sc.port = 0;
    sc.device.device = h.rdma_device;
    sc.stall_ms = test.stall_ms;
    auto s = probe::Server::start(sc);
    if (!s) return wrap(s.error(), h.name);
    h.probe_port = (*s)->port();
    p->servers_.push_back(std::move(*s));
  }
  return p;
}

LocalProber::~LocalProber() {
  for (auto& s : servers_) s->stop();
}

Sample LocalProber::run_pair(const Pair& p) {
  const FabricHost& c = hosts_.at(p.client);
  const FabricHost& s = hosts_.at(p.server);
  return run_pair_test(test_, c.rdma_device, s.probe_address, s.probe_port);
}

std::vector<Sample> LocalProber::run_round(const Round& round) {
  return run_pairs_at_once(round, [this](const Pair& p) { return run_pair(p); });
}

}  // namespace rocecfg::fabric
