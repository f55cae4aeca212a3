// Whole files under /etc that other programs read (nccl.conf, ucx.conf, the
// job environment file): read without following links, replaced atomically
// (a reader sees the old file or the new one, never half of one), never
// written through a symlink or into a directory others can write.
#pragma once

#include <optional>
#include <string>

#include "core/result.h"
#include "host/fs_root.h"

namespace rocecfg::host {

// The file's bytes; nullopt when it does not exist. A symlink, a directory or
// another non-regular file at the path is an error (we will not replace it).
Result<std::optional<std::string>> read_config_file(const FsRoot& fs, const std::string& path);

// Write `content` to a temporary file beside `path` (O_EXCL|O_NOFOLLOW),
// fsync it, keep the old file's mode and owner (new files: 0644), rename it
// over `path` and fsync the directory. Creates a missing parent directory
// (0755). Refuses when `path` is a symlink or the directory is writable by
// group or others.
Status replace_config_file(const FsRoot& fs, const std::string& path, const std::string& content);

// Removes the file (not following a link); absent is fine.
Status remove_config_file(const FsRoot& fs, const std::string& path);

}  // namespace rocecfg::host
