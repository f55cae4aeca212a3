// Each NIC's LLDP neighbour against the inventory's expected switch port:
// exact messages for a moved cable, a swapped pair, a NIC with no
// neighbour, and names compared as LLDP names are.
#include <doctest/doctest.h>

#include "probe/cabling.h"

namespace rocecfg::probe {
namespace {

profile::NicEntry cabled(const std::string& dev, const std::string& netdev, uint32_t rail,
                         const std::string& sw, const std::string& port) {
  profile::NicEntry n;
  n.rdma_device = dev;
  n.netdev = netdev;
  n.rail = rail;
  n.switch_port = profile::SwitchPort{sw, port};
  return n;
}

host::LldpPeer heard(const std::string& netdev, const std::string& sys, const std::string& port) {
  host::LldpPeer p;
  p.interface = netdev;
  p.system_name = sys;
  p.port_id = port;
  p.port_id_type = "ifname";
  p.port_descr = port;
  return p;
}

}  // namespace

TEST_SUITE("cabling") {
  TEST_CASE("a moved cable names both ends; a matching one counts as checked") {
    std::vector<profile::NicEntry> nics{cabled("mlx5_0", "eth0", 0, "leaf0", "swp9"),
                                        cabled("mlx5_2", "eth2", 2, "leaf2", "swp9")};
    CablingCheck c =
        check_cabling("gpu007", nics,
                      {heard("eth0", "leaf0.example.net", "swp9"), heard("eth2", "leaf3", "swp9")});
    CHECK(c.miscabled == std::vector<std::string>{
                             "mlx5_2 of gpu007 reaches leaf3 swp9; the inventory says leaf2 swp9"});
    CHECK(c.unknown.empty());
    CHECK(c.checked == 1);
  }

  TEST_CASE("a swapped pair is two findings, each naming where it goes") {
    std::vector<profile::NicEntry> nics{cabled("mlx5_0", "", 0, "leaf0", "swp9"),
                                        cabled("mlx5_1", "", 1, "leaf1", "swp9")};
    CablingCheck c = check_cabling("gpu001", nics,
                                   {heard("ens1", "leaf1", "swp9"), heard("ens0", "LEAF0", "swp9")},
                                   {{"mlx5_0", "ens1"}, {"mlx5_1", "ens0"}});
    CHECK(c.miscabled == std::vector<std::string>{
                             "mlx5_0 of gpu001 reaches leaf1 swp9; the inventory says leaf0 swp9",
                             "mlx5_1 of gpu001 reaches LEAF0 swp9; the inventory says leaf1 swp9"});
  }

  TEST_CASE("no neighbour or no netdev is unknown, not a pass; no expected port is not judged") {
    profile::NicEntry loose;
    loose.rdma_device = "mlx5_3";
    std::vector<profile::NicEntry> nics{cabled("mlx5_0", "eth0", 0, "leaf0", "swp9"),
                                        cabled("mlx5_1", "", 1, "leaf1", "swp9"), loose};
    CablingCheck c = check_cabling("gpu002", nics, {});
    CHECK(c.miscabled.empty());
    CHECK(c.unknown ==
          std::vector<std::string>{
              "mlx5_0 (eth0) of gpu002: no LLDP neighbour; the inventory says leaf0 swp9",
              "mlx5_1 of gpu002: its netdev is unknown; the inventory says leaf1 swp9"});
    CHECK(c.checked == 0);
  }
}

}  // namespace rocecfg::probe
