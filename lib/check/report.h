// The verdict of `rocecfg check`: one table (rule, verdict, where, finding),
// each rule's why under its disagreements, the devices not read, and the
// exit code (lib/core/exit_code.h): 0 every rule agrees on what was read
// and everything was read; 1 a rule disagrees (waived ones do not count);
// 3 a device could not be read; 4 nothing disagrees but something was not
// observed (unknown). Several apply: the most severe (worst_exit_code).
#pragma once

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "check/rules.h"

namespace rocecfg::check {

std::string render_text(const std::vector<DeviceReading>& devices,
                        const std::vector<Finding>& findings, const std::set<std::string>& waived);
nlohmann::json to_json(const std::vector<DeviceReading>& devices,
                       const std::vector<Finding>& findings, const std::set<std::string>& waived);
int check_exit_code(const std::vector<DeviceReading>& devices,
                    const std::vector<Finding>& findings);

}  // namespace rocecfg::check
