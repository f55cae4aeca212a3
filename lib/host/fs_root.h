// One root-relative accessor for every sysfs, configfs, debugfs and procfs
// path rocecfg touches (rdma-core's SYSFS_PATH idea). Production uses "/";
// tests point it at a temporary tree shaped exactly like the kernel's, so the
// same code path reads and writes both.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace rocecfg::host {

class FsRoot {
 public:
  explicit FsRoot(std::string root = "/");

  // The absolute path of a kernel path ("/sys/class/net") under this root.
  std::string path(const std::string& kernel_path) const;
  bool is_real_root() const { return root_ == "/"; }

  bool exists(const std::string& kernel_path) const;
  bool is_dir(const std::string& kernel_path) const;

  // File contents with one trailing newline removed (sysfs convention).
  Result<std::string> read(const std::string& kernel_path) const;
  // Writes `value` in one write() call, as sysfs attributes expect; the
  // kernel's error (EINVAL, EPERM, ...) is reported with the path.
  Status write(const std::string& kernel_path, const std::string& value) const;

  // Entry names in a directory, sorted; empty when absent.
  std::vector<std::string> list(const std::string& kernel_path) const;
  // The last component of a symlink's target ("../../bus/pci/drivers/mlx5_core" -> "mlx5_core").
  Result<std::string> link_basename(const std::string& kernel_path) const;

  // At most `max_bytes` of a file, byte for byte (nothing stripped): binary
  // attributes such as a PCI function's `config` space.
  Result<std::string> read_bytes(const std::string& kernel_path, size_t max_bytes) const;
  // The kernel path a path resolves to, every symlink followed, still
  // relative to this root ("/sys/bus/pci/devices/0000:3b:00.0" ->
  // "/sys/devices/pci0000:3a/0000:3a:00.0/0000:3b:00.0"). Read-only use.
  Result<std::string> resolve(const std::string& kernel_path) const;

  Status make_dir(const std::string& kernel_path) const;
  Status remove_dir(const std::string& kernel_path) const;

 private:
  std::string root_;
};

// A counter file: one unsigned decimal number (hw_counters, statistics).
Result<uint64_t> read_u64(const FsRoot& fs, const std::string& kernel_path);

// A u32 in the notations sysfs files use: decimal, or 0x-prefixed hex.
Result<uint32_t> parse_u32(const std::string& text, const std::string& context);

}  // namespace rocecfg::host
