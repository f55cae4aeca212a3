// The host's apply lock (core/lock_file.h): one host apply at a time.
#pragma once

#include "core/lock_file.h"

namespace rocecfg::host {

inline constexpr const char* kHostApplyLockPath = "/run/rocecfg/host-apply.lock";

}  // namespace rocecfg::host
