// Which interfaces' counters describe a RoCE port. The GID's netdev carries
// the traffic, but on a VLAN or a bond it has no PFC counters: those live on
// the physical ports below it (mlx5 rx_prio3_pause on ens1f0, not on
// ens1f0.100 or bond0). So the snapshot takes the GID's netdev, then every
// interface below it (sysfs lower_* links, recursively), then any the user
// names (--counters-netdev: a port the GID does not lead to).
#pragma once

#include <string>
#include <vector>

#include "probe/sysfs.h"

namespace rocecfg::probe {

// `netdev` first, then its lower devices depth-first, each once.
std::vector<std::string> counter_netdevs(const host::FsRoot& fs, const std::string& netdev);

// True when sys/class/net/<name> exists (to refuse a mistyped --counters-netdev).
bool netdev_exists(const host::FsRoot& fs, const std::string& name);

}  // namespace rocecfg::probe
