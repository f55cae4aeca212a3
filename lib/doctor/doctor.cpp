// Host-level doctor checks: link and PCIe, MTU, pause counters, DCBX agents,
// kernel log, IRQ/NUMA locality. The QoS chain is in doctor_qos.cpp.
#include "doctor/doctor.h"
#include "doctor/doctor_cabling.h"
#include "doctor/doctor_link.h"
#include "doctor/doctor_pcie.h"
#include "doctor/doctor_switch.h"
#include "doctor/doctor_workload.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "host/dcb_owner.h"
#include "host/discovery.h"
#include "host/fs_root.h"
#include "host/lldp.h"
#include "host/qos_owner.h"
#include "model/path_mtu.h"
#include "probe/counters.h"
#include "probe/rails.h"
#include "probe/sysfs.h"

namespace rocecfg::doctor {

namespace {

Finding finding(const std::string& check, Severity s, std::string seen, std::string why = {},
                std::string fix = {}) {
  return Finding{check, s, std::move(seen), std::move(why), std::move(fix)};
}

std::string read_or(const host::FsRoot& fs, const std::string& path, std::string fallback = {}) {
  Result<std::string> r = fs.read(path);
  return r ? *r : fallback;
}

// "0-3,8,10-11" -> {0,1,2,3,8,10,11}; garbage parts are ignored.
std::set<int> parse_cpu_list(const std::string& text) {
  std::set<int> cpus;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t comma = text.find(',', pos);
    std::string part =
        text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    try {
      size_t dash = part.find('-');
      int a = std::stoi(part.substr(0, dash));
      int b = dash == std::string::npos ? a : std::stoi(part.substr(dash + 1));
      for (int c = a; c <= b && c - a < 4096; ++c) cpus.insert(c);
    } catch (const std::exception&) {
    }
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return cpus;
}

void check_link(const host::FsRoot& fs, const host::Netdev& n, const host::RdmaPort* port,
                const std::string& rdma_device, std::vector<Finding>& out) {
  std::string base = "/sys/class/net/" + n.name;
  std::string oper = read_or(fs, base + "/operstate", "unknown");
  if (oper == "down" || oper == "lowerlayerdown")
    out.push_back(finding("link", Severity::problem, fmt::format("{} is {}", n.name, oper),
                          "no traffic passes; RDMA connections time out",
                          fmt::format("check cable and switch port; `ip link set {} up`", n.name)));
  if (!port) {
    out.push_back(finding("link", Severity::problem, fmt::format("{} has no RDMA device", n.name),
                          "RoCE needs the RDMA driver for this NIC (mlx5_ib, bnxt_re, irdma)",
                          "load the RDMA driver; `rdma link` should list the port"));
    return;
  }
  std::string rate;
  if (Result<double> r = probe::port_rate_gbps(fs, rdma_device, static_cast<uint32_t>(port->port)))
    rate = fmt::format(", {:g} Gb/s", *r);
  if (port->state != "ACTIVE")
    out.push_back(finding(
        "link", Severity::problem,
        fmt::format("{} port {} is {}", rdma_device, port->port, port->state),
        "RDMA traffic needs an ACTIVE port",
        fmt::format("bring {} up; check `rdma link show {}/{}`", n.name, rdma_device, port->port)));
  else
    out.push_back(
        finding("link", Severity::ok,
                fmt::format("{} port {} ({}) ACTIVE{}", rdma_device, port->port, n.name, rate)));
  // A NIC in a narrower or slower PCIe slot than it supports cannot reach line rate.
  std::string cur_w = read_or(fs, base + "/device/current_link_width");
  std::string max_w = read_or(fs, base + "/device/max_link_width");
  std::string cur_s = read_or(fs, base + "/device/current_link_speed");
  std::string max_s = read_or(fs, base + "/device/max_link_speed");
  if (!cur_w.empty() && !max_w.empty() && (cur_w != max_w || cur_s != max_s))
    out.push_back(
        finding("link", Severity::problem,
                fmt::format("{} PCIe x{} {} of x{} {}", n.name, cur_w, cur_s, max_w, max_s),
                "a downgraded PCIe link caps bandwidth below the Ethernet line rate",
                "reseat the NIC or move it to a full-width slot; check BIOS "
                "bifurcation settings"));
}

void check_mtu(const host::Netdev& n, const host::RdmaPort* port, const std::string& rdma_device,
               const std::optional<profile::Intent>& intent, const std::string& profile_path,
               std::vector<Finding>& out) {
  std::optional<uint32_t> want = intent ? intent->host_settings().mtu_bytes : std::nullopt;
  if (want && n.mtu_bytes != *want)
    out.push_back(finding("mtu", Severity::problem,
                          fmt::format("{} MTU {}, profile {}", n.name, n.mtu_bytes, *want),
                          "a smaller MTU shrinks the RoCE path MTU (1500 -> 1024 bytes): more "
                          "packets, more headers, lower bandwidth; a larger one than the switch "
                          "gets dropped",
                          fmt::format("rocecfg apply {} ([mtu] host_bytes)", profile_path)));
  uint32_t allowed = model::roce_path_mtu_for(n.mtu_bytes);
  if (port && port->active_mtu_bytes && *port->active_mtu_bytes < allowed)
    out.push_back(
        finding("mtu", Severity::warning,
                fmt::format("{} port {} active MTU {}, {} MTU {} allows {}", rdma_device,
                            port->port, *port->active_mtu_bytes, n.name, n.mtu_bytes, allowed),
                "the RDMA port has not picked up the netdev MTU",
                fmt::format("`ip link set {} down && ip link set {} up`", n.name, n.name)));
  else if (!want || n.mtu_bytes == *want)
    out.push_back(
        finding("mtu", Severity::ok,
                fmt::format("{} MTU {} (RoCE path MTU up to {})", n.name, n.mtu_bytes, allowed)));
}

void check_pause(const host::FsRoot& fs, const host::Netdev& n, const std::string& rdma_device,
                 int port, const DoctorInput& in, std::vector<Finding>& out) {
  probe::CounterMap all;
  // per-priority PFC counters live in the driver's ethtool statistics
  if (in.ethtool_stats)
    if (auto c = in.ethtool_stats(n.name)) all.insert(c->begin(), c->end());
  if (auto c = probe::snapshot_netdev(fs, n.name)) all.insert(c->begin(), c->end());
  if (!rdma_device.empty())
    if (auto c = probe::snapshot_rdma(fs, rdma_device, static_cast<uint32_t>(port)))
      all.insert(c->begin(), c->end());
  std::vector<std::string> pauses, storms;
  for (const auto& [key, v] : all) {
    std::string name = key.substr(key.find(':') + 1);
    if (v == 0) continue;
    if (probe::classify(name) == probe::CounterClass::pause_storm)
      storms.push_back(fmt::format("{}={}", key, v));
    else if (probe::classify(name) == probe::CounterClass::pause)
      pauses.push_back(fmt::format("{}={}", key, v));
  }
  if (!storms.empty())
    out.push_back(finding("pause", Severity::problem,
                          fmt::format("pause storm events: {}", fmt::join(storms, ", ")),
                          "the NIC's PFC storm prevention fired: a receiver stopped draining and "
                          "paused the fabric",
                          "find the stalled host (slow receiver, hung driver); set the PFC "
                          "watchdog ([pfc_watchdog] in the profile) on the switches"));
  if (!pauses.empty())
    out.push_back(finding("pause", Severity::info,
                          fmt::format("pause frames since boot: {}", fmt::join(pauses, ", ")),
                          "pauses are normal under incast; rising fast on an idle host is not",
                          "`rocecfg gate` watches them over a window"));
}

void check_numa(const host::FsRoot& fs, const host::Netdev& n, std::vector<Finding>& out) {
  std::string dev = "/sys/class/net/" + n.name + "/device";
  std::string node = read_or(fs, dev + "/numa_node");
  if (node.empty() || node == "-1") return;  // virtual NIC or single-node machine
  std::set<int> local =
      parse_cpu_list(read_or(fs, "/sys/devices/system/node/node" + node + "/cpulist"));
  if (local.empty()) return;
  int total = 0, remote = 0;
  for (const std::string& irq : fs.list(dev + "/msi_irqs")) {
    std::set<int> cpus = parse_cpu_list(read_or(fs, "/proc/irq/" + irq + "/smp_affinity_list"));
    if (cpus.empty()) continue;
    ++total;
    if (std::none_of(cpus.begin(), cpus.end(), [&](int c) { return local.count(c) > 0; })) ++remote;
  }
  if (remote > 0)
    out.push_back(finding("numa", Severity::warning,
                          fmt::format("{}: {} of {} IRQs served only by CPUs outside NUMA node {}",
                                      n.name, remote, total, node),
                          "completions handled on the far socket cross the inter-socket link: "
                          "measured 30 vs 194 Gb/s in the field (azurehpc-health-checks#46)",
                          fmt::format("pin the IRQs to node {} CPUs (set_irq_affinity_bynode.sh "
                                      "{} {}, or irqbalance with a NUMA-aware policy); run jobs "
                                      "with numactl -N {}",
                                      node, node, n.name, node)));
  else if (total > 0)
    out.push_back(finding("numa", Severity::ok,
                          fmt::format("{}: {} IRQs on NUMA node {}", n.name, total, node)));
}

// Who owns this NIC's PFC/ETS (host/qos_owner.h), as findings of "qos owner".
void check_qos_owner(const host::FsRoot& fs, const host::Netdev& n, const DoctorInput& in,
                     const std::optional<std::string>& agent, std::vector<Finding>& out) {
  const Result<uint8_t> mode = in.dcbx_mode(n.name);
  host::QosOwnership o{n.name, std::nullopt, "", agent, {},
                       in.firmware_dcbx ? in.firmware_dcbx(n) : host::firmware_dcbx_unknown(n.name)};
  if (agent && in.lldpad_admin_status)
    if (Result<std::string> admin = in.lldpad_admin_status(n.name)) o.agent_admin_status = *admin;
  if (!mode && mode.error().kind == ErrorKind::unsupported) {
    // No DCB here: nothing for anyone to own on this netdev (dcb_owner.h
    // says where it is set); the agent's state on it is still a fact.
    out.push_back(
        finding("qos owner", Severity::info,
                fmt::format("{}: PFC/ETS {}{}", n.name, host::no_dcb_reason(fs, n.name, n.driver),
                            agent ? fmt::format("; {} adminStatus {}", *agent,
                                                o.agent_admin_status.value_or("unknown"))
                                  : ""),
                "", ""));
    return;
  }
  if (mode)
    o.dcbx_mode = *mode;
  else
    o.dcbx_error = mode.error().message;
  for (const host::OwnerFinding& f :
       host::qos_owner_findings(in.intent ? in.intent->qos_owner : std::nullopt, o))
    out.push_back(finding("qos owner",
                          f.problem ? Severity::problem
                          : f.info  ? Severity::info
                                    : Severity::warning,
                          f.seen, f.why, f.fix));
}

// Driver names and message fragments of RDMA/NIC trouble, after NVSentinel's
// syslog patterns and mlx5's own messages.
void check_kernel_log(const std::vector<std::string>& log, std::vector<Finding>& out) {
  static const char* drivers[] = {"mlx5", "mlx4",       "bnxt",    "irdma", "ice ", "rdma_rxe",
                                  "rxe",  "infiniband", "ib_core", "i40e",  "hns"};
  static const char* bad[] = {
      "error",     "fail",         "timeout",       "syndrome",           "fatal",
      "link down", "Lost carrier", "unrecoverable", "health compromised", "cmd_exec"};
  std::vector<std::string> hits;
  for (const std::string& line : log) {
    bool drv = std::any_of(std::begin(drivers), std::end(drivers),
                           [&](const char* d) { return line.find(d) != std::string::npos; });
    bool err = std::any_of(std::begin(bad), std::end(bad),
                           [&](const char* b) { return line.find(b) != std::string::npos; });
    if (drv && err) hits.push_back(line);
  }
  if (hits.empty()) return;
  std::string last = hits.back();
  out.push_back(finding("kernel log", Severity::warning,
                        fmt::format("{} RDMA/NIC driver error line{} in the kernel log; last: {}",
                                    hits.size(), hits.size() == 1 ? "" : "s", last),
                        "driver errors (command timeouts, health syndromes, carrier loss) "
                        "precede link flaps and QP errors",
                        "read `dmesg -T | grep -Ei 'mlx5|bnxt|irdma|rxe'`; firmware update or "
                        "NIC replacement if it repeats"));
}

}  // namespace

const char* to_string(Severity s) {
  switch (s) {
    case Severity::ok:
      return "ok";
    case Severity::info:
      return "info";
    case Severity::warning:
      return "warning";
    case Severity::problem:
      return "PROBLEM";
  }
  return "?";
}

std::vector<Finding> run_doctor(const DoctorInput& in) {
  host::FsRoot fs(in.root);
  host::HostInventory inv = host::discover(fs);
  std::vector<host::Netdev> netdevs;
  std::vector<Finding> out;
  std::optional<HostSide> host_side;  // the first interface, for the switch comparison
  if (in.interfaces.empty()) {
    netdevs = inv.netdevs;
  } else {
    for (const std::string& name : in.interfaces) {
      if (Result<host::Netdev> n = host::describe_netdev(fs, name))
        netdevs.push_back(*n);
      else
        out.push_back(finding("link", Severity::problem, n.error().to_string(),
                              "the interface named on the command line does not exist",
                              "`ip -br link` lists the interfaces"));
    }
  }
  if (!in.declared_nics.empty()) {
    std::vector<std::string> missing = probe::declared_nic_problems(in.declared_nics, inv);
    for (const std::string& m : missing)
      out.push_back(finding("nics", Severity::problem, m,
                            "the inventory declares this NIC: a job uses every rail, so a missing "
                            "NIC slows or hangs it",
                            fmt::format("`rdma link show` and the driver's log (dmesg) for the "
                                        "NIC; if the host really has fewer, correct its [[host]] "
                                        "in {}",
                                        in.inventory_path)));
    if (missing.empty())
      out.push_back(finding(
          "nics", Severity::ok,
          fmt::format("all {} NIC(s) the inventory declares are present", in.declared_nics.size()),
          "", ""));
  }
  if (in.lldp_neighbors &&
      std::any_of(in.declared_nics.begin(), in.declared_nics.end(),
                  [](const profile::NicEntry& n) { return n.switch_port.has_value(); })) {
    std::map<std::string, std::string> netdev_of;
    for (const host::RdmaDevice& d : inv.rdma_devices)
      for (const host::RdmaPort& p : d.ports)
        if (!p.netdev.empty()) netdev_of.emplace(d.name, p.netdev);
    for (Finding& f : check_cabling(in.inventory_host, in.declared_nics, in.lldp_neighbors(),
                                    netdev_of, in.inventory_path))
      out.push_back(std::move(f));
  }
  if (netdevs.empty() && in.interfaces.empty())
    out.push_back(finding("link", Severity::problem, "no RDMA device with an Ethernet port",
                          "nothing on this host can speak RoCE",
                          "load the NIC's RDMA driver (mlx5_ib, bnxt_re, irdma); for a lab, "
                          "`rdma link add rxe0 type rxe netdev IF`"));
  const std::optional<std::string> dcbx_agent = host::running_dcbx_agent(fs);
  if (std::optional<std::string> lldpd = host::running_lldpd(fs))
    out.push_back(finding("qos owner", Severity::info,
                          fmt::format("{} is running: LLDP only, no DCBX; it does not change "
                                      "PFC/ETS",
                                      *lldpd)));
  if (!in.dcbx_mode && dcbx_agent)
    out.push_back(finding("dcbx", Severity::problem, fmt::format("{} is running", *dcbx_agent),
                          "a DCBX agent rewrites PFC/ETS/APP from the switch's advertisements "
                          "behind rocecfg's back",
                          "`systemctl disable --now lldpad` (or configure it to not manage DCB), "
                          "then rocecfg apply " +
                              in.profile_path));
  for (const host::Netdev& n : netdevs) {
    const host::RdmaPort* port = nullptr;
    std::string rdma_device;
    for (const host::RdmaDevice& d : inv.rdma_devices)
      for (const host::RdmaPort& p : d.ports)
        if (p.netdev == n.name && !port) {
          port = &p;
          rdma_device = d.name;
        }
    check_link(fs, n, port, rdma_device, out);
    check_mtu(n, port, rdma_device, in.intent, in.profile_path, out);
    if (!host_side) {
      host_side = HostSide{n.name, in.intent ? in.intent->host_settings() : model::Settings{}};
      if (n.mtu_bytes) host_side->settings.mtu_bytes = n.mtu_bytes;  // what the netdev runs
    }
    std::optional<model::Settings> pfc_seen;
    if (in.intent) {
      std::optional<model::Settings> observed;
      if (in.observe) {
        Result<model::Settings> o = in.observe(n.name);
        if (o)
          observed = *o;
        else
          out.push_back(
              finding("dscp", Severity::warning,
                      fmt::format("{}: QoS settings unreadable: {}", n.name, o.error().to_string()),
                      "the host half of the QoS chain cannot be checked",
                      "run as root; `rocecfg audit` shows per-knob errors"));
      }
      pfc_seen = observed;
      if (observed && host_side->ifname == n.name) {
        // what the NIC runs, where it reports it; the profile's value elsewhere
        model::Settings merged = host_side->settings;
        if (observed->pfc_enabled) merged.pfc_enabled = observed->pfc_enabled;
        if (observed->dscp_priority) merged.dscp_priority = observed->dscp_priority;
        host_side->settings = merged;
      }
      std::vector<Finding> qos = check_qos_chain(n.name, *in.intent, observed, in.profile_path);
      out.insert(out.end(), qos.begin(), qos.end());
    }
    check_pause(fs, n, rdma_device, port ? port->port : 1, in, out);
    if (in.link_pause) {
      // PFC as the NIC has it, else as the profile wants it
      PriorityMask pfc = in.intent ? in.intent->lossless_priorities() : PriorityMask{};
      if (pfc_seen && pfc_seen->pfc_enabled) pfc = *pfc_seen->pfc_enabled;
      check_link_pause(n.name, in.link_pause(n.name), pfc, out);
    }
    if (in.offloads) check_offloads(n.name, in.offloads(n.name), out);
    check_numa(fs, n, out);
    if (in.dcbx_mode) check_qos_owner(fs, n, in, dcbx_agent, out);
  }
  check_pcie_placement(fs, netdevs, in.ethtool_stats,
                       in.nvidia_smi_topo ? in.nvidia_smi_topo() : std::nullopt, out);
  if (in.getenv && in.intent) {
    std::vector<std::pair<std::string, int>> ports;
    for (const host::RdmaDevice& d : inv.rdma_devices)
      for (const host::RdmaPort& p : d.ports)
        for (const host::Netdev& n : netdevs)
          if (p.netdev == n.name) ports.emplace_back(d.name, static_cast<int>(p.port));
    check_workload(fs, ports, *in.intent, in.getenv, in.profile_path, out);
  }
  if (in.switch_audits && in.intent) {
    HostSide h = host_side ? *host_side : HostSide{"this host", in.intent->host_settings()};
    std::vector<Finding> sw =
        check_switches(in.switch_audits(), in.intent->switch_settings(), h, in.switch_fix);
    out.insert(out.end(), sw.begin(), sw.end());
  }
  if (in.switch_counter_findings) {
    std::vector<Finding> c = in.switch_counter_findings();
    out.insert(out.end(), c.begin(), c.end());
  }
  if (in.firmware_findings) {
    std::vector<Finding> f = in.firmware_findings();
    out.insert(out.end(), f.begin(), f.end());
  }
  check_kernel_log(in.kernel_log, out);
  // Problems first, then warnings, info, ok; stable within a severity.
  std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) {
    return static_cast<int>(a.severity) > static_cast<int>(b.severity);
  });
  return out;
}

