// One writer at a time, per device. The packaged udev/systemd re-apply can
// overlap an Ansible run, and two operators can push one switch: two applies
// interleaving their writes once left interfaces with a mix of both profiles
// while both exited 0, and a switch at factory defaults after one run's
// rollback restored its own snapshot over the other's change. Every writing
// run takes an exclusive flock(2) on the device's lock file for its whole
// observe -> plan -> write -> read back -> rollback cycle, waiting a bounded
// time for it.
#pragma once

#include <string>

#include "core/result.h"

namespace rocecfg {

// Under /run: cleared at boot, like the host state it guards (DCB and sysfs
// settings do not survive a reboot either).
inline constexpr const char* kLockDir = "/run/rocecfg";

class LockFile {
 public:
  // Waits up to `wait_ms` for the lock on `path`; `what` names it in errors
  // ("the host apply lock"). The error names the holder's pid when it wrote
  // one. The directory and file are created root-only; a symlink planted at
  // the file is refused, not followed. A stop signal while waiting gives up.
  static Result<LockFile> acquire(const std::string& path, int wait_ms, const std::string& what);
  LockFile(LockFile&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  LockFile& operator=(LockFile&&) = delete;
  ~LockFile();

 private:
  explicit LockFile(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace rocecfg
