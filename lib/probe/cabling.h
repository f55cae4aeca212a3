// Cabling: each NIC's LLDP neighbour against the switch port the inventory
// says it is cabled to ([[host.nic]] switch_port, or the single form's one
// switch_ports entry). A swapped or moved cable sends a rail's traffic to
// the wrong leaf: the job's rails no longer line up and the fabric's
// rail-optimized paths are gone, while every link is up and clean. The
// neighbour comes from lldpd on the host (host/lldp_neighbors.h).
//
// Names are compared as lib/switch's LLDP matching compares host names: the
// system name up to its first dot, case-insensitively; the port by its ID or
// its description, exactly. A NIC whose netdev hears no neighbour is not a
// pass: it is said as unknown.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "host/lldp_neighbors.h"
#include "profile/inventory.h"

namespace rocecfg::probe {

struct CablingCheck {
  // "mlx5_2 of gpu007 reaches leaf3 swp9; the inventory says leaf2 swp9"
  std::vector<std::string> miscabled;
  // "mlx5_2 of gpu007 (eth2): no LLDP neighbour; the inventory says leaf2 swp9"
  std::vector<std::string> unknown;
  size_t checked = 0;  // NICs with an expected port whose neighbour matched
};

// `host` as the inventory names it; `netdev_of_device` maps RDMA devices to
// their netdevs for NICs that do not state one. NICs without an expected
// switch port are not judged.
CablingCheck check_cabling(const std::string& host, const std::vector<profile::NicEntry>& nics,
                           const std::vector<host::LldpPeer>& neighbours,
                           const std::map<std::string, std::string>& netdev_of_device = {});

}  // namespace rocecfg::probe
