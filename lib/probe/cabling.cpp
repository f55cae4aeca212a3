#include "probe/cabling.h"

#include <algorithm>

#include <fmt/format.h>

#include "model/hostlist.h"

namespace rocecfg::probe {

CablingCheck check_cabling(const std::string& host, const std::vector<profile::NicEntry>& nics,
                           const std::vector<host::LldpPeer>& neighbours,
                           const std::map<std::string, std::string>& netdev_of_device) {
  CablingCheck c;
  for (const profile::NicEntry& nic : nics) {
    if (!nic.switch_port) continue;
    const profile::SwitchPort& want = *nic.switch_port;
    std::string netdev = nic.netdev;
    if (netdev.empty())
      if (auto it = netdev_of_device.find(nic.rdma_device); it != netdev_of_device.end())
        netdev = it->second;
    const std::string nic_name = nic.rdma_device.empty() ? netdev : nic.rdma_device;
    const std::string says = fmt::format("the inventory says {} {}", want.switch_name, want.port);
    if (netdev.empty()) {
      c.unknown.push_back(fmt::format("{} of {}: its netdev is unknown; {}",
                                      nic_name.empty() ? "a NIC" : nic_name, host, says));
      continue;
    }
    std::vector<const host::LldpPeer*> heard;
    for (const host::LldpPeer& p : neighbours)
      if (p.interface == netdev) heard.push_back(&p);
    const std::string who = nic_name == netdev ? netdev : fmt::format("{} ({})", nic_name, netdev);
    if (heard.empty()) {
      c.unknown.push_back(fmt::format("{} of {}: no LLDP neighbour; {}", who, host, says));
      continue;
    }
    bool match = std::any_of(heard.begin(), heard.end(), [&](const host::LldpPeer* p) {
      return model::same_system_name(p->system_name, want.switch_name) && p->port_is(want.port);
    });
    if (match) {
      ++c.checked;
      continue;
    }
    const host::LldpPeer& p = *heard.front();
    c.miscabled.push_back(fmt::format("{} of {} reaches {} {}; {}", nic_name, host,
                                      p.system_name.empty() ? p.chassis_id : p.system_name,
                                      p.port_name(), says));
  }
  return c;
}

}  // namespace rocecfg::probe
