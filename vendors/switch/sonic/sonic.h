// Community SONiC, internal interfaces of the adapter (see sonic.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/result.h"
#include "plan/plan.h"
#include "switch/adapter.h"

namespace rocecfg::vendors::sonic {

// The DSCP map and WRED profile rocecfg writes (the community template's names).
inline constexpr std::string_view kDscpMap = "AZURE";
inline constexpr std::string_view kWredProfile = "AZURE_LOSSLESS";

// CONFIG_DB as JSON (`show runningconfiguration all`, /etc/sonic/config_db.json),
// in either reference format: legacy "[DSCP_TO_TC_MAP|AZURE]" or bare "AZURE".
Result<sw::SwitchState> parse_config_db(std::string_view json_text);

Result<std::vector<std::string>> render_commands(const model::Settings& intent,
                                                 const plan::Plan& changes, Diagnostics& warnings);

}  // namespace rocecfg::vendors::sonic
