// RDMA port attributes in sysfs, read through host::FsRoot: the one
// filesystem seam (production "/", tests a temporary tree shaped like /sys,
// after rdma-core's SYSFS_PATH), so counter and GID parsing runs unchanged
// against known files.
#pragma once

#include <cstdint>
#include <string>

#include "core/result.h"
#include "host/fs_root.h"

namespace rocecfg::probe {

// /sys/class/infiniband/<dev>/ports/<port>
std::string port_dir(const std::string& device, uint32_t port);

// "10 Gb/sec (1X QDR)" -> 10; error when the file is absent or unparsable.
Result<double> port_rate_gbps(const host::FsRoot& fs, const std::string& device, uint32_t port);
// "4: ACTIVE" -> "ACTIVE".
Result<std::string> port_state(const host::FsRoot& fs, const std::string& device, uint32_t port);

}  // namespace rocecfg::probe
