#include "doctor/doctor_firmware.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rocecfg::doctor {

namespace {

std::vector<std::string> names_in(const nic::DeviceFirmware& d, nic::ParamState s) {
  std::vector<std::string> out;
  for (const nic::ParamFinding& p : d.params)
    if (p.state == s)
      out.push_back(fmt::format("{} (want {}, current {}, next boot {})", p.name, p.want,
                                p.current.empty() ? "not read" : p.current,
                                p.next_boot.empty() ? "-" : p.next_boot));
  return out;
}

}  // namespace

std::vector<Finding> firmware_findings(const nic::FirmwareReport& r, const std::string& profile) {
  std::vector<Finding> out;
  if (r.devices.empty())
    out.push_back({"firmware", Severity::info,
                   "the profile has [firmware] but no RoCE netdev here sits on a PCI function: "
                   "no NIC firmware read",
                   "", ""});
  size_t in_sync = 0;
  for (const nic::DeviceFirmware& d : r.devices) {
    const std::string& pci = d.target.pci;
    for (const nic::ParamFinding& p : d.params) in_sync += p.state == nic::ParamState::in_sync;
    if (auto v = names_in(d, nic::ParamState::drift); !v.empty())
      out.push_back({"firmware", Severity::problem,
                     fmt::format("{}: firmware parameters differ from the profile at the next "
                                 "boot: {}",
                                 pci, fmt::join(v, "; ")),
                     "NV config is what the NIC loads at its next firmware reset: these values "
                     "are not the profile's now and will not be after a reset either (a DCBX "
                     "willing bit lets the switch override PFC/ETS; a CNP or congestion-control "
                     "mask changes what DCQCN does)",
                     fmt::format("rocecfg apply {} --firmware (writes next-boot values), then a "
                                 "NIC firmware reset in a maintenance window",
                                 profile)});
    if (auto v = names_in(d, nic::ParamState::pending_reset); !v.empty())
      out.push_back({"firmware", Severity::problem,
                     fmt::format("{}: reset pending: next boot holds the profile's value, the NIC "
                                 "still runs another: {}",
                                 pci, fmt::join(v, "; ")),
                     "NV config takes effect only at the NIC's next firmware reset; until then "
                     "the NIC runs its current values",
                     fmt::format("reset the NIC in a maintenance window: a cold boot, or "
                                 "`mlxfwreset -d {} reset` (rocecfg never resets or reboots)",
                                 pci)});
    if (auto v = names_in(d, nic::ParamState::not_applied_after_reset); !v.empty())
      out.push_back({"firmware", Severity::problem,
                     fmt::format("{}: not applied after reboot: rocecfg wrote these before the "
                                 "host last booted, the NIC still runs other values: {}",
                                 pci, fmt::join(v, "; ")),
                     "a warm reboot may keep the NIC firmware running (it loads NV config only "
                     "at a firmware reset), or the firmware did not accept the value",
                     fmt::format("power-cycle the host or run `mlxfwreset -d {} reset`; then "
                                 "`mstconfig -e -d {} query` must show Current = Next Boot",
                                 pci, pci)});
    for (const nic::VersionFinding& v : d.versions) {
      if (v.found.empty() || v.ok()) continue;
      out.push_back({"firmware", Severity::problem,
                     fmt::format("{}: {} {} is not qualified (profile: {})", pci, v.what, v.found,
                                 fmt::join(v.qualified, ", ")),
                     "the fleet was validated on the qualified firmware; other versions differ "
                     "in congestion control, DCBX and their bugs, and one NIC unlike the others "
                     "is where jobs slow down",
                     fmt::format("flash a qualified firmware (mlxfwmanager, or flint), or qualify "
                                 "this one and add it to [firmware.{}] in {}",
                                 d.family, profile)});
    }
    for (const std::string& e : d.errors)
      out.push_back({"firmware", Severity::warning, e,
                     "the firmware layer could not be read, so nothing about it is known",
                     "run `mstconfig -e -d " + pci + " query` as root and read its error"});
    for (const std::string& u : d.unknowns)
      out.push_back(
          {"firmware", Severity::info, fmt::format("{}: not checked: {}", pci, u), "", ""});
  }
  if (in_sync)
    out.push_back({"firmware", Severity::ok,
                   fmt::format("{} firmware parameters as the profile says", in_sync), "", ""});
  return out;
}

}  // namespace rocecfg::doctor
