// The host side of `rocecfg apply` and `rocecfg audit` (cmd/verbs.h): pick the
// target interfaces, run the host session (lib/host/host_session.h) and print.
#include <algorithm>
#include <ctime>

#include <fmt/format.h>

#include "command.h"
#include "host/discovery.h"
#include "host/host_session.h"
#include "host/linux_host.h"
#include "metrics/audit_metrics.h"
#include "metrics/textfile.h"
#include "nic/registry.h"
#include "verbs.h"
#include "workload/library_settings.h"

namespace rocecfg::cmd {

namespace {

// --interface names, or every netdev with a RoCE port.
std::vector<std::string> targets(const host::FsRoot& fs, const HostVerbOptions& o) {
  if (!o.interfaces.empty()) return o.interfaces;
  std::vector<std::string> names;
  for (const host::Netdev& n : host::discover(fs).netdevs)
    if (std::find(names.begin(), names.end(), n.name) == names.end()) names.push_back(n.name);
  return names;
}

template <typename Run>
int run_host_verb(const profile::Intent& intent, const HostVerbOptions& o, Run&& run, bool apply) {
  host::FsRoot fs("/");
  Result<host::NlSockPtr> sock = host::open_route_socket();
  if (!sock) {
    fmt::print(stderr, "rocecfg: {}\n", sock.error().to_string());
    return kRuntime;
  }
  std::vector<std::string> names = targets(fs, o);
  if (names.empty()) {
    fmt::print(stderr,
               "rocecfg: no RoCE interfaces found (no RDMA device with an Ethernet port); "
               "name interfaces with --interface\n");
    return kRuntime;
  }
  host::LinuxHost backend(fs, sock->get(), nic::make_adapter);
  model::Settings settings = intent.host_settings();
  if (intent.workload.declared) {
    // [workload]: the libraries' files and the OFED override join the plan.
    std::vector<workload::Hca> hcas =
        workload::select_hcas(host::discover(fs, false, false), intent.workload);
    workload::add_workload_knobs(intent.workload, workload::library_settings(intent.workload, hcas),
                                 settings);
  }
  host::SessionReport report = run(backend, names, settings);
  if (!apply && !o.textfile_dir.empty()) {
    // An audit that could not read everything is no drift count: leave the
    // last good file (node_exporter shows its age) rather than a wrong one.
    bool complete = report.exit_code != kRuntime;
    for (const host::Observation& t : report.targets)
      if (!t.refusals.empty() || !t.unreadable.empty()) complete = false;
    if (!complete)
      fmt::print(stderr, "rocecfg audit: metrics not written: the audit did not complete\n");
    else if (Status s = metrics::write_textfile(
                 o.textfile_dir, "rocecfg_audit.prom",
                 metrics::audit_metrics(report.plan, static_cast<double>(std::time(nullptr))));
             !s)
      fmt::print(stderr, "rocecfg audit: metrics not written: {}\n", s.error().to_string());
  }
  if (o.json)
    fmt::print("{}\n", host::to_json(report).dump(2));
  else
    fmt::print("{}", apply ? host::render_apply_text(report, o.verbose > 0)
                           : host::render_audit_text(report, o.verbose > 0));
  return report.exit_code;
}

}  // namespace

int apply_hosts(const profile::Intent& intent, const HostVerbOptions& options) {
  return run_host_verb(
      intent, options,
      [&](host::LinuxHost& b, const std::vector<std::string>& n, const model::Settings& s) {
        return host::run_apply(b, n, s, options.dry_run);
      },
      true);
}

int audit_hosts(const profile::Intent& intent, const HostVerbOptions& options) {
  return run_host_verb(
      intent, options,
      [](host::LinuxHost& b, const std::vector<std::string>& n, const model::Settings& s) {
        return host::run_audit(b, n, s);
      },
      false);
}

}  // namespace rocecfg::cmd
