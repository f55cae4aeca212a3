// Doctor's switch half (with --inventory): what each switch runs, read live
// over SSH by lib/switch's audit, against what the host runs. A switch knob
// in sync is the profile's value; a drifted one is the step's observed
// `before`. Findings name switch and interface.
#pragma once

#include <string>
#include <vector>

#include "doctor/doctor.h"
#include "model/settings.h"
#include "switch/engine.h"

namespace rocecfg::doctor {

struct HostSide {
  std::string ifname;
  model::Settings settings;  // observed where readable, else the profile's host settings
};

std::vector<Finding> check_switches(const std::vector<sw::SwitchResult>& audits,
                                    const model::Settings& switch_intent, const HostSide& host,
                                    const std::string& fix_command);

}  // namespace rocecfg::doctor
