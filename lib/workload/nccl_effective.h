// What NCCL on this host would actually use for a setting, following NCCL's
// own precedence (NVIDIA/nccl @5067397c src/misc/param.cc initEnvFunc and
// src/os/linux.cc ncclOsSetEnv = setenv(name, value, 0)): the process
// environment first, then $NCCL_CONF_FILE (or, when unset, ~/.nccl.conf),
// then /etc/nccl.conf, then the built-in default.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "host/fs_root.h"

namespace rocecfg::workload {

using GetEnv = std::function<const char*(const char*)>;

struct Effective {
  std::optional<std::string> value;  // nullopt: NCCL's built-in default applies
  std::string source;  // "environment", "/etc/nccl.conf", "/root/.nccl.conf", "default"
};

Effective nccl_effective(const host::FsRoot& fs, const GetEnv& getenv, const std::string& key);

struct EffectiveTc {
  int traffic_class = 0;  // what NCCL puts in its QPs' GRH
  std::string source;     // where it came from, for the report
  // MLNX_OFED's device override re-marks every QP regardless (traffic_class
  // of tc/<port>/): set when one of the HCAs has it.
  std::optional<int> device_override;
  std::string device_override_source;
  // What goes on the wire: the override when set, else traffic_class.
  int on_wire() const { return device_override.value_or(traffic_class); }
};

// NCCL_IB_TC as NCCL parses it (strtoll base 0; an unparsable value falls
// back to the default 0, src/misc/param.cc ncclLoadParam), plus any device
// override on `rdma_devices` (dev, port).
EffectiveTc nccl_traffic_class(const host::FsRoot& fs, const GetEnv& getenv,
                               const std::vector<std::pair<std::string, int>>& rdma_ports);

// The ToS byte NCCL on this host would put on the wire from these RDMA ports
// (`rocecfg probe --tos workload` sends it; the gate's workload check judges
// it), and where it comes from:
// "NCCL_IB_TC=106 from /etc/nccl.conf", "NCCL's default (NCCL_IB_TC unset)",
// "device override 96 from /sys/class/infiniband/mlx5_0/tc/1/traffic_class".
struct WireTos {
  uint8_t tos = 0;
  std::string why;
};
WireTos nccl_wire_tos(const host::FsRoot& fs, const GetEnv& getenv,
                      const std::vector<std::pair<std::string, int>>& rdma_ports);

}  // namespace rocecfg::workload
