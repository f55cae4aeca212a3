// Endpoints that all live on this machine (several RDMA devices, e.g. the
// lab's rxe devices on veth links through a bridge): one in-process probe
// server per endpoint, and each round's pairs run at once on threads through
// lib/probe's client. The probe engine is the same as on a real host; only
// the process boundary is missing.
#pragma once

#include <memory>
#include <vector>

#include "fabric/hosts.h"
#include "fabric/pair_test.h"
#include "fabric/prober.h"
#include "probe/server.h"

namespace rocecfg::fabric {

class LocalProber final : public Prober {
 public:
  // Starts a server per host (on its probe_address, port 0: any free port).
  static Result<std::unique_ptr<LocalProber>> start(const std::vector<FabricHost>& hosts,
                                                    const PairTest& test);
  ~LocalProber() override;
  std::vector<Sample> run_round(const Round& round) override;
  // Every endpoint lives on this machine: argv runs here.
  Result<std::string> run_on_host(size_t e, const std::vector<std::string>& argv) override;

 private:
  LocalProber() = default;
  Sample run_pair(const Pair& p);
  std::vector<FabricHost> hosts_;
  PairTest test_;
  std::vector<std::unique_ptr<probe::Server>> servers_;
};

// One pair test through lib/probe's runner: bandwidth, then latency, each
// judged by the probe's own path rules (fabric/probe_rules.h).
Sample run_pair_test(const PairTest& t, const std::string& client_device,
                     const std::string& server_addr, uint16_t server_port);

}  // namespace rocecfg::fabric
