// doctor --inventory: each declared NIC's LLDP neighbour (lldpd on this
// host) against the switch port the inventory says it is cabled to
// (probe/cabling.h). A moved or swapped cable is a problem naming both
// ends; a NIC whose neighbour cannot be seen, or lldpd not answering, is a
// warning (not known, never a pass).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/result.h"
#include "doctor/doctor.h"
#include "host/lldp_neighbors.h"
#include "profile/inventory.h"

namespace rocecfg::doctor {

// Nothing when no declared NIC has a switch port to compare with.
std::vector<Finding> check_cabling(const std::string& host,
                                   const std::vector<profile::NicEntry>& nics,
                                   const Result<std::vector<host::LldpPeer>>& neighbours,
                                   const std::map<std::string, std::string>& netdev_of_device,
                                   const std::string& inventory_path);

}  // namespace rocecfg::doctor
