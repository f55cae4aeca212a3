// The gate's "cabling" check: each NIC the inventory declares with a
// switch_port against its LLDP neighbour from lldpd (probe/cabling.h). A
// moved or swapped cable sends a rail's traffic to another leaf: the node is
// unhealthy (drain it), naming both ends. A NIC whose neighbour cannot be
// seen, or lldpd not answering, is a warning: not checked, never a pass.
#include <map>

#include <fmt/format.h>

#include "gate/checks.h"
#include "probe/cabling.h"

namespace rocecfg::gate {

CheckResult check_cabling(Context& c) {
  CheckResult r{"cabling", CheckStatus::pass, "", {}, 0};
  Result<std::vector<host::LldpPeer>> seen = c.env.lldp_neighbors();
  if (!seen) {
    r.status = CheckStatus::warn;
    r.message = "LLDP neighbours not read: " + seen.error().to_string();
    return r;
  }
  std::map<std::string, std::string> netdev_of;
  for (const Target& t : c.targets)
    if (!t.rdma_device.empty()) netdev_of.emplace(t.rdma_device, t.netdev.name);
  probe::CablingCheck cc =
      probe::check_cabling(c.options.host, c.options.declared_nics, *seen, netdev_of);
  r.details = cc.miscabled;
  r.details.insert(r.details.end(), cc.unknown.begin(), cc.unknown.end());
  if (!cc.miscabled.empty()) {
    r.status = CheckStatus::fail;
    r.message = cc.miscabled.size() == 1 ? cc.miscabled.front()
                                         : fmt::format("{} (and {} more)", cc.miscabled.front(),
                                                       cc.miscabled.size() - 1);
  } else if (!cc.unknown.empty()) {
    r.status = CheckStatus::warn;
    r.message = fmt::format("{} NIC(s) not checked: {}", cc.unknown.size(), cc.unknown.front());
  } else {
    r.message = fmt::format("{} NIC(s) reach the switch port the inventory names", cc.checked);
  }
  return r;
}

}  // namespace rocecfg::gate
