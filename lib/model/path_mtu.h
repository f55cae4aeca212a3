// The RoCE path MTU a netdev MTU carries: one rule for host discovery, the
// probe's expectations, the gate, doctor and the profile's MTU floor.
//
// The rule is the kernel's, not ours: iboe_get_mtu() in include/rdma/ib_addr.h
// (torvalds/linux, v6.1) subtracts the largest RoCE header stack a packet can
// carry, IB_GRH_BYTES 40 + IB_UDP_BYTES 8 + IB_BTH_BYTES 12 + IB_EXT_XRC_BYTES 4
// + IB_EXT_ATOMICETH_BYTES 28 + IB_ICRC_BYTES 4 = 96, and picks the largest IB
// MTU (256..4096) that fits in what is left. The RDMA-CM and every verbs
// consumer on Linux get exactly that value as the port's active_mtu.
#pragma once

#include <cstdint>

namespace rocecfg::model {

// Bytes of the netdev MTU the RoCE headers may take (iboe_get_mtu).
inline constexpr uint32_t kRoceHeaderBytes = 40 + 8 + 12 + 4 + 28 + 4;

// The largest RoCE path MTU (IB MTU 4096).
inline constexpr uint32_t kMaxRocePathMtuBytes = 4096;

// The smallest netdev MTU that carries the 4096-byte path MTU: 4192.
inline constexpr uint32_t kMinNetdevMtuForMaxPath = kMaxRocePathMtuBytes + kRoceHeaderBytes;

// The largest of 256, 512, 1024, 2048, 4096 that fits in netdev_mtu_bytes - 96;
// 0 when not even 256 fits (the kernel reports no usable MTU then).
uint32_t roce_path_mtu_for(uint32_t netdev_mtu_bytes);

}  // namespace rocecfg::model
