// Broadcom bnxt_re (out-of-tree driver, bnxt_setupcc.sh): congestion control
// through configfs, /sys/kernel/config/bnxt_re/<rdma-dev>/ports/1/cc/:
//   ecn_enable, cc_mode, roce_prio, roce_dscp, cnp_prio, cnp_dscp, ...
// then `echo -n 0x1 > apply` commits them to firmware. Quirks:
//  - values are parsed as HEX (sscanf "%x"): "26" would mean 38, so rocecfg
//    always writes 0x-prefixed values;
//  - the device directory must be mkdir'ed first and rmdir'ed afterwards;
//  - ECN applies to one RoCE priority (roce_prio), not a set;
//  - the DCQCN parameters have Broadcom names and units (g, init_cr,
//    inact_th, ...) with no 1:1 match to the mlx5-style parameters rocecfg
//    models, so declared DCQCN parameters are reported as unsupported.
// The upstream bnxt_re has debugfs cc_config/ instead; not handled here.
#pragma once

#include <memory>

#include "host/nic_adapter.h"

namespace rocecfg::nic {

std::unique_ptr<host::NicAdapter> make_bnxt_re(const host::Netdev& n, const host::FsRoot& fs);

}  // namespace rocecfg::nic
