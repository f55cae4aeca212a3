// The hosts a fabric run talks to: names from --hosts (a Slurm hostlist) or
// every [[host]] of the inventory, each with how to reach it over SSH and
// where its probe server listens.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "profile/inventory.h"
#include "switch/ssh.h"

namespace rocecfg::fabric {

struct FabricHost {
  std::string name;
  sw::SshTarget ssh;          // ssh.host empty: not reachable over SSH (srun, local)
  std::string probe_address;  // where `rocecfg probe --server` listens
  uint16_t probe_port = 18600;
  std::string rdma_device;  // empty: the host's first device
  std::string slurm_node;   // srun --nodelist (--transport srun); empty: name
};

// With an inventory every name must be one of its [[host]]s (all missing
// names in one error); without one, each name is its own address (Slurm node
// names resolve on the cluster). Empty `names`: every inventory host.
Result<std::vector<FabricHost>> resolve_hosts(const std::vector<std::string>& names,
                                              const profile::Inventory* inventory);

std::vector<std::string> host_names(const std::vector<FabricHost>& hosts);

}  // namespace rocecfg::fabric
