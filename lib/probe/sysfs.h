// Read-only access to sysfs below a configurable root, after rdma-core's
// SYSFS_PATH: production uses "/", tests point it at a temporary tree shaped
// like /sys so counter and GID parsing runs unchanged against known files.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

namespace rocecfg::probe {

class Sysfs {
 public:
  explicit Sysfs(std::string root = "/") : root_(std::move(root)) {}
  // `rel` is relative to the root, e.g. "sys/class/infiniband/rxe0/ports/1/state".
  std::string path(const std::string& rel) const;
  // File contents without the trailing newline.
  Result<std::string> read(const std::string& rel) const;
  // A counter file: one unsigned decimal number.
  Result<uint64_t> read_u64(const std::string& rel) const;
  // Entry names in a directory, sorted.
  Result<std::vector<std::string>> list(const std::string& rel) const;
  bool exists(const std::string& rel) const;

 private:
  std::string root_;
};

// sys/class/infiniband/<dev>/ports/<port>
std::string port_dir(const std::string& device, uint32_t port);

// "10 Gb/sec (1X QDR)" -> 10; error when the file is absent or unparsable.
Result<double> port_rate_gbps(const Sysfs& fs, const std::string& device, uint32_t port);
// "4: ACTIVE" -> "ACTIVE".
Result<std::string> port_state(const Sysfs& fs, const std::string& device, uint32_t port);

}  // namespace rocecfg::probe
