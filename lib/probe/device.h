// An opened RDMA device, kept open for the life of whoever holds it and shared
// by every test on it. Opening means a device-list scan (one sysfs directory
// and one character device per RDMA device) and ibv_open_device: 5-30 ms per
// test under emulation, and perftest pays it once per process too. The server
// and a probe run hold their devices, so each test's setup is only PD, MR, CQ,
// QPs and the transitions.
//
// The GID table comes from the kernel in one call (ibv_query_gid_table, rdma-core
// >= 31) instead of reading gids/N and gid_attrs/types/N for every slot: rxe has
// 1024 slots, and that walk took 140-340 ms per test in the lab.
#pragma once

#include <infiniband/verbs.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "probe/gid.h"

namespace rocecfg::probe {

class Device {
 public:
  // The device called `name` ("" = the first one), already open if someone
  // still holds it.
  static Result<std::shared_ptr<Device>> open(const std::string& name);
  // The device if this process holds it open, else nullptr (never opens).
  static std::shared_ptr<Device> find(const std::string& name);
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  ibv_context* context() const { return ctx_; }
  const std::string& name() const { return name_; }
  const ibv_device_attr& attr() const { return attr_; }

  // Populated entries of `port`'s GID table, as read_gid_table() reports them
  // from sysfs (same text, type and netdev), read now: addresses come and go.
  Result<std::vector<GidEntry>> gid_table(uint32_t port) const;

 private:
  Device() = default;
  ibv_context* ctx_ = nullptr;
  std::string name_;
  ibv_device_attr attr_{};
};

// Names of the RDMA devices present, for "no such device" errors and defaults.
std::vector<std::string> list_devices();

}  // namespace rocecfg::probe
