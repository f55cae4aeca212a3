#include "fabric/srun_prober.h"

#include <regex>

#include <fmt/format.h>

#include "switch/fleet.h"

namespace rocecfg::fabric {
namespace {

const std::string& node_of(const FabricHost& h) {
  return h.slurm_node.empty() ? h.name : h.slurm_node;
}

// One task on one named node, sharing the allocation with the other steps.
std::vector<std::string> step(const SrunProberOptions& o, const FabricHost& h) {
  return {o.srun, "--nodes=1", "--ntasks=1", "--nodelist=" + node_of(h), "--overlap", "--quiet"};
}

}  // namespace

bool valid_slurm_node(const std::string& name) {
  static const std::regex grammar("[A-Za-z0-9_][A-Za-z0-9._-]{0,63}");
  return std::regex_match(name, grammar);
}

std::vector<std::string> SrunProber::server_argv(const SrunProberOptions& o, const FabricHost& h) {
  std::vector<std::string> argv = step(o, h);
  argv.insert(argv.end(),
              {"timeout", std::to_string(o.server_lifetime_s), o.remote_rocecfg, "probe"});
  for (const std::string& a : probe_server_args(h.rdma_device, h.probe_address, h.probe_port))
    argv.push_back(a);
  return argv;
}

std::vector<std::string> SrunProber::client_argv(const SrunProberOptions& o, const PairTest& t,
                                                 bool bandwidth, const FabricHost& client,
                                                 const FabricHost& server) {
  std::vector<std::string> argv = step(o, client);
  argv.insert(argv.end(), {o.remote_rocecfg, "probe"});
  for (const std::string& a :
       probe_client_args(t, bandwidth, client.rdma_device, server.probe_address, server.probe_port))
    argv.push_back(a);
  return argv;
}

std::unique_ptr<SrunProber> SrunProber::start(const std::vector<FabricHost>& hosts,
                                              const PairTest& t, const SrunProberOptions& o) {
  std::unique_ptr<SrunProber> p(new SrunProber());
  p->hosts_ = hosts;
  p->test_ = t;
  p->opts_ = o;
  size_t n = hosts.size();
  p->servers_.resize(n);
  p->errors_.resize(n);
  for (size_t i = 0; i < n; ++i)
    if (!valid_slurm_node(node_of(hosts[i])))
      p->errors_[i] = fmt::format("\"{}\" is not a Slurm node name", node_of(hosts[i]));
  if (!o.start_servers) return p;
  // Steps start one after another in slurmctld anyway; a few at once keeps
  // its RPC queue short.
  sw::run_fleet(
      n, 8,
      [&](size_t i) {
        if (p->errors_[i]) return;
        auto s = BackgroundProcess::start(server_argv(o, p->hosts_[i]), "listening on port",
                                          o.server_start_timeout_ms);
        if (!s)
          p->errors_[i] = fmt::format("the probe server step failed: {}", s.error().message);
        else
          p->servers_[i] = std::move(*s);
      },
      [&](size_t i, const std::string& what) { p->errors_[i] = what; });
  return p;
}

SrunProber::~SrunProber() = default;  // each server step gets SIGTERM and is reaped

Sample SrunProber::run_pair(const Pair& pr) {
  Sample s;
  for (size_t h : {pr.client, pr.server})
    if (errors_[h]) {
      s.error = fmt::format("{}: {}", hosts_[h].name, *errors_[h]);
      return s;
    }
  return run_remote_pair(
      test_, hosts_[pr.client].name, [&](bool bw) -> std::expected<std::string, std::string> {
        // The probe's own timeout plus step launch and process start.
        auto out = run_process(client_argv(opts_, test_, bw, hosts_[pr.client], hosts_[pr.server]),
                               test_.timeout_ms + 15000);
        if (!out) return std::unexpected("the probe client step: " + out.error().message);
        // 0 and 1 (verdict FAIL) carry the JSON; anything else is srun's or
        // the probe's failure, said on stderr.
        if (out->exit_status > 1)
          return std::unexpected(fmt::format("the probe client step failed (exit {}): {}",
                                             out->exit_status, last_line(out->err)));
        return out->out;
      });
}

Result<std::string> SrunProber::run_on_host(size_t e, const std::vector<std::string>& argv) {
  if (e >= hosts_.size() || argv.empty()) return fail("fabric", "no such endpoint");
  if (errors_[e]) return fail(hosts_[e].name, *errors_[e]);
  std::vector<std::string> line = step(opts_, hosts_[e]);
  line.insert(line.end(), argv.begin(), argv.end());
  return run_command_here(line, 30000);
}

std::vector<Sample> SrunProber::run_round(const Round& round) {
  return run_pairs_at_once(round, [this](const Pair& p) { return run_pair(p); });
}

}  // namespace rocecfg::fabric
