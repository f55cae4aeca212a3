// Which interfaces' counters a snapshot reads, against sysfs-shaped trees: a
// VLAN on a bond on two ports leads to all four, each once.
#include <doctest/doctest.h>

#include "probe/netdevs.h"
#include "sysfs_tree.h"

using namespace rocecfg::probe;
using rocecfg::probe::testing::SysfsTree;

TEST_SUITE("probe.netdevs") {
  TEST_CASE("a plain port is just itself") {
    SysfsTree t;
    t.write("sys/class/net/ens1f0/statistics/rx_packets", "0\n");
    CHECK(counter_netdevs(rocecfg::host::FsRoot(t.root()), "ens1f0") ==
          std::vector<std::string>{"ens1f0"});
  }

  TEST_CASE("VLAN on a bond on two ports: the PFC counters' ports are included, depth first") {
    SysfsTree t;
    t.write("sys/class/net/bond0.100/lower_bond0/ifindex", "7\n");
    t.write("sys/class/net/bond0/lower_ens1f0/ifindex", "3\n");
    t.write("sys/class/net/bond0/lower_ens1f1/ifindex", "4\n");
    t.write("sys/class/net/ens1f0/statistics/rx_packets", "0\n");
    t.write("sys/class/net/ens1f1/statistics/rx_packets", "0\n");
    CHECK(counter_netdevs(rocecfg::host::FsRoot(t.root()), "bond0.100") ==
          std::vector<std::string>{"bond0.100", "bond0", "ens1f0", "ens1f1"});
  }

  TEST_CASE("a loop of lower links ends; no netdev, no list") {
    SysfsTree t;
    t.write("sys/class/net/a/lower_b/x", "1\n");
    t.write("sys/class/net/b/lower_a/x", "1\n");
    CHECK(counter_netdevs(rocecfg::host::FsRoot(t.root()), "a") ==
          std::vector<std::string>{"a", "b"});
    CHECK(counter_netdevs(rocecfg::host::FsRoot(t.root()), "").empty());
  }

  TEST_CASE("netdev_exists refuses names that are not interfaces") {
    SysfsTree t;
    t.write("sys/class/net/eth0/ifindex", "2\n");
    rocecfg::host::FsRoot fs(t.root());
    CHECK(netdev_exists(fs, "eth0"));
    CHECK_FALSE(netdev_exists(fs, "eth9"));
    CHECK_FALSE(netdev_exists(fs, ""));
    CHECK_FALSE(netdev_exists(fs, "../net/eth0"));
  }
}
