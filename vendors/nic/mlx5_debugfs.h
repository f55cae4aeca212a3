// mlx5 with the upstream (inbox) driver: DCQCN and CNP parameters through
// debugfs, /sys/kernel/debug/mlx5/<pci-bdf>/cc_params/<name>
// (drivers/infiniband/hw/mlx5/cong.c). Quirks:
//  - files are mode 0600 and each read/write is a firmware command
//    (QUERY_CONG_PARAMS / MODIFY_CONG_PARAMS): root and debugfs required;
//  - the directory exists only with the cc_query/cc_modify capabilities;
//  - writing np_cnp_prio also forces np_cnp_prio_mode to 0;
//  - there is NO runtime per-priority ECN or DCQCN enable upstream: that is the
//    NV setting ROCE_CC_PRIO_MASK_P1 (mlxconfig, next boot). DCQCN is on for
//    every priority by default, which is what this adapter reports.
#pragma once

#include <memory>

#include "host/nic_adapter.h"

namespace rocecfg::nic {

std::unique_ptr<host::NicAdapter> make_mlx5_debugfs(const host::Netdev& n, const host::FsRoot& fs);
std::string mlx5_cc_params_dir(const std::string& pci_bdf);

}  // namespace rocecfg::nic
