// rocecfg check --inventory INV PROFILE: does the whole fabric agree with
// itself? Reads every switch and host of the inventory at once (lib/check)
// and prints one verdict table: which device disagrees with which, on which
// knob, and why it matters. `audit` compares each device with the profile;
// check compares the devices with each other (the profile gives the DSCPs
// that matter, the CNP DSCP, and its [check] table: waivers and the job's
// tolerance).
#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "check/options.h"
#include "check/read_fabric.h"
#include "check/report.h"
#include "command.h"
#include "core/printable.h"
#include "host/discovery.h"
#include "host/netlink.h"
#include "host/qos_view.h"
#include "load_or_report.h"
#include "model/hostlist.h"
#include "nic/registry.h"
#include "output.h"
#include "switch_verbs.h"

namespace rocecfg::cmd {
namespace {

struct CheckArgs {
  std::string profile;
  std::string from_dir;
  std::string hosts_from_dir;
  std::string remote_rocecfg = "rocecfg";
  int parallel = 32;
  bool accept_new_host_keys = false;
};

// This host's `show host --qos --json` payload, for a [[host]] without an
// address (the same observation `show host --qos` makes).
std::string local_host_json(const std::vector<std::string>& names) {
  host::FsRoot fs("/");
  std::vector<std::string> wanted = names;
  if (wanted.empty())
    for (const host::Netdev& n : host::discover(fs, false, false).netdevs)
      if (std::find(wanted.begin(), wanted.end(), n.name) == wanted.end()) wanted.push_back(n.name);
  Result<host::NlSockPtr> sock = host::open_route_socket();
  if (!sock) return "";
  host::LinuxHost backend(fs, sock->get(), nic::make_adapter);
  std::vector<host::QosView> views;
  for (const std::string& n : wanted) views.push_back(host::observe_qos(backend, fs, n));
  return host::qos_json(views).dump();
}

int run_check(const CheckArgs& a, const Globals& g) {
  if (g.inventory.empty()) return report_error(kUsage, "check needs --inventory FILE");
  if (!a.from_dir.empty() && !a.hosts_from_dir.empty())
    return report_error(kUsage, "--from-dir reads every device; --hosts-from-dir only the hosts");
  std::optional<profile::Intent> intent = load_profile_or_report(a.profile, g.json);
  if (!intent) return kUsage;
  Diagnostics diags;
  check::CheckOptions options = check::read_check_options(a.profile, diags);
  if (!diags.all().empty()) fmt::print(stderr, "{}", diags.render());
  if (diags.has_errors())
    return report_error(kUsage, fmt::format("{}: [check] is not valid", a.profile));
  std::optional<profile::Inventory> inv = load_inventory_or_report(g.inventory, g.json);
  if (!inv) return kUsage;

  std::vector<sw::FleetSwitch> switches;
  for (const profile::SwitchEntry& e : inv->switches)
    switches.push_back(fleet_entry(e, a.accept_new_host_keys));
  check::ReadOptions ro;
  ro.from_dir = a.from_dir;
  ro.hosts_from_dir = a.hosts_from_dir;
  ro.remote_rocecfg = a.remote_rocecfg;
  ro.parallel = a.parallel;
  ro.accept_new_host_keys = a.accept_new_host_keys;
  ro.progress = {isatty(STDERR_FILENO) == 1 && !g.json, "reading"};
  ro.local_host_name = model::short_host_name();
  ro.local_host_json = local_host_json;
  std::vector<check::DeviceReading> devices = check::read_fabric(switches, inv->hosts, ro);

  check::FabricFacts facts;
  facts.lossless_dscp = intent->lossless_dscp;
  if (intent->common.dscp_priority)
    for (const auto& [dscp, prio] : *intent->common.dscp_priority)
      facts.mapped_dscp.push_back(dscp.value());
  if (intent->common.cnp) facts.cnp_dscp = intent->common.cnp->dscp.value();
  facts.job_tolerance_ms = options.job_tolerance_ms;
  facts.job_tolerance_from = options.job_tolerance_from;
  std::vector<check::Finding> findings = check::judge_fabric(devices, facts, options.waive);

  for (const check::DeviceReading& d : devices)
    add_target({{"name", d.name},
                {"kind", check::to_string(d.kind)},
                {"outcome", d.error ? "unread" : "read"}});
  json_document().payload = check::to_json(devices, findings, options.waive);
  if (!g.json) fmt::print("{}", check::render_text(devices, findings, options.waive));
  int rc = check::check_exit_code(devices, findings);
  if (rc == kRuntime) {
    // Exit 3 is a device that could not be read: the error names each one.
    std::vector<std::string> unread;
    for (const check::DeviceReading& d : devices)
      if (d.error) unread.push_back(fmt::format("{} ({})", d.name, *d.error));
    return report_error(rc, fmt::format("not read: {}", fmt::join(unread, "; ")));
  }
  return rc;
}

const bool registered = register_command(
    {"check",
     "one consistency verdict over every switch and host of the inventory",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<CheckArgs>();
       sub.add_option("profile", a->profile, "profile TOML file")->required();
       sub.add_option("--from-dir", a->from_dir,
                      "read every device from saved files in DIR: NAME.* per device (a switch's "
                      "running config, a host's `rocecfg show host --qos --json`)")
           ->check(CLI::ExistingDirectory);
       sub.add_option("--hosts-from-dir", a->hosts_from_dir,
                      "read the hosts from saved files in DIR, the switches live")
           ->check(CLI::ExistingDirectory);
       sub.add_option("--remote-rocecfg", a->remote_rocecfg,
                      "the rocecfg binary on the hosts (run over SSH: show host --qos --json)")
           ->capture_default_str();
       sub.add_option("--parallel", a->parallel, "devices read at once")
           ->check(CLI::Range(1, 256))
           ->capture_default_str();
       sub.add_flag(
           "--accept-new-host-keys", a->accept_new_host_keys,
           "trust and record unknown host keys of switches and hosts (a changed key is always "
           "refused)");
       sub.footer(
           "Rules: lossless_priority, trust, dscp_map, roce_mtu, cnp_class, watchdog_hops, "
           "watchdog_tolerance. Waive one with [check] waive = [\"NAME\"] in the profile.\n"
           "Exit: 0 the fabric agrees and everything was read, 1 a rule disagrees, 2 bad "
           "profile, inventory or options, 3 a device could not be read, 4 something was not "
           "observed.");
       return std::function<int()>([a, &g] { return run_check(*a, g); });
     },
     {kOk, kDrift, kUsage, kRuntime, kNotEvaluated}});

}  // namespace
}  // namespace rocecfg::cmd
