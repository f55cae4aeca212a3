#include "host/qos_owner.h"

#include <fmt/format.h>
#include <linux/dcbnl.h>

namespace rocecfg::host {

FirmwareDcbx firmware_dcbx_unknown(const std::string& ifname) {
  return {std::nullopt, fmt::format("{}: firmware DCBX willing unknown (the NIC firmware "
                                    "parameters were not read)",
                                    ifname)};
}

std::string dcbx_mode_text(uint8_t mode) {
  std::string who = (mode & DCB_CAP_DCBX_LLD_MANAGED) ? "LLD-managed (NIC firmware)"
                    : (mode & DCB_CAP_DCBX_HOST)      ? "host-managed"
                                                      : "";
  std::string ver = (mode & DCB_CAP_DCBX_VER_IEEE) && (mode & DCB_CAP_DCBX_VER_CEE) ? "IEEE+CEE"
                    : (mode & DCB_CAP_DCBX_VER_IEEE)                                ? "IEEE"
                    : (mode & DCB_CAP_DCBX_VER_CEE)                                 ? "CEE"
                                                                                    : "";
  if (mode & DCB_CAP_DCBX_STATIC) ver += ver.empty() ? "static" : ", static";
  if (who.empty() && ver.empty()) return fmt::format("0x{:02x} (no mode)", mode);
  if (who.empty()) return fmt::format("{} (0x{:02x})", ver, mode);
  return ver.empty() ? fmt::format("{} (0x{:02x})", who, mode)
                     : fmt::format("{}, {} (0x{:02x})", who, ver, mode);
}

std::vector<OwnerFinding> qos_owner_findings(std::optional<model::QosOwner> intended,
                                             const QosOwnership& o) {
  const model::QosOwner want = intended.value_or(model::QosOwner::host);
  const std::string& n = o.ifname;
  std::vector<OwnerFinding> out;
  const bool firmware_agent = o.dcbx_mode && (*o.dcbx_mode & DCB_CAP_DCBX_LLD_MANAGED);
  const bool willing_fw = o.firmware.willing.value_or(false);
  if (want == model::QosOwner::host) {
    if (firmware_agent)
      out.push_back({true, false,
                     fmt::format("{}: DCBX {}: the NIC firmware negotiates with the switch, while "
                                 "the profile says the host owns PFC/ETS",
                                 n, dcbx_mode_text(*o.dcbx_mode)),
                     "a willing firmware agent applies the switch's PFC/ETS and silently "
                     "replaces what rocecfg wrote",
                     fmt::format("turn the firmware agent off (ice: `ethtool --set-priv-flags {} "
                                 "fw-lldp-agent off`; ConnectX: `mstconfig -d PCI set "
                                 "LLDP_NB_DCBX_P1=0` and a reset), or [dcbx] owner = \"switch\"",
                                 n)});
    const std::string& admin = o.agent_admin_status.value_or("");
    const bool receives = admin.empty() || admin == "rx" || admin == "rxtx";
    if (o.host_agent && !receives)
      out.push_back({false, true,
                     fmt::format("{}: {} runs but does not receive LLDP here (adminStatus {}): "
                                 "it takes no DCBX from the switch on this NIC",
                                 n, *o.host_agent, admin),
                     "", ""});
    else if (o.host_agent)
      out.push_back({true, false,
                     fmt::format("{}: {} runs on this host and negotiates DCBX{}, while the "
                                 "profile says the host owns PFC/ETS through rocecfg",
                                 n, *o.host_agent,
                                 admin.empty() ? "" : fmt::format(" (adminStatus {})", admin)),
                     "lldpad applies the switch's PFC/ETS/APP when willing and overwrites what "
                     "rocecfg set",
                     fmt::format("`lldptool -T -i {} -V PFC enableTx=no` and `-V ETS-CFG "
                                 "willing=no`, or `systemctl disable --now lldpad` (lldpd does "
                                 "LLDP without DCBX)",
                                 n)});
    if (willing_fw)
      out.push_back({true, false,
                     fmt::format("{}: firmware DCBX is willing ({})", n, o.firmware.source),
                     "the NIC takes the switch's PFC/ETS whenever the switch advertises them",
                     "set the firmware's DCBX willing bit off (next boot), or [dcbx] owner = "
                     "\"switch\""});
  } else if (!firmware_agent && !o.host_agent && o.firmware.willing != true) {
    out.push_back(
        {false, false,
         fmt::format("{}: the profile says the switch owns PFC/ETS, but nothing on this NIC "
                     "negotiates DCBX (dcbx {}, no lldpad, firmware willing {})",
                     n, o.dcbx_mode ? dcbx_mode_text(*o.dcbx_mode) : "unreadable",
                     o.firmware.willing ? "no" : "unknown"),
         "the NIC keeps whatever was set last; the switch's advertisements change nothing",
         "enable DCBX on the NIC (firmware agent or lldpad willing), or [dcbx] owner = \"host\""});
  }
  if (out.empty())
    out.push_back(
        {false, true,
         fmt::format("{}: PFC/ETS owned by the {} {} (dcbx {}{})", n, model::to_string(want),
                     intended ? "as the profile says" : "(no [dcbx] owner: rocecfg writes them)",
                     o.dcbx_mode ? dcbx_mode_text(*o.dcbx_mode) : "unreadable: " + o.dcbx_error,
                     o.host_agent ? ", " + *o.host_agent : ", no lldpad"),
         "", ""});
  if (!o.firmware.willing) out.push_back({false, true, o.firmware.source, "", ""});
  return out;
}

}  // namespace rocecfg::host
