// Reading a file a user named (a profile, an include, an inventory, a saved
// switch configuration) without letting the file decide how much memory or
// time the read takes: regular files only, bounded in size, and never a wait
// on a FIFO. /dev/zero as an include once read until the OOM killer came.
#pragma once

#include <cstddef>
#include <string>

#include "core/result.h"

namespace rocecfg {

// The whole file, or why not: "is a directory, not a file", "is not a
// regular file (...)", "is N bytes; the limit for this file is M", or the OS
// error in lower case ("no such file or directory"); context is the path.
Result<std::string> read_regular_file(const std::string& path, size_t max_bytes);

}  // namespace rocecfg
