// `rocecfg doctor`: the RoCE engineer's troubleshooting checklist, automated.
// Every finding says what was seen, why it matters and the exact fix (a
// rocecfg command or a profile key), so the output can be pasted into a
// ticket. The checks read the machine through the root-relative filesystem
// seam (/sys, /proc) and take the kernel log and the observed QoS settings as
// inputs, so tests run them on temporary trees.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "host/ethtool_link.h"
#include "host/discovery.h"
#include "host/lldp_neighbors.h"
#include "host/qos_owner.h"
#include "model/settings.h"
#include "probe/counters.h"
#include "profile/intent.h"
#include "profile/inventory.h"

namespace rocecfg::sw {
struct SwitchResult;  // switch/engine.h (not included: its names clash with doctor's in tests)
}

namespace rocecfg::doctor {

enum class Severity { ok, info, warning, problem };
const char* to_string(Severity s);

struct Finding {
  std::string check;  // "link", "nics", "mtu", "dscp", "pfc", "ecn", "pause", "offloads",
                      // "dcbx", "qos owner", "kernel log", "numa", "pcie", "workload",
                      // "switch", "sw counters"
  Severity severity = Severity::ok;
  std::string seen;
  std::string why;  // empty for ok
  std::string fix;  // empty for ok
};

struct DoctorInput {
  std::string root = "/";
  std::optional<profile::Intent> intent;  // without a profile, only what needs none
  std::vector<std::string> interfaces;    // empty: every netdev with an RDMA port
  // What the host's QoS knobs are now (lib/host observe); empty: QoS checks use
  // the profile alone (its own cross-layer consistency).
  std::function<Result<model::Settings>(const std::string& ifname)> observe;
  std::vector<std::string> kernel_log;  // dmesg lines, oldest first
  // The NIC's ethtool side (SIOCETHTOOL in production); empty: not checked.
  std::function<Result<host::LinkPause>(const std::string& ifname)> link_pause;
  std::function<Result<host::Offloads>(const std::string& ifname)> offloads;
  std::function<Result<probe::CounterMap>(const std::string& ifname)> ethtool_stats;
  // The environment NCCL would see, for the workload check (doctor_workload.h);
  // empty: not checked.
  std::function<const char*(const char*)> getenv;
  // With an inventory: each switch's audit against the profile, read live
  // (lib/switch over SSH); compared with the first interface's host side.
  std::function<std::vector<sw::SwitchResult>()> switch_audits;
  std::string switch_fix = "rocecfg apply PROFILE --inventory INV";
  // With an inventory: the switches' counters over a short window, already
  // judged into findings (doctor_counters.h check_switch_counters).
  std::function<std::vector<Finding>()> switch_counter_findings;
  std::string profile_path = "PROFILE";  // for the fix commands
  // With an inventory: the NICs this host's [[host]] declares; each missing
  // one is a problem (probe::declared_nic_problems). Empty: not checked.
  std::vector<profile::NicEntry> declared_nics;
  std::string inventory_path = "INV";
  // Per NIC: the dcbnl DCBX mode (DCB_CAP_DCBX_* bits from DCB netlink; an
  // error when the netdev has no DCB). Set: the "qos owner" check runs per
  // NIC (host/qos_owner.h) instead of the host-wide lldpad check.
  std::function<Result<uint8_t>(const std::string& ifname)> dcbx_mode;
  // With lldpad running: its adminStatus on a NIC (lldptool); empty or an
  // error: unknown, taken as receiving the switch's DCBX.
  std::function<Result<std::string>(const std::string& ifname)> lldpad_admin_status;
  // The firmware's DCBX willing bit per NIC (nic/firmware_dcbx.h); unset:
  // unknown, said so.
  std::function<host::FirmwareDcbx(const host::Netdev&)> firmware_dcbx;
  // `nvidia-smi topo -m` where the tool is present (nullopt: absent).
  std::function<std::optional<std::string>()> nvidia_smi_topo;
  // With [firmware] in the profile: the NICs' firmware layer read and judged
  // (doctor_firmware.h firmware_findings); empty: not checked.
  std::function<std::vector<Finding>()> firmware_findings;
  // With an inventory: this host's name in it and its LLDP neighbours
  // (lldpd), for the cabling check of declared_nics (doctor_cabling.h).
  // Unset: not checked.
  std::string inventory_host;
  std::function<Result<std::vector<host::LldpPeer>>()> lldp_neighbors;
};

std::vector<Finding> run_doctor(const DoctorInput& in);

// The QoS chain on one interface (profile and observed): RDMA-CM ToS -> DSCP
// -> trust/DSCP map -> priority -> PFC, ECN and CNP coherent with DCQCN.
// Separate so it can be tested as pure logic.
std::vector<Finding> check_qos_chain(const std::string& ifname, const profile::Intent& intent,
                                     const std::optional<model::Settings>& observed,
                                     const std::string& profile_path);

// Aligned text, problems first; "no problems found" line at the end if so.
std::string render_doctor_text(const std::vector<Finding>& findings, bool verbose);
nlohmann::json to_json(const std::vector<Finding>& findings);

// 1 when any finding is a problem, else 0.
int doctor_exit_code(const std::vector<Finding>& findings);

}  // namespace rocecfg::doctor
