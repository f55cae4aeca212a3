// LLDP neighbour readers against outputs shaped exactly like each vendor's
// documented example (the source is cited in vendors/switch/<v>/<v>_lldp.cpp),
// and the rule that says a neighbour is this host: its name, or one of its MACs.
#include <doctest/doctest.h>

#include "fs_tree.h"
#include "switch/lldp.h"
#include "switch_fixtures.h"

namespace rocecfg::sw::testing {

namespace {

std::vector<std::string> rows(const std::string& vendor, const std::string& command,
                              const std::string& output) {
  auto reader = make_lldp_reader(vendor);
  REQUIRE(reader);
  auto got = reader->parse(command, output);
  REQUIRE_MESSAGE(got.has_value(), (got ? "" : got.error().to_string()));
  std::vector<std::string> out;
  for (const LldpNeighbor& n : *got)
    out.push_back(n.local_port + "|" + n.system_name + "|" + n.port_id + "|" + n.chassis_id);
  return out;
}

}  // namespace

TEST_SUITE("switch lldp") {
  TEST_CASE("sonic: show lldp table as lldpshow prints it, closing rule and total skipped") {
    const std::string out =
        "Capability codes: (R) Router, (B) Bridge, (O) Other\n"
        "LocalPort  RemoteDevice  RemotePortID       Capability  RemotePortDescr\n"
        "---------  ------------  -----------------  ----------  -------------------\n"
        "Ethernet0  gpu01         0c:42:a1:00:00:01  BR          mlx5 port 1\n"
        "Ethernet4  spine1        Ethernet1/51       BR          spine1:fortyGigE0/4\n"
        "eth0       mgmt-sw       Ethernet1/25       BR          Ethernet1/25\n"
        "-----------------------------------------------------\n"
        "Total entries displayed:  3\n";
    CHECK(rows("sonic", "show lldp table", out) ==
          std::vector<std::string>{"Ethernet0|gpu01|0c:42:a1:00:00:01|",
                                   "Ethernet4|spine1|Ethernet1/51|", "eth0|mgmt-sw|Ethernet1/25|"});
    auto r = make_lldp_reader("sonic")->parse("show lldp table", "Error: LLDP is not running\n");
    REQUIRE_FALSE(r);
    CHECK(r.error().message == "no 'LocalPort RemoteDevice RemotePortID' table in the output");
  }

  TEST_CASE("cumulus: nv show interface swpN lldp neighbor, the NVUE reference's example") {
    const std::string out =
        "Neighbor  Remote IP     Model  SW Version  Remote Port\n"
        "--------  ------------  -----  ----------  -----------\n"
        "spine01   10.10.10.101                     swp1\n";
    CHECK(rows("cumulus", "nv show interface swp51 lldp neighbor", out) ==
          std::vector<std::string>{"swp51|spine01|swp1|"});
    CHECK(rows("cumulus", "nv show interface swp1 lldp neighbor", "\n").empty());
    CHECK(make_lldp_reader("cumulus")->commands({"swp1", "swp2"}) ==
          std::vector<std::string>{"nv show interface swp1 lldp neighbor",
                                   "nv show interface swp2 lldp neighbor"});
  }

  TEST_CASE("eos: show lldp neighbors | json as eAPI returns it") {
    const std::string out = R"({"tablesDrops": 0, "tablesAgeOuts": 0, "tablesDeletes": 1,
      "tablesInserts": 13, "lldpNeighbors": [
        {"neighborDevice": "eos-spine2.ntc.com", "neighborPort": "Ethernet1", "port": "Ethernet1", "ttl": 120},
        {"neighborDevice": "eos-spine2.ntc.com", "neighborPort": "Ethernet2", "port": "Ethernet2", "ttl": 120}]})";
    CHECK(rows("eos", "show lldp neighbors | json", out) ==
          std::vector<std::string>{"Ethernet1|eos-spine2.ntc.com|Ethernet1|eos-spine2.ntc.com",
                                   "Ethernet2|eos-spine2.ntc.com|Ethernet2|eos-spine2.ntc.com"});
    auto r = make_lldp_reader("eos")->parse("show lldp neighbors | json", "{\"x\": 1}");
    REQUIRE_FALSE(r);
    CHECK(r.error().message == "no lldpNeighbors list in the output");
  }

  TEST_CASE("junos: display json leaves as [{data}], local-port-id or local-interface") {
    // The shape of `show lldp neighbors detail | display json` (suzieq's
    // junos-qfx paths), trimmed: a QFX naming its port lldp-local-interface,
    // a channelized port, a neighbour with no system name.
    const std::string out = R"({"lldp-neighbors-information": [{
      "attributes": {"junos:style": "detail"},
      "lldp-neighbor-information": [
        {"lldp-local-port-id": [{"data": "et-0/0/28:1"}],
         "lldp-local-parent-interface-name": [{"data": "ae61"}],
         "lldp-remote-chassis-id": [{"data": "0c:42:a1:00:00:01"}],
         "lldp-remote-port-id": [{"data": "ens1f0np0"}],
         "lldp-remote-system-name": [{"data": "gpu001.example.net"}]},
        {"lldp-local-interface": [{"data": "xe-0/0/3.0"}],
         "lldp-remote-chassis-id": [{"data": "28:8a:1c:00:00:01"}],
         "lldp-remote-port-id": [{"data": "513"}],
         "lldp-remote-port-description": [{"data": "et-0/0/9"}]}]}]})";
    CHECK(rows("junos", "show lldp neighbors detail | display json", out) ==
          std::vector<std::string>{"et-0/0/28:1|gpu001.example.net|ens1f0np0|0c:42:a1:00:00:01",
                                   "xe-0/0/3.0||513|28:8a:1c:00:00:01"});
    // No neighbour: the inner list is absent.
    CHECK(rows("junos", "show lldp neighbors detail | display json",
               R"({"lldp-neighbors-information": [{"attributes": {"junos:style": "detail"}}]})")
              .empty());
    auto r = make_lldp_reader("junos")->parse("show lldp neighbors detail | display json",
                                              R"({"lldp-neighbors-information": [{
      "lldp-neighbor-information": [{"lldp-remote-system-name": [{"data": "x"}]}]}]})");
    REQUIRE_FALSE(r);
    CHECK(r.error().message == "a neighbour without lldp-local-port-id or lldp-local-interface");
    auto text = make_lldp_reader("junos")->parse("", "Local Interface    Parent Interface");
    REQUIRE_FALSE(text);
    CHECK(text.error().message == "no lldp-neighbors-information list in the output");
  }

  TEST_CASE("nxos: TABLE_nbor/ROW_nbor, Eth1/1 spelled out, one row an object") {
    const std::string two = R"({"neigh_hdr": "neigh_hdr", "TABLE_nbor": {"ROW_nbor": [
      {"chassis_type": "7", "chassis_id": "bb_203", "l_port_id": "Eth1/1", "ttl": "120",
       "system_capability": "BR", "enabled_capability": "BR", "port_type": "5",
       "port_id": "Ethernet1/3", "mgmt_addr_type": "IPV4", "mgmt_addr": "192.168.1.1"},
      {"chassis_type": "7", "chassis_id": "bb_204", "l_port_id": "Eth1/3", "ttl": "120",
       "port_id": "Ethernet1/3"}]}})";
    CHECK(rows("nxos", "show lldp neighbors | json", two) ==
          std::vector<std::string>{"Ethernet1/1|bb_203|Ethernet1/3|bb_203",
                                   "Ethernet1/3|bb_204|Ethernet1/3|bb_204"});
    const std::string one =
        R"({"TABLE_nbor": {"ROW_nbor": {"chassis_id": "gpu01", "l_port_id": "Eth1/2", "port_id": "0c42.a100.0001"}}})";
    CHECK(rows("nxos", "show lldp neighbors | json", one) ==
          std::vector<std::string>{"Ethernet1/2|gpu01|0c42.a100.0001|gpu01"});
    CHECK(rows("nxos", "show lldp neighbors | json", "").empty());
  }

  TEST_CASE("huawei-ce: display lldp neighbor brief, the CE6800 V300R023C00 reference's example") {
    // The reference's example as printed: header names one space apart, rows
    // not under their headers, trailing blanks, one port listed twice.
    const std::string out =
        "Local Interface         Exptime(s) Neighbor Interface      Neighbor Device     \n"
        "--------------------------------------------------------------------------\n"
        "100GE1/0/1                 96           10GE1/0/1          HUAWEI \n"
        "100GE1/0/1                 19           10GE1/0/1          HUAWEI               "
        "            \n"
        "100GE1/0/2                 19           10GE1/0/2          HUAWEI               "
        "            \n"
        "100GE1/0/3                 19           10GE1/0/3          HUAWEI\n"
        "\n";
    const std::string cmd = "display lldp neighbor brief";
    CHECK(make_lldp_reader("huawei-ce")->commands({"100GE1/0/1"}) == std::vector<std::string>{cmd});
    CHECK(rows("huawei-ce", cmd, out) ==
          std::vector<std::string>{"100GE1/0/1|HUAWEI|10GE1/0/1|", "100GE1/0/1|HUAWEI|10GE1/0/1|",
                                   "100GE1/0/2|HUAWEI|10GE1/0/2|", "100GE1/0/3|HUAWEI|10GE1/0/3|"});
    // The other column names Table 1 lists, in another order; a device name
    // with a space takes the words left over.
    const std::string abbreviated =
        "Local Intf       Neighbor Dev             Neighbor Intf            Exptime (sec)\n"
        "--------------------------------------------------------------------------------\n"
        "100GE1/0/5       gpu01 rack 4             ens1f0                   101\n";
    CHECK(rows("huawei-ce", cmd, abbreviated) ==
          std::vector<std::string>{"100GE1/0/5|gpu01 rack 4|ens1f0|"});
    // No neighbour: the header alone, or nothing at all.
    CHECK(rows("huawei-ce", cmd, out.substr(0, out.find("100GE"))).empty());
    CHECK(rows("huawei-ce", cmd, "\n").empty());
    auto bad = make_lldp_reader("huawei-ce")->parse(cmd, "Error: Unrecognized command\n");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message ==
          "no 'Local Interface ... Neighbor Interface ... Neighbor Device' header in the output");
    auto shifted =
        make_lldp_reader("huawei-ce")
            ->parse(cmd, out.substr(0, out.find("100GE")) + "100GE1/0/9  10GE1/0/9  HUAWEI  96\n");
    REQUIRE_FALSE(shifted);
    CHECK(shifted.error().message ==
          "'100GE1/0/9  10GE1/0/9  HUAWEI  96': expiry '10GE1/0/9' is not seconds");
  }

  TEST_CASE("h3c: no LLDP reader (no vendor example found), never guessed") {
    CHECK_FALSE(make_lldp_reader("h3c"));
  }

  TEST_CASE("a neighbour is this host by its short name or one of its MACs, in any notation") {
    CHECK(normalize_mac("0C:42:A1:00:00:01") == "0c42a1000001");
    CHECK(normalize_mac("0c42.a100.0001") == "0c42a1000001");
    CHECK(normalize_mac("0c42-a100-0001") == "0c42a1000001");
    CHECK(normalize_mac("Ethernet1/3") == "");
    CHECK(normalize_mac("0c42.a100.00") == "");
    HostIdentity me{"gpu01.cluster.local", {"0c:42:a1:00:00:01"}};
    CHECK(lldp_neighbor_is({"Ethernet0", "GPU01", "eth2", ""}, me));
    CHECK(lldp_neighbor_is({"Ethernet0", "gpu01.other", "", ""}, me));
    CHECK(lldp_neighbor_is({"Ethernet0", "", "0c42.a100.0001", ""}, me));
    CHECK(lldp_neighbor_is({"Ethernet0", "x", "", "0c-42-a1-00-00-01"}, me));
    CHECK_FALSE(lldp_neighbor_is({"Ethernet0", "gpu011", "0c:42:a1:00:00:02", ""}, me));
    CHECK_FALSE(lldp_neighbor_is({"Ethernet0", "", "", ""}, HostIdentity{}));
  }

  TEST_CASE("the host's identity: its hostname and every non-zero MAC under /sys/class/net") {
    rocecfg::test::FsTree t;
    t.write("/net/lo/address", "00:00:00:00:00:00\n");
    t.write("/net/ens1f0/address", "0C:42:A1:00:00:02\n");
    t.write("/net/ens1f1/address", "0c:42:a1:00:00:01\n");
    t.write("/net/bond0/address", "0c:42:a1:00:00:01\n");
    t.write("/net/tun0/address", "\n");
    HostIdentity id = local_host_identity(t.root() + "/net");
    CHECK(id.macs == std::vector<std::string>{"0c42a1000001", "0c42a1000002"});
    CHECK_FALSE(id.hostname.empty());
  }

  TEST_CASE("first hop described: found, unknown, not read") {
    HostIdentity me{"gpu01", {}};
    FirstHop found{{{"leaf1", {"Ethernet0", "Ethernet4"}, true, ""},
                    {"leaf2", {}, true, ""},
                    {"leaf3", {}, false, "no LLDP reader for h3c"}}};
    CHECK(found.found());
    CHECK(describe_first_hop(found, me) ==
          "first hop of gpu01 by LLDP: leaf1 Ethernet0,Ethernet4; leaf3 not read (no LLDP reader "
          "for h3c)");
    std::vector<FleetSwitch> all(3);
    for (size_t i = 0; i < 3; ++i) {
      all[i].ssh.name = "leaf" + std::to_string(i + 1);
      all[i].interfaces = {"Ethernet0-124/4"};
    }
    std::vector<FleetSwitch> read = narrow_to_first_hop(all, found);
    REQUIRE(read.size() == 1);
    CHECK(read[0].ssh.name == "leaf1");
    CHECK(read[0].interfaces == std::vector<std::string>{"Ethernet0", "Ethernet4"});
    FirstHop none{{{"leaf2", {}, true, ""}}};
    CHECK(narrow_to_first_hop(all, none).size() == 3);  // unknown: all the inventory lists
    CHECK_FALSE(none.found());
    CHECK(describe_first_hop(none, me) ==
          "first hop of gpu01 unknown: no LLDP neighbour named gpu01 or with its MACs on leaf2");
  }
}

}  // namespace rocecfg::sw::testing
