// Doctor's link-layer checks (doctor_link.cpp): global pause next to PFC,
// and offload state.
#pragma once

#include <string>
#include <vector>

#include "core/types.h"
#include "doctor/doctor.h"
#include "host/ethtool_link.h"

namespace rocecfg::doctor {

// `pfc`: the priorities PFC is (observed) or should be (profile) enabled on.
void check_link_pause(const std::string& ifname, const Result<host::LinkPause>& pause,
                      PriorityMask pfc, std::vector<Finding>& out);
void check_offloads(const std::string& ifname, const Result<host::Offloads>& features,
                    std::vector<Finding>& out);

}  // namespace rocecfg::doctor
