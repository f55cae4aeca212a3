// Doctor checks on the link layer below RoCE: 802.3x pause next to PFC, and
// offloads a capture session left on. Read through DoctorInput's ethtool
// seams (SIOCETHTOOL in production: lib/host/ethtool_link.h).
#include "doctor/doctor_link.h"

#include <fmt/format.h>

namespace rocecfg::doctor {

namespace {

const char* on_off(bool b) {
  return b ? "on" : "off";
}

}  // namespace

void check_link_pause(const std::string& ifname, const Result<host::LinkPause>& pause,
                      PriorityMask pfc, std::vector<Finding>& out) {
  if (!pause) {
    // veth, dcbsim without pauseparam, virtual NICs: nothing to judge
    if (pause.error().kind != ErrorKind::unsupported)
      out.push_back({"pause", Severity::info,
                     fmt::format("link-level pause unreadable: {}", pause.error().to_string()), "",
                     ""});
    return;
  }
  bool on = pause->rx || pause->tx;
  std::string seen = fmt::format("{}: link-level pause rx {} tx {}{}", ifname, on_off(pause->rx),
                                 on_off(pause->tx), pause->autoneg ? " (autonegotiated)" : "");
  if (on && !pfc.empty())
    out.push_back({"pause", Severity::problem,
                   fmt::format("{} together with PFC on priority {}", seen, pfc.to_string()),
                   "802.3x pause stops every priority, the lossy ones too, and a NIC runs one "
                   "or the other (mlx5 refuses PFC while global pause is on): the class meant to "
                   "be lossless may not be, and the rest stalls with it",
                   fmt::format("`ethtool -A {} autoneg off rx off tx off`, and link-level flow "
                               "control off on the switch port",
                               ifname)});
  else if (on)
    out.push_back({"pause", Severity::info, seen + " without PFC",
                   "the whole link is lossless: every class, CNPs included, pauses together",
                   "a lossless RoCE design uses PFC on one priority ([lossless] priorities)"});
  else
    out.push_back({"pause", Severity::ok, seen, "", ""});
}

void check_offloads(const std::string& ifname, const Result<host::Offloads>& features,
                    std::vector<Finding>& out) {
  if (!features) {
    out.push_back({"offloads", Severity::info,
                   fmt::format("offloads unreadable: {}", features.error().to_string()), "", ""});
    return;
  }
  auto active = [&](const char* name) {
    auto it = features->find(name);
    return it != features->end() && it->second;
  };
  // Debug modes: the NIC hands frames with a bad FCS (and its own discards)
  // to the stack, so a capture looks clean while the wire is not.
  std::vector<std::string> debug;
  for (const char* name : {"rx-fcs", "rx-all"})
    if (active(name)) debug.push_back(name);
  if (!debug.empty())
    out.push_back(
        {"offloads", Severity::warning, fmt::format("{}: {} on", ifname, fmt::join(debug, ", ")),
         "left on from a capture session: corrupt frames reach the stack instead of being "
         "dropped and counted as CRC errors",
         fmt::format("`ethtool -K {} {} off`", ifname, fmt::join(debug, " off "))});
  // What a RoCE engineer reads off `ethtool -k` when TCP (NCCL bootstrap,
  // storage) shares the port: RDMA itself bypasses all of them.
  std::vector<std::string> shown;
  for (const char* name : {"rx-checksum", "tx-checksum-ip-generic", "tx-tcp-segmentation", "rx-gro",
                           "rx-lro", "hw-tc-offload"})
    if (features->contains(name)) shown.push_back(fmt::format("{} {}", name, on_off(active(name))));
  out.push_back({"offloads", debug.empty() ? Severity::ok : Severity::info,
                 fmt::format("{}: {}", ifname, fmt::join(shown, ", ")), "", ""});
}

}  // namespace rocecfg::doctor
