// The ConnectX netdev the nic tests' temporary trees describe (PCI
// 0000:3b:00.0, RDMA mlx5_0 port 1), shared by every test file of nic_test.
#pragma once

#include "host/discovery.h"

namespace rocecfg::test {

inline host::Netdev mlx5_netdev() {
  host::Netdev n;
  n.name = "ens1f0np0";
  n.driver = "mlx5_core";
  n.pci_bdf = "0000:3b:00.0";
  n.rdma_device = "mlx5_0";
  n.rdma_port = 1;
  return n;
}

}  // namespace rocecfg::test
