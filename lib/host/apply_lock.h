// The host's apply lock (core/lock_file.h): one host apply at a time.
#pragma once

#include <string>

#include "core/lock_file.h"

namespace rocecfg::host {

inline const std::string kHostApplyLockPath = std::string(kLockDir) + "/host-apply.lock";

}  // namespace rocecfg::host
