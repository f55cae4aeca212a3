// What `apply` needs before it starts: netlink changes (MTU, DCB) need
// CAP_NET_ADMIN; the sysfs/configfs/debugfs knobs are root-owned files
// (writing them as another user needs CAP_DAC_OVERRIDE). Checked up front so
// a non-root apply is one line naming what is missing, not a failed write
// followed by a rollback report for a host where nothing changed.
#pragma once

#include <optional>
#include <string>

namespace rocecfg::host {

// The effective capability set from /proc/self/status ("CapEff:" hex), or
// nullopt when it cannot be read.
std::optional<unsigned long long> effective_capabilities(
    const std::string& status_path = "/proc/self/status");

// nullopt: apply may proceed; otherwise the one line to print.
std::optional<std::string> missing_apply_privileges(
    const std::string& status_path = "/proc/self/status");

}  // namespace rocecfg::host
