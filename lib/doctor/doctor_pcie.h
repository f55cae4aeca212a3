// PCIe placement per rail: where each RoCE NIC sits against the GPUs
// (host/pcie_topology.h: PIX/PXB/PHB/NODE/SYS, the classes nvidia-smi topo -m
// and NCCL print), ACS on the bridges peer-to-peer traffic between them
// passes (host/pcie_config.h: redirect on = GPUDirect RDMA detours through
// the root complex or fails), the NIC's MaxReadReq/MaxPayload, and mlx5's
// PCIe stall counters
// (outbound_pci_stalled_rd/_wr: the NIC waited on PCIe credits). No GPU on
// the host is said once, never guessed. NUMA and IRQ placement are the
// "numa" check, the link's speed and width against its capability the
// "link" check (doctor.cpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "doctor/doctor.h"
#include "host/discovery.h"
#include "host/fs_root.h"

namespace rocecfg::doctor {

// `nvidia_smi_topo`: `nvidia-smi topo -m` output where the tool is present;
// its nearest GPU per NIC is said next to the sysfs one, and a disagreement
// is a warning.
void check_pcie_placement(
    const host::FsRoot& fs, const std::vector<host::Netdev>& nics,
    const std::function<Result<probe::CounterMap>(const std::string& ifname)>& ethtool_stats,
    const std::optional<std::string>& nvidia_smi_topo, std::vector<Finding>& out);

}  // namespace rocecfg::doctor
