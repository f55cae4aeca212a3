// mlx5 with MLNX_OFED: ECN and DCQCN through sysfs under
// /sys/class/net/<if>/ecn/ (en_sysfs.c of mlnx-ofa_kernel):
//   roce_np/enable/<0..7>   notification point (marks -> CNPs), per priority;
//                           effectively port-wide: any enabled priority turns it on
//   roce_rp/enable/<0..7>   reaction point (DCQCN rate control), per priority
//   roce_rp/<param>         rpg_* / dce_tcp_* / clamp_tgt_rate ...
//   roce_np/cnp_dscp, cnp_802p_prio, min_time_between_cnps
// Files are read-only on VFs: QoS belongs to the PF.
#pragma once

#include <memory>

#include "host/nic_adapter.h"

namespace rocecfg::nic {

std::unique_ptr<host::NicAdapter> make_mlx5_ofed(const host::Netdev& n, const host::FsRoot& fs);

}  // namespace rocecfg::nic
