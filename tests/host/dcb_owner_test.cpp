// Why a netdev without DCB has no PFC/ETS, from sysfs trees shaped like the
// kernel's: an SR-IOV VF's device/physfn link to its PF (sysfs-bus-pci ABI,
// Documentation/ABI/testing/sysfs-bus-pci, "physfn"), a bond's slaves, a
// virtual netdev without device/.
#include <doctest/doctest.h>

#include "fs_tree.h"
#include "host/dcb_owner.h"

using namespace rocecfg;

namespace {

// ConnectX-6 Dx PF 0000:3b:00.0 (ens1f0np0) and its first VF 0000:3b:00.2
// (ens1f0v0), as /sys/devices/pci0000:3a/0000:3a:00.0/ holds them.
void vf_tree(const test::FsTree& t, bool pf_netdev) {
  const std::string bus = "/sys/devices/pci0000:3a/0000:3a:00.0";
  t.dir(bus + "/0000:3b:00.0");
  if (pf_netdev) t.dir(bus + "/0000:3b:00.0/net/ens1f0np0");
  t.dir(bus + "/0000:3b:00.2/net/ens1f0v0");
  t.link(bus + "/0000:3b:00.2/physfn", "../0000:3b:00.0");
  t.link(bus + "/0000:3b:00.0/virtfn0", "../0000:3b:00.2");
  t.link("/sys/class/net/ens1f0v0",
         "../../devices/pci0000:3a/0000:3a:00.0/0000:3b:00.2/net/ens1f0v0");
  t.link(bus + "/0000:3b:00.2/net/ens1f0v0/device", "../../../0000:3b:00.2");
}

}  // namespace

TEST_SUITE("host.dcb_owner") {
  TEST_CASE("a VF's PFC/ETS are owned by its PF, named by netdev and PCI function") {
    test::FsTree t;
    vf_tree(t, true);
    host::FsRoot fs(t.root());
    CHECK(host::no_dcb_reason(fs, "ens1f0v0", "") ==
          "owned by the PF ens1f0np0 (0000:3b:00.0): an SR-IOV VF has no DCB of its own; set "
          "PFC/ETS on the PF");
  }

  TEST_CASE("a VF whose PF has no netdev here (a VF passed into a container)") {
    test::FsTree t;
    vf_tree(t, false);
    host::FsRoot fs(t.root());
    CHECK(host::no_dcb_reason(fs, "ens1f0v0", "") ==
          "owned by the PF 0000:3b:00.0 (no netdev bound to it here): an SR-IOV VF has no DCB "
          "of its own; set PFC/ETS on the PF");
  }

  TEST_CASE("a bond names its slaves; a veth is virtual; a NIC driver without dcbnl") {
    test::FsTree t;
    t.line("/sys/devices/virtual/net/bond0/bonding/slaves", "ens1f0np0 ens1f1np1");
    t.link("/sys/class/net/bond0", "../../devices/virtual/net/bond0");
    t.dir("/sys/devices/virtual/net/veth0");
    t.link("/sys/class/net/veth0", "../../devices/virtual/net/veth0");
    t.dir("/sys/devices/pci0000:00/0000:00:03.0/net/eth0");
    t.link("/sys/class/net/eth0", "../../devices/pci0000:00/0000:00:03.0/net/eth0");
    t.link("/sys/devices/pci0000:00/0000:00:03.0/net/eth0/device", "../../../0000:00:03.0");
    host::FsRoot fs(t.root());
    CHECK(host::no_dcb_reason(fs, "bond0", "bond") ==
          "not supported by this netdev (bond: set PFC/ETS on its slaves: ens1f0np0 ens1f1np1)");
    CHECK(host::no_dcb_reason(fs, "veth0", "veth") ==
          "not supported by this netdev (virtual, veth: no DCB)");
    CHECK(host::no_dcb_reason(fs, "eth0", "") ==
          "not supported by this netdev (the driver registers no DCB netlink)");
  }
}
