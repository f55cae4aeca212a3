// `ethtool -S` without ethtool: the driver's named statistics through the
// SIOCETHTOOL ioctl (ETHTOOL_GSSET_INFO, ETHTOOL_GSTRINGS, ETHTOOL_GSTATS).
// This is where per-priority PFC counters live (mlx5 rx_prio3_pause,
// tx_prio3_pause_duration, rx_prio3_discards; ice rx_priority_3_xoff.nic),
// which neither sysfs statistics/ nor hw_counters carry. Names are the
// driver's own; lib/probe classifies them.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "core/result.h"

namespace rocecfg::host {

using EthtoolStats = std::map<std::string, uint64_t>;

// The statistics of one netdev in the caller's network namespace. A driver
// without statistics gives an empty map; a missing interface an error.
Result<EthtoolStats> ethtool_stats(const std::string& ifname);

// after - before for names in both (a counter that went backwards was reset:
// its delta is the new value).
EthtoolStats stats_delta(const EthtoolStats& before, const EthtoolStats& after);

}  // namespace rocecfg::host
