// Why a netdev without DCB netlink has no PFC/ETS of its own, named from
// sysfs so the report says where they are set instead:
//   SR-IOV VF  /sys/class/net/IF/device/physfn -> the PF's PCI function; the
//              PF's netdev(s) under its net/ directory own PFC/ETS for every
//              VF (ConnectX: "QoS is configured on the PF", mlx5 SR-IOV docs;
//              a VF driver registers no dcbnl_ops);
//   bond       /sys/class/net/IF/bonding/slaves: set them on each slave;
//   virtual    no device/ link (veth, macvlan, bridge, vlan): nothing to set;
//   otherwise  the driver registers no DCB netlink.
// Unsupported, never refused: what applies on the netdev is still applied
// (README "Unsupported knobs").
#pragma once

#include <string>

#include "host/fs_root.h"

namespace rocecfg::host {

// `kind` is the rtnetlink link kind ("veth", "bond", "" for hardware).
std::string no_dcb_reason(const FsRoot& fs, const std::string& ifname, const std::string& kind);

}  // namespace rocecfg::host
