// Hosts reached over SSH with the project's libssh transport (lib/switch,
// strict host keys: an unknown or changed key is refused). Each host's
// `rocecfg probe --server` either runs already (systemd) or is started on
// demand for the run: under `timeout LIFETIME`, so a controller that dies
// leaves no server behind for longer than that, and stopped at the end. Each
// test runs `rocecfg probe --peer SERVER --json` on the client host and reads
// its JSON. Every remote argument is shell-quoted and the lines pass
// lib/switch's command check; names and devices are grammar-checked by the
// inventory or hostlist before they get here. One SSH connection per host,
// opened `parallel` at a time; a host that cannot be reached fails its own
// tests, not the run.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "fabric/hosts.h"
#include "fabric/pair_test.h"
#include "fabric/prober.h"
#include "switch/ssh.h"

namespace rocecfg::fabric {

struct SshProberOptions {
  std::string remote_rocecfg = "rocecfg";  // the binary on the hosts
  bool start_servers = true;               // false: already running (systemd)
  uint32_t server_lifetime_s = 3600;       // `timeout` around a started server
  size_t connect_parallel = 32;
};

class SshProber final : public Prober {
 public:
  // Connects to every host and starts servers. Hosts that fail are recorded
  // (host_errors) and their tests fail with that reason.
  static std::unique_ptr<SshProber> start(const std::vector<FabricHost>& hosts, const PairTest& t,
                                          const SshProberOptions& o);
  ~SshProber() override;
  std::vector<Sample> run_round(const Round& round) override;
  // argv shell-quoted over the endpoint's session, also when its probe
  // server could not start (a host that could not be reached: why).
  Result<std::string> run_on_host(size_t e, const std::vector<std::string>& argv) override;
  // Per host: why it cannot take part (unset: fine).
  const std::vector<std::optional<std::string>>& host_errors() const { return errors_; }

  // The remote command lines, exposed for tests.
  static std::string server_start_line(const SshProberOptions& o, const FabricHost& h);
  static std::string client_line(const SshProberOptions& o, const PairTest& t, bool bandwidth,
                                 const FabricHost& client, const FabricHost& server);

 private:
  SshProber() = default;
  Sample run_pair(const Pair& p);
  std::vector<FabricHost> hosts_;
  PairTest test_;
  SshProberOptions opts_;
  std::vector<std::unique_ptr<sw::ExecSession>> sessions_;
  std::vector<std::optional<std::string>> errors_;
  std::vector<std::string> server_pids_;
};

}  // namespace rocecfg::fabric
