// The host side of `rocecfg apply` and `rocecfg audit` (cmd/verbs.h): pick the
// target interfaces, run the host session (lib/host/host_session.h) and print.
#include <algorithm>
#include <ctime>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "command.h"
#include "core/printable.h"
#include "core/stop_signal.h"
#include "firmware_layer.h"
#include "host/apply_lock.h"
#include "host/discovery.h"
#include "host/host_session.h"
#include "host/linux_host.h"
#include "host/lldp.h"
#include "host/nic_congestion.h"
#include "host/privileges.h"
#include "host/qos_owner.h"
#include "metrics/audit_metrics.h"
#include "metrics/textfile.h"
#include "metrics_output.h"
#include "nic/firmware_dcbx.h"
#include "nic/registry.h"
#include "output.h"
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

// The JSON document's targets and warnings from one host run.
void record(const host::SessionReport& report, bool apply) {
  for (const host::Observation& o : report.targets) {
    std::string outcome = "in_sync";
    if (!o.found)
      outcome = "not_found";
    else if (!o.refusals.empty())
      outcome = "refused";
    else if (!o.unreadable.empty())
      outcome = "unverifiable";
    for (const plan::Step& s : report.plan.steps)
      if (s.target == o.netdev.name && s.kind == plan::StepKind::change && outcome == "in_sync")
        outcome = apply ? (report.dry_run ? "planned" : "changed") : "drift";
    if (apply && report.applied && report.applied->failed) outcome = "failed";
    add_target({{"name", o.netdev.name}, {"kind", "interface"}, {"outcome", outcome}});
    for (const Error& e : o.refusals) add_warning(o.netdev.name, "error", e.to_string());
    for (const Error& e : o.unreadable) add_warning(o.netdev.name, "unverifiable", e.to_string());
    for (const std::string& w : o.warnings) add_warning(o.netdev.name, "warning", w);
  }
  for (const plan::Step& s : report.plan.steps)
    if (s.kind == plan::StepKind::unsupported)
      add_warning(s.target, "unsupported",
                  fmt::format("{}: {}", model::knob_name(s.knob), s.reason));
}

// Why a host run ended in 2 or 3, in one line: the envelope's error names it
// (with --json the text report is not printed, so stderr and the document's
// error are all a reader gets).
std::string failure_text(const host::SessionReport& r) {
  for (const host::Observation& o : r.targets)
    if (!o.refusals.empty()) return o.refusals.front().to_string();
  for (const host::Observation& o : r.targets)
    if (!o.unreadable.empty()) return "could not read: " + o.unreadable.front().to_string();
  if (!r.journal_error.empty()) return "apply journal: " + r.journal_error;
  if (r.applied)
    for (const plan::StepResult& s : r.applied->results)
      if (s.outcome == plan::Outcome::failed) {
        // The kernel's message often names the interface already.
        std::string_view detail = s.detail;
        if (detail.starts_with(s.step.target + ": ")) detail.remove_prefix(s.step.target.size() + 2);
        return fmt::format("{}: {}: {}", s.step.target, model::knob_name(s.step.knob), detail);
      }
  if (r.compared == 0)
    return "nothing compared: no knob of the profile can be read on these interfaces";
  return "the host run failed";
}

// Audit's notes below the QoS knobs (never counted as drift): which congestion
// control the NIC runs where its driver says (host/nic_congestion.h), and,
// when the profile's [dcbx] says who should own PFC/ETS, who can change them
// (host/qos_owner.h).
void add_nic_notes(const profile::Intent& intent, const model::Settings& settings,
                   const host::FsRoot& fs, host::SessionReport& report) {
  for (host::Observation& t : report.targets) {
    if (!t.found || t.netdev.name == model::kHostTarget) continue;
    std::unique_ptr<host::NicAdapter> adapter = nic::make_adapter(t.netdev, fs);
    for (std::string& line :
         host::congestion_notes(intent.congestion, settings.dcqcn.has_value(),
                                host::read_nic_congestion(adapter.get(), t.netdev.driver)))
      t.warnings.push_back(std::move(line));
    if (!intent.qos_owner || !t.dcbx_mode) continue;
    host::QosOwnership who{t.netdev.name,
                           t.dcbx_mode,
                           "",
                           host::running_dcbx_agent(fs),
                           {},
                           nic::read_firmware_dcbx(fs, t.netdev.name, t.netdev.driver)};
    for (const host::OwnerFinding& f : host::qos_owner_findings(intent.qos_owner, who))
      if (!f.info) t.warnings.push_back("qos owner: " + f.seen);
  }
}

