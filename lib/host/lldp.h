// Who else configures DCB on this host. lldpad runs DCBX itself and rewrites
// PFC/ETS/APP behind our back (openlldp issues 34, 125); mlnx_qos warns about
// it, rocecfg refuses to fight it.
#pragma once

#include <optional>
#include <string>

#include "core/result.h"
#include "host/fs_root.h"

namespace rocecfg::host {

// "lldpad (pid 812)" when a DCBX-speaking LLDP agent is running, else nullopt.
// Reads /proc/<pid>/comm through the filesystem seam.
std::optional<std::string> running_dcbx_agent(const FsRoot& fs);

// "lldpd (pid 812)" when lldpd runs: it speaks LLDP only, no DCBX, so it
// never changes PFC/ETS (said so that nobody has to wonder).
std::optional<std::string> running_lldpd(const FsRoot& fs);

// lldpad's adminStatus for one port from `lldptool get-lldp -i IF adminStatus`
// (openlldp lldptool_cmds.c prints "adminStatus=rxtx"): rx, tx, rxtx or
// disabled; anything else (lldptool's "Device not found or inactive") is an
// error naming the interface.
Result<std::string> parse_lldptool_admin_status(const std::string& output,
                                                const std::string& ifname);

}  // namespace rocecfg::host
