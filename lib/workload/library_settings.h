// What the job's communication libraries must be told so that their queue
// pairs send in the profile's lossless class, computed from the profile's
// [workload] and the RoCE devices this host has. Each fact comes from the
// library's own source or documentation:
// * NCCL (NVIDIA/nccl @5067397c): NCCL_IB_TC, default 0 (src/transport/net_ib/
//   connect.cc: NCCL_IB_TC_DEFAULT; the connecting rank's value is sent to the
//   peer and used by both ends' QPs), NCCL_IB_SL (default 0), GID auto-selection
//   by NCCL_IB_ADDR_FAMILY (default AF_INET) and NCCL_IB_ROCE_VERSION_NUM
//   (default 2) unless NCCL_IB_GID_INDEX pins one (connect.cc ncclIbGetGidIndex),
//   NCCL_IB_HCA with '=' for exact names (docs/userguide/source/env.rst).
// * UCX (openucx/ucx @9466d104 src/uct/ib/base/ib_iface.c): UCX_IB_TRAFFIC_CLASS
//   ("auto": the port's global traffic class, else 106 on RoCE v2),
//   UCX_IB_SL, UCX_NET_DEVICES=dev:port.
// * HCCL (Huawei CANN environment variable reference, HCCL_RDMA_TC:
//   https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/envvar/envref_07_0089.html):
//   HCCL_RDMA_TC, a multiple of 4 (DSCP x 4, no ECN bits), default 132 = DSCP 33;
//   HCCL_RDMA_SL the priority.
#pragma once

#include <string>
#include <vector>

#include "host/discovery.h"
#include "model/settings.h"
#include "profile/intent.h"

namespace rocecfg::workload {

// A RoCE port the job may use.
struct Hca {
  std::string device;  // "mlx5_0"
  int port = 1;
  std::string netdev;
  std::vector<host::GidEntry> gids;
  // false: declared (workload.hca, an inventory [[host]]'s NICs) for a host
  // whose devices this run cannot see, e.g. a login node writing a job's
  // environment; nothing about it was observed.
  bool seen = true;
  std::string name() const { return device + ":" + std::to_string(port); }
};

// The profile's workload.hca (each "dev" or "dev:port"), or every RDMA port
// with an Ethernet link layer. Names the profile lists but the host lacks are
// returned in `missing`.
std::vector<Hca> select_hcas(const host::HostInventory& inv, const profile::WorkloadIntent& w,
                             std::vector<std::string>* missing = nullptr);
// The same for any list of names ("dev" or "dev:port").
std::vector<Hca> select_hcas(const host::HostInventory& inv, const std::vector<std::string>& wanted,
                             std::vector<std::string>* missing = nullptr);

// A declared name ("mlx5_0" or "mlx5_0:2", grammar: workload_schema.cpp
// valid_hca) as a port nobody has seen. Without a port, port 1: RoCE
// devices (mlx5, bnxt_re, irdma, rxe) expose one port per PCI function,
// numbered 1.
Hca declared_hca(const std::string& name, const std::string& netdev = "");

struct Setting {
  profile::CommLibrary library;
  std::string key;
  std::string value;
  std::string why;
};

// Every variable for the libraries the profile manages, in a stable order.
std::vector<Setting> library_settings(const profile::WorkloadIntent& w,
                                      const std::vector<Hca>& hcas);

// The GID NCCL's auto-selection settles on for a port: the first entry of the
// address family with the RoCE version (ncclUpdateGidIndex moves to a
// candidate only when family or version improve), or nullptr when none.
const host::GidEntry* expected_gid(const Hca& hca, const profile::WorkloadIntent& w);
// Empty when `index` is the entry the profile asks for, else why not.
std::string gid_problem(const Hca& hca, const profile::WorkloadIntent& w, int index);

// Adds the workload knobs to a host intent when the profile declares
// [workload]: the library files' keys and the OFED device override.
void add_workload_knobs(const profile::WorkloadIntent& w, const std::vector<Setting>& settings,
                        model::Settings& host_intent);

}  // namespace rocecfg::workload
