// How one switch's outcome maps onto the exit-code table (core/exit_code.h),
// the same for apply, audit and offline audits: a failure to talk to the
// switch or to change it is a runtime failure (3) whether or not anything
// was sent, drift is 1, and unsupported knobs are warnings unless strict.
#pragma once

#include "switch/engine.h"

namespace rocecfg::sw {

int exit_code_for(const SwitchResult& r, bool strict);

}  // namespace rocecfg::sw
