// The endpoints a fabric run talks to: names from --hosts (a Slurm hostlist)
// or every [[host]] of the inventory, each host with all its NICs (rails),
// each NIC with how to reach its host over SSH and where its probe server
// listens. A host with one NIC is one endpoint named as the host; a host
// with several is one endpoint per NIC, named HOST:DEVICE, and only NICs of
// one rail are paired (fabric/rails.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "profile/inventory.h"
#include "switch/ssh.h"

namespace rocecfg::fabric {

// One probe endpoint: a NIC of a host (the name is historical: before rails
// a host was one endpoint).
struct FabricHost {
  std::string name;  // "gpu001", or "gpu001:mlx5_0" when hosts have several NICs
  std::string host;  // the [[host]] (or --hosts) name
  uint32_t rail = 0;
  sw::SshTarget ssh;          // ssh.host empty: not reachable over SSH (srun, local)
  std::string probe_address;  // where `rocecfg probe --server` listens
  uint16_t probe_port = 18600;
  std::string rdma_device;  // empty: the host's first device
  std::string slurm_node;   // srun --nodelist (--transport srun); empty: name
};

// How to reach a [[host]] over SSH (its own settings, [defaults] folded in
// by the inventory loader): for fabric's probes and check's readings.
sw::SshTarget host_ssh_target(const profile::HostEntry& h);

// With an inventory every name must be one of its [[host]]s, or a Slurm node
// that [[host]]s name as slurm_node (all of them; all missing names in one
// error); without one, each name is its own address (Slurm
// node names resolve on the cluster) with one NIC. Empty `names`: every inventory host. Endpoints
// come host by host, each host's NICs in rail order; a NIC with no probe address (nic_rule without
// a nic_template probe_address) is an error naming it.
Result<std::vector<FabricHost>> resolve_hosts(const std::vector<std::string>& names,
                                              const profile::Inventory* inventory);

// Endpoint names (FabricHost::name), in order.
std::vector<std::string> host_names(const std::vector<FabricHost>& hosts);

}  // namespace rocecfg::fabric
