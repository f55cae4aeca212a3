// What the job's communication libraries must send ([workload] in a profile).
// NCCL, UCX and HCCL create their queue pairs with plain verbs and take the
// GRH traffic class from their own settings (NCCL_IB_TC, default 0;
// UCX_IB_TRAFFIC_CLASS, default 106 on RoCE v2; HCCL_RDMA_TC, default 132 =
// DSCP 33), not from the RDMA-CM default ToS. So the fabric's lossless class
// is only used if these agree with it; lib/workload derives their settings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rocecfg::profile {

enum class CommLibrary { nccl, ucx, hccl };
const char* to_string(CommLibrary lib);

enum class GidFamily { ipv4, ipv6 };

struct WorkloadIntent {
  // The profile has a [workload] table: apply manages the libraries' files
  // only then (a profile without it still gets env, nccl-log and the checks).
  bool declared = false;
  // GRH traffic class = IP ToS byte of RoCE v2 = DSCP << 2 | ECN bits.
  // nullopt: the profile gives neither this, [rdma_cm] tos nor a lossless DSCP.
  std::optional<uint8_t> traffic_class;
  std::string traffic_class_from;  // "workload.traffic_class", "rdma_cm.tos", "lossless.dscp"
  // VLAN-tagged fabrics: the PCP the NIC puts on the frames (NCCL_IB_SL etc.).
  std::optional<uint8_t> service_level;
  GidFamily gid_family = GidFamily::ipv4;
  uint8_t roce_version = 2;
  std::vector<std::string> hca;  // "mlx5_0" or "mlx5_0:1"; empty: the discovered RoCE devices
  std::string socket_ifname;     // NCCL_SOCKET_IFNAME; empty: the HCAs' netdevs
  std::vector<CommLibrary> libraries{CommLibrary::nccl};
  // MLNX_OFED's device-wide override /sys/class/infiniband/<dev>/tc/<port>/traffic_class.
  bool device_traffic_class = true;

  bool manages(CommLibrary lib) const;
  uint8_t dscp() const { return traffic_class.value_or(0) >> 2; }
  uint8_t ecn_bits() const { return traffic_class.value_or(0) & 3; }
};

// "DSCP 26, ECN ECT(0)" for a ToS byte: how reports show a traffic class.
std::string describe_tos(uint8_t tos);

}  // namespace rocecfg::profile
