// Intel E810 (ice + irdma). The inbox irdma driver exposes no DCQCN, ECN or
// CNP control at all; everything lives in Intel's out-of-tree irdma:
//  - module parameters dcqcn_enable, dcqcn_cc_cfg_valid, dcqcn_min_dec_factor,
//    dcqcn_min_rate_MBps, dcqcn_F, dcqcn_T, dcqcn_B, dcqcn_rai_factor,
//    dcqcn_hai_factor, dcqcn_rreduce_mperiod (modprobe.d, module load time);
//  - configfs /sys/kernel/config/irdma/<dev>/roce_dcqcn_enable, ...
// PFC/ETS/APP on ice go through DCB netlink like any NIC, but only once the
// firmware LLDP agent is off (ethtool --set-priv-flags <if> fw-lldp-agent off);
// the host backend detects the LLD-managed DCBX mode and says so.
// This adapter reports each knob as unsupported with that explanation, so an
// audit on E810 says exactly what is missing instead of skipping it.
#pragma once

#include <memory>

#include "host/nic_adapter.h"

namespace rocecfg::nic {

std::unique_ptr<host::NicAdapter> make_irdma(const host::Netdev& n, const host::FsRoot& fs);

}  // namespace rocecfg::nic
