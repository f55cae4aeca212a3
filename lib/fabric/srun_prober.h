// Hosts reached through Slurm inside an allocation ($SLURM_JOB_ID set): the
// engine a cluster already runs starts the probes, with the job's own
// credentials, so no SSH keys and no new listening service are involved.
// Each host's `rocecfg probe --server` is a job step of its own, launched
// with `srun --nodes=1 --ntasks=1 --nodelist=NODE --overlap` under `timeout
// LIFETIME` and stopped (SIGTERM to srun, which forwards it to the task) at
// the end; each test is one more step on the client's node running `rocecfg
// probe --peer SERVER --json`, whose stdout is the JSON. --overlap lets the
// steps share the allocation's CPUs, memory and GRES: a server step would
// otherwise hold its node's CPUs and every later step on that node would wait
// for it. Flags from srun(1) of Slurm 22.05 (Debian 12 slurm-client
// 22.05.8; also https://manpages.ubuntu.com/manpages/lunar/man1/srun.1.html):
// -N/--nodes, -n/--ntasks, -w/--nodelist (a name with '/' would be read as a
// file, so node names are grammar-checked), --overlap, -Q/--quiet, and
// "Signals sent to the srun command are automatically forwarded to the tasks".
// A host maps to a Slurm node by the inventory's `slurm_node` (default: its
// name), so several endpoints of one node are several hosts.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/child_process.h"
#include "fabric/hosts.h"
#include "fabric/pair_test.h"
#include "fabric/prober.h"

namespace rocecfg::fabric {

struct SrunProberOptions {
  std::string srun = "srun";               // the launcher on this (the controller's) node
  std::string remote_rocecfg = "rocecfg";  // the binary on the nodes
  bool start_servers = true;               // false: already running (systemd)
  uint32_t server_lifetime_s = 3600;       // `timeout` around a started server
  uint32_t server_start_timeout_ms = 30000;
};

// A name srun may be given as --nodelist=NAME: letters, digits, '.', '_',
// '-', not starting with '-' or '.', at most 64 characters.
bool valid_slurm_node(const std::string& name);

class SrunProber final : public Prober {
 public:
  // Starts every host's server step. Hosts that fail are recorded
  // (host_errors) and their tests fail with that reason.
  static std::unique_ptr<SrunProber> start(const std::vector<FabricHost>& hosts, const PairTest& t,
                                           const SrunProberOptions& o);
  ~SrunProber() override;
  std::vector<Sample> run_round(const Round& round) override;
  // argv as one more step on the endpoint's node.
  Result<std::string> run_on_host(size_t e, const std::vector<std::string>& argv) override;
  const std::vector<std::optional<std::string>>& host_errors() const { return errors_; }

  // The step command lines (argv), exposed for tests.
  static std::vector<std::string> server_argv(const SrunProberOptions& o, const FabricHost& h);
  static std::vector<std::string> client_argv(const SrunProberOptions& o, const PairTest& t,
                                              bool bandwidth, const FabricHost& client,
                                              const FabricHost& server);

 private:
  SrunProber() = default;
  Sample run_pair(const Pair& p);
  std::vector<FabricHost> hosts_;
  PairTest test_;
  SrunProberOptions opts_;
  std::vector<std::unique_ptr<BackgroundProcess>> servers_;
  std::vector<std::optional<std::string>> errors_;
};

}  // namespace rocecfg::fabric
