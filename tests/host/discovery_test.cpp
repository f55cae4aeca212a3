// Discovery against temporary trees shaped like real hosts' sysfs (mlx5 with
// a PCI device, rxe on a veth), through the production FsRoot seam.
#include <doctest/doctest.h>

#include <filesystem>

#include "fs_tree.h"
#include "host/discovery.h"
#include "host/inventory_render.h"
#include "host/lldp.h"

using namespace rocecfg;
using namespace rocecfg::host;

namespace {

void mlx5_host(const test::FsTree& t) {
  const std::string ib = "/sys/class/infiniband/mlx5_0";
  t.write(ib + "/ports/1/state", "4: ACTIVE\n");
  t.write(ib + "/ports/1/link_layer", "Ethernet\n");
  t.write(ib + "/ports/1/gids/0", "fe80:0000:0000:0000:0a00:27ff:fe00:0001\n");
  t.write(ib + "/ports/1/gid_attrs/types/0", "IB/RoCE v1\n");
  t.write(ib + "/ports/1/gid_attrs/ndevs/0", "ens1f0np0\n");
  t.write(ib + "/ports/1/gids/1", "fe80:0000:0000:0000:0a00:27ff:fe00:0001\n");
  t.write(ib + "/ports/1/gid_attrs/types/1", "RoCE v2\n");
  t.write(ib + "/ports/1/gid_attrs/ndevs/1", "ens1f0np0\n");
  t.write(ib + "/ports/1/gids/3", "0000:0000:0000:0000:0000:ffff:c0a8:0a01\n");
  t.write(ib + "/ports/1/gid_attrs/types/3", "RoCE v2\n");
  t.write(ib + "/ports/1/gid_attrs/ndevs/3", "ens1f0np0\n");
  t.write(ib + "/ports/1/gids/4", "0000:0000:0000:0000:0000:0000:0000:0000\n");
  t.dir("/sys/bus/pci/drivers/mlx5_core");
  t.dir("/sys/devices/pci0000:3a/0000:3b:00.0");
  t.link("/sys/devices/pci0000:3a/0000:3b:00.0/driver", "../../../bus/pci/drivers/mlx5_core");
  t.link(ib + "/device", "../../../devices/pci0000:3a/0000:3b:00.0");
  t.write("/sys/class/net/ens1f0np0/mtu", "1500\n");
  t.link("/sys/class/net/ens1f0np0/device", "../../../devices/pci0000:3a/0000:3b:00.0");
}

}  // namespace

TEST_SUITE("discovery") {
  TEST_CASE("mlx5: device, port state, netdev via GID ndevs, driver, PCI address, RoCE v2 GIDs") {
    test::FsTree t;
    mlx5_host(t);
    HostInventory inv = discover(FsRoot(t.root()));
    REQUIRE(inv.rdma_devices.size() == 1);
    const RdmaDevice& d = inv.rdma_devices[0];
    CHECK(d.name == "mlx5_0");
    CHECK(d.driver == "mlx5_core");
    REQUIRE(d.ports.size() == 1);
    CHECK(d.ports[0].state == "ACTIVE");
    CHECK(d.ports[0].netdev == "ens1f0np0");
    CHECK(d.ports[0].gids.size() == 3);        // the all-zero entry is skipped
    CHECK_FALSE(d.ports[0].active_mtu_bytes);  // no verbs behind a test tree
    REQUIRE(inv.netdevs.size() == 1);
    CHECK(inv.netdevs[0].name == "ens1f0np0");
    CHECK(inv.netdevs[0].driver == "mlx5_core");
    CHECK(inv.netdevs[0].pci_bdf == "0000:3b:00.0");
    CHECK(inv.netdevs[0].mtu_bytes == 1500);
    CHECK(inv.netdevs[0].rdma_device == "mlx5_0");
    CHECK(render_inventory_text(inv) ==
          "DEVICE  PORT  STATE   NETDEV     DRIVER     MTU   ACTIVE_MTU\n"
          "mlx5_0  1     ACTIVE  ens1f0np0  mlx5_core  1500  -\n"
          "  gid 1  fe80:0000:0000:0000:0a00:27ff:fe00:0001  RoCE v2\n"
          "  gid 3  0000:0000:0000:0000:0000:ffff:c0a8:0a01  RoCE v2  (IPv4)\n"
          "  note: netdev MTU 1500 limits RoCE to path MTU 1024\n");
    auto j = inventory_json(inv);
    CHECK(j["rdma_devices"][0]["ports"][0]["pci_bdf"] == "0000:3b:00.0");
    CHECK(j["rdma_devices"][0]["ports"][0]["gids"].size() == 3);
  }

  TEST_CASE("without GID tables the default GID alone names the netdev") {
    test::FsTree t;
    mlx5_host(t);
    HostInventory inv = discover(FsRoot(t.root()), /*query_verbs=*/false, /*gid_tables=*/false);
    REQUIRE(inv.netdevs.size() == 1);
    CHECK(inv.netdevs[0].name == "ens1f0np0");
    CHECK(inv.rdma_devices[0].ports[0].gids.empty());
    // no default GID entry: the table is scanned up to the first netdev
    std::filesystem::remove(t.root() + "/sys/class/infiniband/mlx5_0/ports/1/gid_attrs/ndevs/0");
    HostInventory scanned = discover(FsRoot(t.root()), false, false);
    REQUIRE(scanned.netdevs.size() == 1);
    CHECK(scanned.netdevs[0].name == "ens1f0np0");
  }

  TEST_CASE("rxe: no bus device; the parent file names the netdev") {
    test::FsTree t;
    t.write("/sys/class/infiniband/rxe0/parent", "veth0\n");
    t.write("/sys/class/infiniband/rxe0/ports/1/state", "4: ACTIVE\n");
    t.write("/sys/class/infiniband/rxe0/ports/1/link_layer", "Ethernet\n");
    t.write("/sys/class/net/veth0/mtu", "9000\n");
    HostInventory inv = discover(FsRoot(t.root()));
    REQUIRE(inv.netdevs.size() == 1);
    CHECK(inv.rdma_devices[0].driver == "rdma_rxe");
    CHECK(inv.netdevs[0].name == "veth0");
    CHECK(inv.netdevs[0].driver == "");
  }

  TEST_CASE("no RDMA devices") {
    test::FsTree t;
    CHECK(render_inventory_text(discover(FsRoot(t.root()))) == "no RDMA devices\n");
  }

  TEST_CASE("a running lldpad is found through /proc") {
    test::FsTree t;
    t.write("/proc/1/comm", "systemd\n");
    t.write("/proc/812/comm", "lldpad\n");
    t.write("/proc/self/comm", "lldpad\n");  // not a pid: ignored
    CHECK(running_dcbx_agent(FsRoot(t.root())) == "lldpad (pid 812)");
    t.write("/proc/812/comm", "lldpd\n");
    CHECK_FALSE(running_dcbx_agent(FsRoot(t.root())));
  }
}
