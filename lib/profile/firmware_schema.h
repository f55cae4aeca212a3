// The [firmware] table (profiles/README.md): per NIC family, the firmware
// (non-volatile) parameters by name and value, devlink device parameters,
// and the qualified firmware versions and PSIDs.
#pragma once

#include <toml++/toml.h>

#include "profile/intent.h"
#include "profile/toml_reader.h"

namespace rocecfg::profile {

void read_firmware(TomlReader& r, const toml::table& root, Intent& intent);

}  // namespace rocecfg::profile
