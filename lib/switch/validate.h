// The checks every value passes before it is interpolated into a switch
// command. They live in lib/model (model/names.h) because the inventory
// loader applies the same grammar at load time, with a file position; the
// switch layer uses them under its own namespace.
#pragma once

#include "model/names.h"

namespace rocecfg::sw {
using model::check_command;
using model::check_interface;
using model::check_name;
using model::check_number;
}  // namespace rocecfg::sw
