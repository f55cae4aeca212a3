// Loading a profile/inventory for a verb: on errors, print every diagnostic
// (or JSON) and let the verb exit with kUsage.
#pragma once

#include <optional>
#include <string>

#include "profile/load.h"

namespace rocecfg::cmd {

std::optional<profile::Intent> load_profile_or_report(
    const std::string& path, bool json, profile::BufferRules rules = profile::BufferRules::enforce);
std::optional<profile::Inventory> load_inventory_or_report(const std::string& path, bool json);

}  // namespace rocecfg::cmd
