// RDMA-CM defaults through configfs: /sys/kernel/config/rdma_cm/<dev>/ports/<n>/
// default_roce_tos (u8 ToS = DSCP << 2 | ECN) and default_roce_mode
// ("RoCE v2" / "IB/RoCE v1"). The kernel creates ports/ when the device
// directory is mkdir'ed and keeps the values in its cma_device after rmdir,
// so a session creates the directory only if absent and removes only what it
// created (as mlnx-tools' cma_roce_tos does). Affects rdma_cm users only.
#pragma once

#include <cstdint>
#include <string>

#include "core/result.h"
#include "host/fs_root.h"
#include "model/settings.h"

namespace rocecfg::host {

class RdmaCmConfig {
 public:
  RdmaCmConfig(const FsRoot& fs, std::string rdma_device, int port)
      : fs_(fs), device_(std::move(rdma_device)), port_(port) {}

  Result<uint8_t> read_tos() const;
  Result<model::RoceMode> read_mode() const;
  Status write_tos(uint8_t tos) const;
  Status write_mode(model::RoceMode mode) const;

 private:
  // Runs fn(dir) with the device directory present, removing it afterwards
  // when this call created it.
  template <typename Fn>
  auto with_device_dir(Fn&& fn) const -> decltype(fn(std::string()));
  Status ensure_configfs() const;

  const FsRoot& fs_;
  std::string device_;
  int port_;
};

// "RoCE v2" <-> RoceMode::v2, as the kernel spells them.
const char* roce_mode_configfs_text(model::RoceMode mode);

}  // namespace rocecfg::host
