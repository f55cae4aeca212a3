// Interface lists and ranges (model/interface_list.h): shared with the
// inventory loader, which expands them at load time to report bad ranges with
// a file position; the switch layer uses them under its own namespace.
#pragma once

#include "model/interface_list.h"

namespace rocecfg::sw {
using model::compress_interfaces;
using model::expand_interface_list;
using model::expand_interface_lists;
using model::interface_less;
}  // namespace rocecfg::sw
