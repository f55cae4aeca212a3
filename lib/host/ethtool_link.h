// Link-level settings `ethtool -a` and `ethtool -k` show, through the same
// SIOCETHTOOL ioctl as ethtool_stats.h: 802.3x pause (ETHTOOL_GPAUSEPARAM) and
// the netdev's offload features (ETHTOOL_GFEATURES with the ETH_SS_FEATURES
// names). rocecfg only reads them: doctor reports global pause left on next to
// PFC, and offloads a diagnosis session left on.
#pragma once

#include <map>
#include <string>

#include "core/result.h"

namespace rocecfg::host {

struct LinkPause {
  bool autoneg = false;
  bool rx = false;  // honours pause frames from the link partner
  bool tx = false;  // sends pause frames when its receive buffer fills
};

// A driver without get_pauseparam (veth) gives ErrorKind::unsupported.
Result<LinkPause> link_pause(const std::string& ifname);

// Feature name ("rx-checksum", "tx-tcp-segmentation", "rx-gro", "rx-fcs",
// "hw-tc-offload"...) -> active. Every netdev has them.
using Offloads = std::map<std::string, bool>;
Result<Offloads> offloads(const std::string& ifname);

}  // namespace rocecfg::host