template <typename Run>
int run_host_verb(const profile::Intent& intent, const HostVerbOptions& o, Run&& run, bool apply) {
  if ((!o.pci.empty() || o.firmware) && !intent.firmware.declared())
    return report_error(kUsage, "--pci and --firmware need a [firmware] table in the profile");
  // --pci without -i: the NIC firmware layer only.
  if (!o.pci.empty() && o.interfaces.empty()) return run_firmware_layer(intent, o, {}, apply);
  host::FsRoot fs("/");
  Result<host::NlSockPtr> sock = host::open_route_socket();
  if (!sock) return report_error(kRuntime, sock.error().to_string());
  std::vector<std::string> names = targets(fs, o);
  if (names.empty())
    return report_error(kRuntime,
                        "no RoCE interfaces found (no RDMA device with an Ethernet port); "
                        "name interfaces with --interface");
  // Without --interface, say which netdevs discovery chose before touching
  // them: an operator should never learn it from the result.
  if (apply && o.interfaces.empty() && !o.json)
    fmt::print("interfaces: {} (every netdev with a RoCE port; -i IF to choose)\n",
               fmt::join(names, ", "));
  host::LinuxHost backend(fs, sock->get(), nic::make_adapter);
  host::HostInventory inv;
  if (intent.workload.declared) inv = host::discover(fs, false, false);
  model::Settings settings = host_intent_settings(intent, &inv);
  host::SessionReport report = run(backend, names, settings);
  if (!apply) add_nic_notes(intent, settings, fs, report);
  if (!apply && !o.textfile_dir.empty()) {
    // An audit that could not read everything is no drift count: leave the
    // last good file (node_exporter shows its age) rather than a wrong one.
    bool complete = report.exit_code != kRuntime;
    for (const host::Observation& t : report.targets)
      if (!t.refusals.empty() || !t.unreadable.empty()) complete = false;
    size_t unverifiable = 0;
    for (const host::Observation& t : report.targets) unverifiable += t.unreadable_knobs.size();
    if (!complete)
      fmt::print(stderr, "rocecfg audit: metrics not written: the audit did not complete\n");
    else
      report.exit_code =
          write_metrics("audit", o.textfile_dir, "rocecfg_audit.prom",
                        metrics::audit_metrics(report.plan, static_cast<double>(std::time(nullptr)),
                                               unverifiable),
                        report.exit_code);
  }
  // The host report's fields sit at the top of the payload (plan, targets,
  // apply, ...), next to "switches" when --inventory --local runs both.
  json_document().payload.update(host::to_json(report));
  record(report, apply);
  if (o.json && !json_document().error &&
      (report.exit_code == kUsage || report.exit_code == kRuntime))
    report_error(report.exit_code, failure_text(report));
  if (!o.json)
    fmt::print("{}", apply ? host::render_apply_text(report, o.verbose > 0)
                           : host::render_audit_text(report, o.verbose > 0));
  // Below the runtime knobs: the NICs' firmware ([firmware] in the profile).
  std::vector<host::Netdev> netdevs;
  if (intent.firmware.declared())
    for (const host::Netdev& n : host::discover(fs).netdevs)
      if (std::find(names.begin(), names.end(), n.name) != names.end()) netdevs.push_back(n);
  return worst_exit_code(report.exit_code, run_firmware_layer(intent, o, netdevs, apply));
}

}  // namespace

model::Settings host_intent_settings(const profile::Intent& intent,
                                     const host::HostInventory* inv) {
  model::Settings settings = intent.host_settings();
  if (intent.workload.declared) {
    // [workload]: the libraries' files and the OFED override join the plan.
    std::vector<workload::Hca> hcas =
        inv ? workload::select_hcas(*inv, intent.workload) : std::vector<workload::Hca>{};
    workload::add_workload_knobs(intent.workload, workload::library_settings(intent.workload, hcas),
                                 settings);
  }
  return settings;
}

int apply_hosts(const profile::Intent& intent, const HostVerbOptions& options) {
  // Held from before the devices are read until the last read-back or
  // rollback: a plan made from state another run is changing is stale.
  std::optional<LockFile> lock;
  if (!options.dry_run) {
    // Say what is missing before the lock and the plan, rather than fail
    // half-way and report a rollback for a host where nothing changed.
    if (std::optional<std::string> missing = host::missing_apply_privileges())
      return report_error(kRuntime, *missing);
    // From here a SIGTERM (systemd, Ansible) or ^C stops between two writes
    // and rolls back instead of leaving some interfaces changed.
    install_stop_handlers();
    Result<LockFile> l = LockFile::acquire(host::kHostApplyLockPath, options.lock_wait_s * 1000,
                                           "the host apply lock");
    if (!l) return report_error(kRuntime, l.error().to_string());
    lock.emplace(std::move(*l));
  }
  return run_host_verb(
      intent, options,
      [&](host::LinuxHost& b, const std::vector<std::string>& n, const model::Settings& s) {
        host::SessionPolicy policy{options.strict, plan::state_dir(), {}, ""};
        if (intent.qos_owner == model::QosOwner::switch_) {
          policy.owned_elsewhere = {model::Knob::pfc, model::Knob::ets};
          policy.owned_elsewhere_reason =
              "owned by the switch ([dcbx] owner = \"switch\"): DCBX sets it, rocecfg does not "
              "write it; it differs from the profile (fix the switch's PFC/ETS or its DCBX)";
        }
        return host::run_apply(b, n, s, options.dry_run, policy);
      },
      true);
}

int audit_hosts(const profile::Intent& intent, const HostVerbOptions& options) {
  return run_host_verb(
      intent, options,
      [&](host::LinuxHost& b, const std::vector<std::string>& n, const model::Settings& s) {
        return host::run_audit(b, n, s, {options.strict, plan::state_dir(), {}, ""});
      },
      false);
}

}  // namespace rocecfg::cmd
