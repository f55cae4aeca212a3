#include <doctest/doctest.h>

#include "probe/gid.h"
#include "sysfs_tree.h"

using namespace rocecfg::probe;
using rocecfg::probe::testing::SysfsTree;

TEST_SUITE("probe.gid") {
  TEST_CASE("parse and show GIDs") {
    auto g = parse_gid("0000:0000:0000:0000:0000:ffff:0a00:0001");
    REQUIRE(g);
    CHECK(*gid_ipv4(*g) == "10.0.0.1");
    CHECK(gid_display(*g) == "::ffff:10.0.0.1");
    auto ll = parse_gid("fe80:0000:0000:0000:5054:00ff:fe12:3456");
    REQUIRE(ll);
    CHECK_FALSE(gid_ipv4(*ll));
    CHECK(gid_display(*ll) == "fe80:0000:0000:0000:5054:00ff:fe12:3456");
    CHECK_FALSE(parse_gid("fe80::1"));
    CHECK_FALSE(parse_gid("zzzz:0000:0000:0000:0000:ffff:0a00:0001"));
  }

  TEST_CASE("rxe table: the IPv4-mapped RoCE v2 GID at index 1 is chosen, not index 0") {
    SysfsTree t;
    t.rxe_port("rxe1", "veth1", "0a00:0002");
    rocecfg::host::FsRoot fs(t.root());
    auto table = read_gid_table(fs, "rxe1", 1);
    REQUIRE(table);
    REQUIRE(table->size() == 2);  // the zero GID at index 2 is not an entry
    CHECK((*table)[1].netdev == "veth1");
    auto c = select_gid(*table, std::nullopt);
    REQUIRE(c);
    CHECK(c->entry.index == 1);
    CHECK(c->reason == "auto: IPv4-mapped RoCE v2");
  }

  TEST_CASE("RoCE v2 beats v1 for the same address; an explicit index wins") {
    SysfsTree t;
    const std::string p = "sys/class/infiniband/mlx5_0/ports/1/";
    t.write(p + "gids/2", "0000:0000:0000:0000:0000:ffff:c0a8:0105\n");
    t.write(p + "gids/3", "0000:0000:0000:0000:0000:ffff:c0a8:0105\n");
    t.write(p + "gid_attrs/types/2", "IB/RoCE v1\n");
    t.write(p + "gid_attrs/types/3", "RoCE v2\n");
    t.write(p + "gids/0", "fe80:0000:0000:0000:0000:00ff:fe00:0001\n");
    t.write(p + "gid_attrs/types/0", "IB/RoCE v1\n");
    rocecfg::host::FsRoot fs(t.root());
    auto table = *read_gid_table(fs, "mlx5_0", 1);
    CHECK(select_gid(table, std::nullopt)->entry.index == 3);
    auto e = select_gid(table, 2u);
    REQUIRE(e);
    CHECK(e->reason == "explicit --gid-index 2");
    CHECK(select_gid(table, 5u).error().message == "GID index 5 is not populated (valid: 0, 2, 3)");
    CHECK(select_gid(table, std::nullopt, "192.168.1.5")->entry.index == 3);
    CHECK(select_gid(table, std::nullopt, "10.9.9.9").error().message ==
          "no GID for address 10.9.9.9");
  }

  TEST_CASE("a GID slot whose type cannot be read is skipped; no table is an error") {
    SysfsTree t;
    const std::string p = "sys/class/infiniband/rxe0/ports/1/";
    t.write(p + "gids/0", "0000:0000:0000:0000:0000:ffff:0a00:0001\n");
    rocecfg::host::FsRoot fs(t.root());
    auto table = read_gid_table(fs, "rxe0", 1);
    REQUIRE(table);
    CHECK(table->empty());
    CHECK(select_gid(*table, std::nullopt).error().message ==
          "no usable GID (is the port's interface up with an address?)");
    CHECK_FALSE(read_gid_table(fs, "rxe7", 1));
  }
}
