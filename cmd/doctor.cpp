// rocecfg doctor [PROFILE]: explain what is wrong with this host's RoCE setup
// (lib/doctor/doctor.h). Wires the real host observation, the NIC's ethtool
// side (link pause, offloads, per-priority counters) and the kernel log.
#include <algorithm>

#include <fmt/format.h>

#include "command.h"
#include "core/printable.h"
#include "doctor/doctor.h"
#include "doctor/doctor_counters.h"
#include "doctor/doctor_firmware.h"
#include "doctor/kernel_log.h"
#include "core/child_process.h"
#include "firmware_layer.h"
#include "gate/switch_counters.h"
#include "host/ethtool_link.h"
#include "host/linux_host.h"
#include "host/lldp.h"
#include "host/netlink.h"
#include "interface_option.h"
#include "lldpcli.h"
#include "load_or_report.h"
#include "model/hostlist.h"
#include "nic/firmware_dcbx.h"
#include "nic/registry.h"
#include "output.h"
#include "probe/counters.h"
#include "switch/fleet.h"
#include "switch_verbs.h"

namespace rocecfg::cmd {
namespace {

struct DoctorArgs {
  std::string profile;
  std::vector<std::string> interfaces;
  std::string kernel_log = "/dev/kmsg";
  std::string lldp_socket;  // lldpcli -u; empty: lldpd's default
};

int run_doctor_verb(const DoctorArgs& a, const Globals& g) {
  doctor::DoctorInput in;
  std::optional<std::vector<std::string>> interfaces = existing_interfaces_or_report(a.interfaces);
  if (!interfaces) return kUsage;
  in.interfaces = *interfaces;
  if (!a.profile.empty()) {
    in.intent = load_profile_or_report(a.profile, g.json);
    if (!in.intent) return kUsage;
    in.profile_path = a.profile;
    // A --inventory adds the switch half, read live: every switch's audit
    // against the profile (SSH, strict host keys), compared with this host.
    if (!g.inventory.empty()) {
      std::optional<profile::Inventory> inv = load_inventory_or_report(g.inventory, g.json);
      if (!inv) return kUsage;
      // This host's declared NICs ([[host]] by its short name), each must be present.
      if (const profile::HostEntry* self = inv->find_host(model::short_host_name())) {
        in.declared_nics = self->nics;
        in.inventory_host = self->name;
        // And where each is cabled, from lldpd (read only when a NIC names its port).
        in.lldp_neighbors = [socket = a.lldp_socket] { return lldp_neighbors(socket); };
      }
      in.inventory_path = g.inventory;
      std::vector<sw::FleetSwitch> fleet;
      for (const profile::SwitchEntry& e : inv->switches) fleet.push_back(fleet_entry(e, false));
      model::Settings want = in.intent->switch_settings();
      in.switch_audits = [fleet, want] {
        return sw::run_switches(fleet, want, sw::FleetMode::audit, 16);
      };
      in.switch_fix = fmt::format("rocecfg apply {} --inventory {}", a.profile, g.inventory);
      // And each switch's counters over one second, judged as `rocecfg counters` does.
      sw::CounterRules rules = gate::switch_counter_rules(*in.intent, false);
      std::string watch = fmt::format("rocecfg counters {} --inventory {}", a.profile, g.inventory);
      in.switch_counter_findings = [fleet, rules, watch, fix = in.switch_fix] {
        sw::CounterCollectOptions o;
        o.window_ms = 1000;
        o.parallel = 16;
        return doctor::check_switch_counters(sw::collect_counters(fleet, o), rules, watch, fix);
      };
    }
  }
  // Host observation through lib/host; one socket and backend for all interfaces.
  std::shared_ptr<host::NlSockPtr> sock;
  std::shared_ptr<host::FsRoot> fs = std::make_shared<host::FsRoot>("/");
  std::shared_ptr<host::LinuxHost> backend;
  if (in.intent) {
    if (Result<host::NlSockPtr> s = host::open_route_socket()) {
      sock = std::make_shared<host::NlSockPtr>(std::move(*s));
      backend = std::make_shared<host::LinuxHost>(*fs, sock->get(), nic::make_adapter);
      model::Settings want = in.intent->host_settings();
      in.observe = [backend, want](const std::string& ifname) -> Result<model::Settings> {
        host::Observation o = backend->observe(ifname, want);
        if (!o.refusals.empty() && o.refusals.front().kind == ErrorKind::not_found)
          return std::unexpected(o.refusals.front());
        return o.observed;
      };
    }
  }
  // Each NIC's dcbnl DCBX mode, for the "qos owner" check (host/qos_owner.h).
  if (Result<host::NlSockPtr> s = host::open_route_socket()) {
    auto dcb_sock = std::make_shared<host::NlSockPtr>(std::move(*s));
    in.dcbx_mode = [dcb_sock](const std::string& ifname) -> Result<uint8_t> {
      Result<host::DcbState> state = host::DcbClient(dcb_sock->get()).get(ifname);
      if (!state) return std::unexpected(state.error());
      if (!state->dcbx)
        return fail(ErrorKind::unsupported, ifname, "the driver reports no DCBX mode");
      return *state->dcbx;
    };
  }
  in.lldpad_admin_status = [](const std::string& ifname) -> Result<std::string> {
    // No shell: the argv is exec'd as given (core/child_process.h).
    Result<ProcessOutput> r =
        run_process({"lldptool", "get-lldp", "-i", ifname, "adminStatus"}, 3000);
    if (!r) return std::unexpected(r.error());
    return host::parse_lldptool_admin_status(r->out, ifname);
  };
  in.firmware_dcbx = [](const host::Netdev& n) {
    return nic::read_firmware_dcbx(host::FsRoot("/"), n.name, n.driver);
  };
  in.nvidia_smi_topo = []() -> std::optional<std::string> {
    Result<ProcessOutput> r = run_process({"nvidia-smi", "topo", "-m"}, 10000);
    if (!r || r->exit_status != 0) return std::nullopt;  // absent, or no GPU driver
    return r->out;
  };
  in.link_pause = [](const std::string& ifname) { return host::link_pause(ifname); };
  in.offloads = [](const std::string& ifname) { return host::offloads(ifname); };
  in.ethtool_stats = [](const std::string& ifname) { return probe::snapshot_ethtool(ifname); };
  in.getenv = ::getenv;  // NCCL's view of this environment (the workload check)
  if (Result<std::vector<std::string>> log = doctor::read_kernel_log(a.kernel_log))
    in.kernel_log = std::move(*log);
  else if (g.verbose)
    fmt::print(stderr, "rocecfg doctor: kernel log not read: {}\n", log.error().to_string());
  // [firmware]: the NICs' firmware layer, read-only, as audit reads it.
  if (in.intent && in.intent->firmware.declared())
    in.firmware_findings = [intent = *in.intent, fs, names = a.interfaces, path = in.profile_path] {
      std::vector<host::Netdev> netdevs;
      for (const host::Netdev& n : host::discover(*fs).netdevs)
        if (names.empty() || std::find(names.begin(), names.end(), n.name) != names.end())
          netdevs.push_back(n);
      return doctor::firmware_findings(read_firmware_layer(intent, {}, netdevs, false, false),
                                       path);
    };
  std::vector<doctor::Finding> findings = doctor::run_doctor(in);
  json_document().payload = doctor::to_json(findings);
  if (!g.json) fmt::print("{}", doctor::render_doctor_text(findings, g.verbose > 0));
  return doctor::doctor_exit_code(findings);
}

const bool registered = register_command(
    {"doctor",
     "explain what is wrong with this host's RoCE setup, and how to fix it",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<DoctorArgs>();
       sub.add_option("profile", a->profile, "profile TOML file (enables the QoS checks)");
       add_interface_option(sub, a->interfaces, "netdev to check (default: all RoCE netdevs)");
       sub.add_option("--kernel-log", a->kernel_log, "kernel log source (a saved dmesg works too)")
           ->capture_default_str();
       sub.add_option("--lldp-socket", a->lldp_socket,
                      "lldpd's control socket for the cabling check (default: lldpcli's)");
       sub.footer(
           "Each finding: what was seen, why it matters, the fix. -v also lists passed "
           "checks.\nExit: 0 no problems, 1 problems found, 2 bad profile or a named interface "
           "that does not exist.");
       return std::function<int()>([a, &g] { return run_doctor_verb(*a, g); });
     },
     {kOk, kDrift, kUsage}});

}  // namespace
}  // namespace rocecfg::cmd
