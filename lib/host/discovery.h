// What RoCE hardware a host has: RDMA devices and ports from sysfs (the same
// files rdma-core and show_gids read), their netdevs, drivers and GID tables,
// plus the active MTU from verbs. All sysfs reads go through FsRoot, so tests
// run this code against temporary trees shaped like real mlx5/bnxt/rxe hosts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "host/fs_root.h"

namespace rocecfg::host {

struct GidEntry {
  int index = 0;
  std::string gid;           // "0000:0000:0000:0000:0000:ffff:0a00:0001" as sysfs prints it
  std::string type;          // "RoCE v2", "IB/RoCE v1"
  std::string netdev;        // gid_attrs/ndevs/<i>
  bool ipv4_mapped() const;  // ::ffff:a.b.c.d, the GID IPv4 RoCE v2 traffic uses
};

struct RdmaPort {
  int port = 1;
  std::string state;       // "ACTIVE", "DOWN" (sysfs "4: ACTIVE" without the number)
  std::string link_layer;  // "Ethernet" for RoCE
  std::string netdev;
  std::optional<uint32_t> active_mtu_bytes;  // from ibv_query_port; absent in test trees
  std::vector<GidEntry> gids;                // non-empty entries only
};

struct RdmaDevice {
  std::string name;    // "mlx5_0", "rxe0"
  std::string driver;  // kernel driver of the RDMA device ("mlx5_core", "rdma_rxe")
  std::vector<RdmaPort> ports;
};

// A netdev that carries RoCE (or one named with --interface).
struct Netdev {
  std::string name;
  std::string driver;   // "mlx5_core", "bnxt_en", "ice", "veth"; empty if unknown
  std::string pci_bdf;  // "0000:3b:00.0"; empty for virtual devices
  uint32_t mtu_bytes = 0;
  std::string rdma_device;  // empty: no RDMA device on it
  int rdma_port = 0;
};

struct HostInventory {
  std::vector<RdmaDevice> rdma_devices;
  std::vector<Netdev> netdevs;  // RoCE netdevs, in RDMA device order
};

// `query_verbs` adds each port's active MTU through ibv_query_port (opening
// every device: slow under emulation, so the apply path skips it).
// `gid_tables` = false leaves RdmaPort::gids empty and finds each port's
// netdev from its default GID alone (gate, audit and apply need no more).
HostInventory discover(const FsRoot& fs, bool query_verbs = true, bool gid_tables = true);

// One netdev, whether or not it has an RDMA device (for --interface).
Result<Netdev> describe_netdev(const FsRoot& fs, const std::string& ifname);

// ibv_query_port's active_mtu of one port: the value the verbs stack actually
// uses. Only on the real root (a test tree has no device behind it). The
// first call loads every libibverbs provider: ~0.1 s under emulation.
std::optional<uint32_t> active_mtu(const FsRoot& fs, const std::string& dev, int port);

// Loads the libibverbs providers (what the first active_mtu() call would
// otherwise pay), for a caller that can start it on a thread early.
void preload_verbs();

}  // namespace rocecfg::host
