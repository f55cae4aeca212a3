#include "fabric/ssh_prober.h"

#include <fmt/format.h>

#include "switch/fleet.h"

namespace rocecfg::fabric {
namespace {

std::string quoted(const std::vector<std::string>& args) {
  std::string out;
  for (const std::string& a : args) out += " " + shell_quote(a);
  return out;
}

// Starts "$@" in the background with its output in a fresh temporary file,
// waits up to 10 s for the probe server's "listening on port" line, prints
// "pid N". Single-quoted as a whole, so it may hold no single quote.
constexpr const char* kStartScript =
    "log=$(mktemp) || exit 3; nohup \"$@\" >\"$log\" 2>&1 </dev/null & p=$!; i=0; "
    "while [ $i -lt 100 ]; do "
    "if grep -q \"listening on port\" \"$log\"; then echo \"pid $p\"; rm -f \"$log\"; exit 0; fi; "
    "kill -0 $p 2>/dev/null || { cat \"$log\" >&2; rm -f \"$log\"; exit 3; }; "
    "sleep 0.1; i=$((i+1)); done; kill $p; cat \"$log\" >&2; rm -f \"$log\"; exit 4";

// Runs "$@" and passes exit 0 and 1 (probe verdict FAIL, JSON still on
// stdout) as success; anything else fails with the probe's stderr.
constexpr const char* kClientScript =
    "e=$(mktemp) || exit 3; \"$@\" 2>\"$e\"; r=$?; "
    "if [ $r -gt 1 ]; then cat \"$e\" >&2; rm -f \"$e\"; exit $r; fi; rm -f \"$e\"";

// lib/switch's errors quote the whole remote line ("sh -c '...' sh ..."
// failed (exit 3): ...); a fabric report names the step instead, so the
// reason (the remote stderr) is what a reader sees.
std::string reason(const Error& e, const std::string& line, const std::string& step) {
  std::string m = e.message;
  std::string quoted_line = fmt::format("{:?}", line);
  if (size_t at = m.find(quoted_line); at != std::string::npos)
    m.replace(at, quoted_line.size(), step);
  return m;
}

}  // namespace

std::string SshProber::server_start_line(const SshProberOptions& o, const FabricHost& h) {
  std::vector<std::string> argv{"timeout", std::to_string(o.server_lifetime_s), o.remote_rocecfg,
                                "probe"};
  for (const std::string& a : probe_server_args(h.rdma_device, h.probe_address, h.probe_port))
    argv.push_back(a);
  return fmt::format("sh -c '{}' sh{}", kStartScript, quoted(argv));
}

std::string SshProber::client_line(const SshProberOptions& o, const PairTest& t, bool bandwidth,
                                   const FabricHost& client, const FabricHost& server) {
  std::vector<std::string> argv{o.remote_rocecfg, "probe"};
  for (const std::string& a :
       probe_client_args(t, bandwidth, client.rdma_device, server.probe_address, server.probe_port))
    argv.push_back(a);
  return fmt::format("sh -c '{}' sh{}", kClientScript, quoted(argv));
}

std::unique_ptr<SshProber> SshProber::start(const std::vector<FabricHost>& hosts, const PairTest& t,
                                            const SshProberOptions& o) {
  std::unique_ptr<SshProber> p(new SshProber());
  p->hosts_ = hosts;
  p->test_ = t;
  p->opts_ = o;
  size_t n = hosts.size();
  p->sessions_.resize(n);
  p->errors_.resize(n);
  p->server_pids_.resize(n);
  // The session outlives the whole test run: its command timeout must cover
  // one test (the probe's own timeout plus SSH and process start).
  sw::run_fleet(
      n, static_cast<int>(o.connect_parallel),
      [&](size_t i) {
        sw::SshTarget target = p->hosts_[i].ssh;
        target.command_timeout_ms =
            std::max<uint32_t>(target.command_timeout_ms, t.timeout_ms + 15000);
        auto s = sw::ExecSession::open(target);
        if (!s) {
          p->errors_[i] = s.error().message;
          return;
        }
        // Kept even when its server fails: readings beside the probes
        // (run_on_host) still reach the host.
        sw::ExecSession& session = **s;
        p->sessions_[i] = std::move(*s);
        if (o.start_servers) {
          std::string line = server_start_line(o, p->hosts_[i]);
          auto out = session.run(line);
          if (!out) {
            p->errors_[i] = reason(out.error(), line, "the probe server");
            return;
          }
          if (out->rfind("pid ", 0) == 0) {
            std::string pid = out->substr(4);
            while (!pid.empty() && (pid.back() == '\n' || pid.back() == '\r')) pid.pop_back();
            if (pid.find_first_not_of("0123456789") == std::string::npos) p->server_pids_[i] = pid;
          }
        }
      },
      [&](size_t i, const std::string& what) { p->errors_[i] = what; });
  return p;
}

SshProber::~SshProber() {
  for (size_t i = 0; i < sessions_.size(); ++i)
    if (sessions_[i] && !server_pids_[i].empty())
      (void)sessions_[i]->run("kill " + server_pids_[i]);
}

Sample SshProber::run_pair(const Pair& pr) {
  Sample s;
  for (size_t h : {pr.client, pr.server})
    if (errors_[h]) {
      s.error = fmt::format("{}: {}", hosts_[h].name, *errors_[h]);
      return s;
    }
  sw::ExecSession& session = *sessions_[pr.client];
  return run_remote_pair(
      test_, hosts_[pr.client].name, [&](bool bw) -> std::expected<std::string, std::string> {
        std::string line = client_line(opts_, test_, bw, hosts_[pr.client], hosts_[pr.server]);
        auto out = session.run(line);
        if (out) return *out;
        // A lost connection is reopened once for the next test.
        std::string why = reason(out.error(), line, "the probe client");
        (void)session.reconnect();
        return std::unexpected(why);
      });
}

Result<std::string> SshProber::run_on_host(size_t e, const std::vector<std::string>& argv) {
  if (e >= hosts_.size() || argv.empty()) return fail("fabric", "no such endpoint");
  if (!sessions_[e]) return fail(hosts_[e].name, errors_[e].value_or("not connected"));
  std::string line = shell_quote(argv.front()) + quoted({argv.begin() + 1, argv.end()});
  auto out = sessions_[e]->run(line);
  if (!out) return fail(argv.front(), reason(out.error(), line, argv.front()));
  return out;
}

std::vector<Sample> SshProber::run_round(const Round& round) {
  return run_pairs_at_once(round, [this](const Pair& p) { return run_pair(p); });
}

}  // namespace rocecfg::fabric
