// Cabling in a fabric run (issue 32): every NIC the inventory cables to a
// switch port ([[host.nic]] switch_port) is checked against what lldpd on its
// host hears, the way the gate and doctor check their own host
// (probe/cabling.h). A moved or swapped cable leaves every link up and
// clean, so the pair figures cannot show it: a job's rail-i traffic simply
// lands on another leaf. A miscabled NIC is a finding of kind "cabling"
// naming both ends; a NIC whose neighbour cannot be heard (no lldpd, no
// LLDP on the port, the host unreachable) is listed as not checked, never
// as a pass.
//
// The commands run on each host through the run's own transport (the same
// SSH session, Slurm step or this machine): `lldpcli [-u SOCKET] show
// neighbors -f json`, and for NICs whose netdev the inventory does not state,
// the RDMA device to netdev map from sysfs
// (/sys/class/infiniband/DEV/device/net/NETDEV).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "fabric/hosts.h"
#include "fabric/outliers.h"
#include "profile/inventory.h"

namespace rocecfg::fabric {

// Runs argv on the host of endpoint `e`; its stdout, or why it failed.
using HostCommand =
    std::function<Result<std::string>(size_t e, const std::vector<std::string>& argv)>;

std::vector<std::string> lldp_neighbors_argv(const std::string& socket);
std::vector<std::string> netdev_map_argv();
// "/sys/class/infiniband/mlx5_0/device/net/eth0" lines -> {mlx5_0: eth0}.
std::map<std::string, std::string> parse_netdev_map(std::string_view text);

struct FabricCabling {
  size_t declared = 0;               // NICs in the run the inventory cables to a port
  size_t checked = 0;                // of them, seen on the port the inventory names
  std::vector<Finding> findings;     // kind cabling, one per miscabled NIC
  std::vector<std::string> unknown;  // "mlx5_2 of gpu007 (eth2): no LLDP neighbour; ..."
};

// Hosts are read `parallel` at a time; each host once, whatever its NIC
// count. A host with no NIC cabled in the inventory is not contacted.
FabricCabling check_fabric_cabling(const std::vector<FabricHost>& endpoints,
                                   const profile::Inventory& inventory, const std::string& socket,
                                   const HostCommand& run, size_t parallel);

}  // namespace rocecfg::fabric
