// The [congestion] and [dcbx] tables (profiles/README.md): which congestion
// control the fabric runs and who owns the NICs' PFC/ETS. Read after [dcqcn]
// and [ecn], because each algorithm is checked against what they say.
#pragma once

#include <toml++/toml.h>

#include "profile/intent.h"
#include "profile/toml_reader.h"

namespace rocecfg::profile {

void read_nic_qos(TomlReader& r, const toml::table& root, Intent& intent);

}  // namespace rocecfg::profile
