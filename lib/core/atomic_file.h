// Replacing a file as root in a directory others may write (node_exporter's
// textfile directory belongs to the exporter account; state directories may
// be shared): the temporary file is created relative to an opened directory
// descriptor with O_CREAT|O_EXCL|O_NOFOLLOW under a random name, then renamed
// over the target. A symlink planted at the temporary name makes the create
// fail (and we pick another name) instead of redirecting our write; a symlink
// planted at the target name is replaced, never followed. The old
// open(O_CREAT|O_TRUNC) on a PID-derived name let anyone with write access to
// the directory make root overwrite any file.
#pragma once

#include <string>
#include <string_view>

#include <sys/types.h>

#include "core/result.h"

namespace rocecfg {

// Writes `dir`/`name` atomically (temp file in `dir`, fsync, rename) with
// `mode`. `name` is a plain file name (no '/'). On error nothing is left
// behind and the previous file, if any, is untouched.
Status write_file_atomically(const std::string& dir, const std::string& name,
                             std::string_view contents, mode_t mode = 0644);

// The same for a path as a user gives it (`--svg map.svg`, `-o dir/x.toml`):
// its directory (".", without one) and its file name.
Status write_path_atomically(const std::string& path, std::string_view contents,
                             mode_t mode = 0644);

}  // namespace rocecfg