std::string render_doctor_text(const std::vector<Finding>& findings, bool verbose) {
  std::string out;
  int problems = 0;
  for (const Finding& f : findings) {
    if (f.severity == Severity::problem) ++problems;
    if (f.severity == Severity::ok && !verbose) continue;
    out += fmt::format("{:<8} {:<11} {}\n", to_string(f.severity), f.check, f.seen);
    if (!f.why.empty()) out += fmt::format("{:<20} why: {}\n", "", f.why);
    if (!f.fix.empty()) out += fmt::format("{:<20} fix: {}\n", "", f.fix);
  }
  int oks = static_cast<int>(std::count_if(findings.begin(), findings.end(), [](const Finding& f) {
    return f.severity == Severity::ok;
  }));
  out += problems == 0 ? fmt::format("no problems found ({} checks ok)\n", oks)
                       : fmt::format("{} problem{} found ({} checks ok)\n", problems,
                                     problems == 1 ? "" : "s", oks);
  return out;
}

nlohmann::json to_json(const std::vector<Finding>& findings) {
  nlohmann::json arr = nlohmann::json::array();
  for (const Finding& f : findings)
    arr.push_back(
        {{"check", f.check},
         {"severity", f.severity == Severity::problem ? "problem" : to_string(f.severity)},
         {"seen", f.seen},
         {"why", f.why},
         {"fix", f.fix}});
  return {{"findings", arr}, {"exit_code", doctor_exit_code(findings)}};
}

int doctor_exit_code(const std::vector<Finding>& findings) {
  return std::any_of(findings.begin(), findings.end(),
                     [](const Finding& f) { return f.severity == Severity::problem; })
             ? 1
             : 0;
}

}  // namespace rocecfg::doctor
