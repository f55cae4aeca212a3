// Doctor's "workload" check: what NCCL on this host will actually put in its
// QPs' GRH (workload::nccl_wire_tos: the job's environment, NCCL conf files,
// MLNX_OFED's device override) against the profile's lossless DSCPs
// (probe::expectations_for), and why traffic outside them is lossy.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "doctor/doctor.h"
#include "host/fs_root.h"

namespace rocecfg::doctor {

void check_workload(const host::FsRoot& fs, const std::vector<std::pair<std::string, int>>& ports,
                    const profile::Intent& intent,
                    const std::function<const char*(const char*)>& getenv,
                    const std::string& profile_path, std::vector<Finding>& out);

}  // namespace rocecfg::doctor
