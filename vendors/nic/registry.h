// Which NIC family adapter serves a netdev, chosen by driver and by which
// control files exist (MLNX_OFED's sysfs ecn/ wins over upstream debugfs).
// Passed to host::LinuxHost as its NicAdapterFactory.
#pragma once

#include <memory>

#include "host/nic_adapter.h"

namespace rocecfg::nic {

std::unique_ptr<host::NicAdapter> make_adapter(const host::Netdev& netdev, const host::FsRoot& fs);

}  // namespace rocecfg::nic
