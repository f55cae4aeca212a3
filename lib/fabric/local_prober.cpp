#include "fabric/local_prober.h"

#include <fmt/format.h>

#include "fabric/probe_rules.h"
#include "probe/runner.h"

namespace rocecfg::fabric {

Sample run_pair_test(const PairTest& t, const std::string& client_device,
                     const std::string& server_addr, uint16_t server_port) {
  Sample s;
  for (bool bw : {true, false}) {
    if (bw ? !t.bandwidth : !t.latency) continue;
    // The single-pair probe's whole run (counter snapshots of both ends
    // around it, the marking phase with the bandwidth test), judged by its
    // own rules (fabric/probe_rules.h).
    probe::ProbeConfig c;
    c.host = server_addr;
    c.port = server_port;
    c.local.device = client_device;
    c.op = probe::Op::write;
    c.sizes_bytes = {bw ? t.bw_size_bytes : t.lat_size_bytes};
    c.bandwidth = bw;
    c.latency = !bw;
    c.duration_ms = t.duration_ms;
    c.tos = t.tos;
    c.marking_packets = bw ? c.marking_packets : 0;
    c.timeout_ms = t.timeout_ms;
    c.stall_ms = t.stall_ms;
    const char* what = bw ? "bandwidth" : "latency";
    auto report = probe::run_probe(c);
    if (!report) {
      s.error = fmt::format("{}: {}", what, report.error().to_string());
      return s;
    }
    // The counters are evidence even when the test failed (a lossy link
    // can exhaust the retries).
    std::vector<std::string> failed = probe_rule_failures(probe::judge(*report, t.expect));
    s.probe_failures.insert(s.probe_failures.end(), failed.begin(), failed.end());
    for (const probe::TestRecord& r : report->tests) {
      if (r.error) {
        s.error = fmt::format("{}: {}", what, r.error->to_string());
        return s;
      }
      if (bw && r.outcome && r.outcome->bw) s.bw_gbps = r.outcome->bw->gbps;
      if (!bw && r.outcome && r.outcome->lat) s.lat_p50_us = r.outcome->lat->median_us;
    }
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

Result<std::string> LocalProber::run_on_host(size_t, const std::vector<std::string>& argv) {
  return run_command_here(argv, 10000);
}

}  // namespace rocecfg::fabric
