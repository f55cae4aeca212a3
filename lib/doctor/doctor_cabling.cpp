#include "doctor/doctor_cabling.h"

#include <algorithm>

#include <fmt/format.h>

#include "probe/cabling.h"

namespace rocecfg::doctor {

std::vector<Finding> check_cabling(const std::string& host,
                                   const std::vector<profile::NicEntry>& nics,
                                   const Result<std::vector<host::LldpPeer>>& neighbours,
                                   const std::map<std::string, std::string>& netdev_of_device,
                                   const std::string& inventory_path) {
  std::vector<Finding> out;
  size_t cabled = std::count_if(nics.begin(), nics.end(), [](const profile::NicEntry& n) {
    return n.switch_port.has_value();
  });
  if (cabled == 0) return out;
  if (!neighbours) {
    out.push_back({"cabling", Severity::warning,
                   fmt::format("LLDP neighbours not read: {}", neighbours.error().to_string()),
                   "without them the cables of this host's NICs cannot be checked against the "
                   "inventory",
                   "install and start lldpd (`apt-get install lldpd`), then `lldpcli show "
                   "neighbors`"});
    return out;
  }
  probe::CablingCheck c = probe::check_cabling(host, nics, *neighbours, netdev_of_device);
  for (const std::string& m : c.miscabled)
    out.push_back({"cabling", Severity::problem, m,
                   "the NIC's rail reaches another switch port than the fabric was planned for: "
                   "rail-aligned traffic crosses the spine or does not arrive",
                   fmt::format("move the cable to the port the inventory names, or correct the "
                               "NIC's switch_port in {} if the inventory is wrong",
                               inventory_path)});
  for (const std::string& u : c.unknown)
    out.push_back({"cabling", Severity::warning, u,
                   "the cable cannot be checked without the neighbour's LLDP",
                   "check that lldpd runs and LLDP is enabled on the switch port "
                   "(`lldpcli show neighbors`)"});
  if (c.miscabled.empty() && c.unknown.empty())
    out.push_back(
        {"cabling", Severity::ok,
         fmt::format("all {} cabled NIC(s) reach the switch port the inventory names", c.checked),
         "", ""});
  return out;
}

}  // namespace rocecfg::doctor
