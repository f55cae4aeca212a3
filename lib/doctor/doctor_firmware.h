// The NIC firmware layer in the doctor's checklist: firmware parameters that
// drifted, values waiting for a firmware reset, values a reboot did not
// bring, and firmware versions/PSIDs outside the profile's qualified set
// (nic/firmware_session.h reads and judges; this turns the report into
// findings with what / why / fix).
#pragma once

#include <string>
#include <vector>

#include "doctor/doctor.h"
#include "nic/firmware_session.h"

namespace rocecfg::doctor {

std::vector<Finding> firmware_findings(const nic::FirmwareReport& report,
                                       const std::string& profile_path);

}  // namespace rocecfg::doctor
