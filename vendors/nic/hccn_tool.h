// Huawei Ascend NPUs: their RoCE ports are not Linux netdevs rocecfg can drive
// through netlink; the vendor CLI `hccn_tool` owns them. rocecfg renders the
// command sequence for one NPU (device id N) instead:
//   hccn_tool -i N -mtu -s size 9000                      (ETH 68..9702)
//   hccn_tool -i N -prio_tc -s map 0,0,0,3,0,0,0,0         (TC 0..3)
//   hccn_tool -i N -dscp_to_tc -s dscp 26 tc 3             (TC 0..3)
//   hccn_tool -i N -pfc -s bitmap 0,0,0,1,0,0,0,0
// The flag spelling is `-s bitmap`, not `priority` (CANN source, g_cmd_list).
// DCQCN/CNP commands exist only in HCCN_TOOL_SHOW_EXT builds and the RDMA ToS
// is chosen per job through HCCL_RDMA_TC, so those knobs are unsupported here,
// with the reason. Persisting needs /etc/hccn.conf (not written by rocecfg).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "model/knob.h"
#include "model/settings.h"

namespace rocecfg::nic {

struct HccnPlan {
  std::vector<std::vector<std::string>> commands;  // argv lists, in apply order
  std::vector<std::pair<model::Knob, std::string>> unsupported;
};

// Render the host knobs of `s` for NPU `device_id` (0..15 on an 8/16-NPU
// server). Values the tool would refuse are errors naming the knob.
Result<HccnPlan> render_hccn(int device_id, const model::Settings& s);

// One line per command, argv joined with spaces (every argument is a number
// or a fixed word, so no quoting is needed: render_hccn builds nothing else).
std::string hccn_script(const HccnPlan& plan);

}  // namespace rocecfg::nic
