// What each host step does, in the commands operators already know, so a
// host plan can go into a change ticket beside a switch's exact commands
// (issue 36 item 6). rocecfg itself writes through netlink, configfs and
// sysfs (linux_host.h); these are the same writes as `ip`, iproute2's `dcb`
// and MLNX_OFED's `mlnx_qos` spell them, from
// /work/shared/reference/host-nics.md: dcb(8) subcommands (2.2), mlnx_qos's
// options (1.1), the mlx5 OFED ecn/ sysfs files rocecfg's mlx5_ofed adapter
// writes (vendors/nic/mlx5_ofed.cpp), rdma_cm configfs.
// NIC-specific knobs (ECN, DCQCN, CNP) are given in the mlx5 OFED sysfs form;
// other NIC families have their own files (vendors/nic/), said in the line.
#pragma once

#include <string>
#include <vector>

#include "plan/plan.h"

namespace rocecfg::host {

// The commands equivalent to one change step. `ifname` is the step's
// interface ("IF" when the plan names none); DEV stands for its RDMA device,
// which an offline plan does not know.
std::vector<std::string> equivalent_commands(const plan::Step& step, const std::string& ifname);

}  // namespace rocecfg::host
