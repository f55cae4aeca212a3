#include "nic/firmware_dcbx.h"

#include <fmt/format.h>

#include "host/pcie_topology.h"
#include "nic/mstconfig_tool.h"

namespace rocecfg::nic {

namespace {

// "True(1)", "1", "False(0)": a boolean reading, or nullopt when not one.
std::optional<bool> as_bool(const model::FirmwareReading& r) {
  if (r.number && *r.number <= 1) return *r.number == 1;
  if (r.name == "True" || r.name == "true") return true;
  if (r.name == "False" || r.name == "false") return false;
  return std::nullopt;
}

// What the firmware runs: the current value where the tool shows it (-e),
// else the next-boot value, said as such.
const model::FirmwareReading& running(const NvParam& p, bool shows_current) {
  return shows_current && p.current.known() ? p.current : p.next_boot;
}

}  // namespace

host::FirmwareDcbx firmware_dcbx_from_query(const NvQuery& q, int port, const std::string& where) {
  const std::string lldp = fmt::format("LLDP_NB_DCBX_P{}", port);
  const std::string willing = fmt::format("DCBX_WILLING_P{}", port);
  const NvParam* agent = q.find(lldp);
  const NvParam* will = q.find(willing);
  if (!agent && !will)
    return {std::nullopt, fmt::format("{}: firmware DCBX willing unknown (neither {} nor {} in "
                                      "the NV configuration)",
                                      where, lldp, willing)};
  const char* which = q.shows_current ? "current" : "next boot";
  std::string pending;
  auto note_pending = [&](const NvParam* p) {
    if (p && q.shows_current && p->current.known() && p->next_boot.known() &&
        p->current.text != p->next_boot.text)
      pending += fmt::format("; {} next boot {}", p->name, p->next_boot.text);
  };
  note_pending(agent);
  note_pending(will);
  if (agent) {
    std::optional<bool> on = as_bool(running(*agent, q.shows_current));
    if (on == false)
      return {false, fmt::format("{}: {} = {} ({}): the firmware runs no DCBX{}", where, lldp,
                                 running(*agent, q.shows_current).text, which, pending)};
  }
  if (!will)
    return {std::nullopt, fmt::format("{}: firmware DCBX willing unknown ({} not in the NV "
                                      "configuration)",
                                      where, willing)};
  std::optional<bool> w = as_bool(running(*will, q.shows_current));
  if (!w)
    return {std::nullopt, fmt::format("{}: firmware DCBX willing unknown ({} = {})", where,
                                      willing, running(*will, q.shows_current).text)};
  return {*w, fmt::format("{}: {} = {} ({}){}", where, willing, running(*will, q.shows_current).text,
                          which, pending)};
}

host::FirmwareDcbx read_firmware_dcbx(const host::FsRoot& fs, const std::string& ifname,
                                      const std::string& driver) {
  if (driver != "mlx5_core")
    return {std::nullopt, fmt::format("{}: firmware DCBX willing unknown (read for ConnectX "
                                      "NICs only; driver {})",
                                      ifname, driver.empty() ? "unknown" : driver)};
  std::optional<std::string> pci = host::pci_function_of(fs, ifname);
  if (!pci || !valid_pci_address(*pci))
    return {std::nullopt,
            fmt::format("{}: firmware DCBX willing unknown (no PCI function)", ifname)};
  std::optional<std::string> tool = find_nv_tool();
  if (!tool)
    return {std::nullopt, fmt::format("{}: firmware DCBX willing unknown (neither mstconfig "
                                      "nor mlxconfig on PATH; Debian: apt install mstflint)",
                                      ifname)};
  Result<NvQuery> q = query_nv_config(*tool, *pci);
  if (!q)
    return {std::nullopt, fmt::format("{}: firmware DCBX willing unknown ({})", ifname,
                                      q.error().to_string())};
  int port = pci->back() == '1' ? 2 : 1;
  return firmware_dcbx_from_query(*q, port, fmt::format("{} ({})", ifname, *pci));
}

}  // namespace rocecfg::nic
