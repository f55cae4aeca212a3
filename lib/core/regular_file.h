// Reading a file a user named (a profile, an include, an inventory, a saved
// switch configuration, an NCCL log, a baseline) without letting the file
// decide how much memory or time the read takes: regular files only, bounded
// in size, and never a wait on a FIFO. /dev/zero as an include once read
// until the OOM killer came; /proc/self/environ given to `show switch
// --from-file` printed every environment variable (procfs and sysfs files
// pass a regular-file check, so their file systems are refused by type).
#pragma once

#include <cstddef>
#include <string>

#include "core/result.h"

namespace rocecfg {

// The limit for a file a verb reads as its input (--from-file of show, audit,
// import and counters, nccl-log): the largest saved running config or log we
// expect is a few MB. Formats with their own smaller limits (profiles, state
// files) state them next to their reader.
inline constexpr size_t kMaxInputFileBytes = 64u << 20;

// The whole file, or why not: "is a directory, not a file", "is not a
// regular file (a FIFO); only regular files are read", "is a /proc file (a
// kernel pseudo-file, not a saved file); refused", "is N bytes; the limit for
// this file is M", or the OS error in lower case ("no such file or
// directory"); context is the path.
Result<std::string> read_regular_file(const std::string& path, size_t max_bytes);

// Whether the person who ran us could read `path` with their own rights:
// true unless we run as root on someone's behalf (SUDO_UID or PKEXEC_UID set)
// and that user lacks read permission on the file or search permission on
// one of the directories leading to it (a 0644 file in a 0700 directory is
// not theirs to read), through the path as given and through the file it
// resolves to.
bool invoker_can_read(const std::string& path);

// A file a verb reads and then shows parts of (a saved switch config, a
// counter transcript, an NCCL log): read_regular_file with kMaxInputFileBytes,
// and refused when invoker_can_read is false ("is not readable by the user
// who ran rocecfg through sudo (uid N); refused"), so `sudo rocecfg show
// switch --from-file /etc/shadow` does not echo its first line.
Result<std::string> read_input_file(const std::string& path);

}  // namespace rocecfg
