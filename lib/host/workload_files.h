// The host-wide files and driver knobs through which the job's communication
// libraries get their traffic class (model knobs nccl_conf, ucx_conf,
// job_env, device_traffic_class). Which keys go in them is lib/workload's
// business; this file knows where they live and how to change them safely.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>

#include "core/result.h"
#include "host/conf_file.h"
#include "host/fs_root.h"
#include "model/knob.h"

namespace rocecfg::host {

struct ConfLocation {
  const char* path;
  ConfSyntax syntax;
};

// nccl_conf: /etc/nccl.conf, read by every NCCL process after NCCL_CONF_FILE
// or ~/.nccl.conf (src/misc/param.cc). ucx_conf: /etc/ucx/ucx.conf, UCX's
// system-wide file for distribution builds (UCX_CONFIG_DIR = sysconfdir/ucx,
// src/ucs/Makefile.am, docs/source/faq.md). job_env: HCCL reads only its
// environment (HCCL_RDMA_TC, Huawei CANN environment variable reference), so
// the scheduler sources this file (Slurm TaskProlog, systemd EnvironmentFile).
ConfLocation conf_location(model::Knob knob);

// The owned keys' values as the file has them (absent keys are absent).
Result<std::map<std::string, std::string>> read_owned_entries(const FsRoot& fs, model::Knob knob,
                                                              const std::set<std::string>& keys);

// Make the owned keys equal to `want` (an owned key not in `want` is
// removed). `created` is set when this call created the file; a file that
// would be left with nothing but what we removed is deleted if `remove_if_empty`.
Status write_owned_entries(const FsRoot& fs, model::Knob knob, const std::set<std::string>& keys,
                           const std::map<std::string, std::string>& want, bool remove_if_empty,
                           bool* created);

// MLNX_OFED's per-port override: /sys/class/infiniband/<dev>/tc/<port>/traffic_class
// (knneth/mlnx-ofa_kernel drivers/infiniband/hw/mlx5/main_ext.c @fee19be2:
// shows "Global tclass=N\n", nothing while unset (val -1); a write of a
// number sets it and re-marks the DSCP of every RTS QP with a GRH). Upstream
// mlx5 and other drivers have no such file.
std::string device_tc_path(const std::string& rdma_device, int port);
// nullopt inside the Result: the override is unset.
Result<std::optional<uint8_t>> read_device_tc(const FsRoot& fs, const std::string& rdma_device,
                                              int port);
// nullopt: unset it again (-1, the driver's "no override").
Status write_device_tc(const FsRoot& fs, const std::string& rdma_device, int port,
                       std::optional<uint8_t> tc);

}  // namespace rocecfg::host
