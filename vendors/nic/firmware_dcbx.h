// The firmware's DCBX willing bit, read from the NIC's NV configuration:
// the fact host/qos_owner.h needs beside dcbnl's DCBX mode and lldpad.
// ConnectX keeps it per port as LLDP_NB_DCBX_P<n> (the firmware's own LLDP
// agent runs DCBX at all) and DCBX_WILLING_P<n> (it takes the switch's
// PFC/ETS); mstflint prints both in `mstconfig -e -d PCI query`
// (mlxconfig/mlxcfg_ui.cpp, nic/mstconfig_query.h). The current value is
// what the firmware runs; a next-boot value that differs is said beside it.
// A NIC with no NV tool on PATH, no PCI function or neither parameter stays
// unknown with the reason, never guessed.
#pragma once

#include <string>

#include "host/fs_root.h"
#include "host/qos_owner.h"
#include "nic/mstconfig_query.h"

namespace rocecfg::nic {

// From a parsed query: port 1 for PCI function 0, port 2 for function 1
// (ConnectX's one port per physical function). `where` names the device.
host::FirmwareDcbx firmware_dcbx_from_query(const NvQuery& q, int port, const std::string& where);

// The netdev's PCI function, the NV tool run on it, the bits read. Only for
// mlx5 netdevs: other families keep DCBX elsewhere (unknown, said so).
host::FirmwareDcbx read_firmware_dcbx(const host::FsRoot& fs, const std::string& ifname,
                                      const std::string& driver);

}  // namespace rocecfg::nic
