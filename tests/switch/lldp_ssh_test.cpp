// The LLDP first-hop fallback end to end: real sshds whose forced command
// emulates each vendor, each answering its LLDP table from lldp.json
// (tests/switch/emu/lldp_emu.py) in the shape its reader cites.
#include <doctest/doctest.h>

#include <fstream>

#include "switch/lldp.h"
#include "switch_fixtures.h"

namespace rocecfg::sw::testing {

TEST_SUITE("switch lldp over ssh") {
  TEST_CASE(
      "this host's ports found by name or MAC; other hosts' ports and unread vendors kept apart") {
    SshdFixture fx({"sonic", "cumulus", "eos", "nxos", "huawei-ce", "junos", "h3c"});
    const std::vector<std::pair<std::string, std::string>> tables = {
        // SONiC: this host by its system name; a spine on another port.
        {"Ethernet0", R"([{"port": "Ethernet0", "system_name": "gpu01", "port_id": "eth2"},
                          {"port": "Ethernet4", "system_name": "spine1", "port_id": "Ethernet1/51"}])"},
        // Cumulus: FQDN of this host on swp1.
        {"swp1",
         R"([{"port": "swp1", "system_name": "gpu01.cluster.local", "port_id": "ens1f0"}])"},
        // EOS: only another host.
        {"Ethernet1/1", R"([{"port": "Ethernet1/1", "system_name": "gpu02", "port_id": "eth2"}])"},
        // NX-OS: a neighbour without a name whose port ID is this host's MAC.
        {"Ethernet1/2", R"([{"port": "Ethernet1/2", "chassis_id": "0c42.a100.0001",
                             "port_id": "0c42.a100.0001"}])"},
        // Huawei CE: this host by name on 100GE1/0/1, a spine on 100GE1/0/2.
        {"100GE1/0/1", R"([{"port": "100GE1/0/1", "system_name": "gpu01", "port_id": "ens1f0"},
                          {"port": "100GE1/0/2", "system_name": "spine1", "port_id": "100GE1/0/9"}])"},
        // Junos: this host by its FQDN on et-0/0/1, a spine on et-0/0/2.
        {"et-0/0/1", R"([{"port": "et-0/0/1", "system_name": "gpu01.cluster.local",
                          "port_id": "0c:42:a1:00:00:02", "chassis_id": "0c:42:a1:00:00:01"},
                         {"port": "et-0/0/2", "system_name": "spine2", "port_id": "et-0/0/9"}])"},
        {"HundredGigE1/0/1", "[]"}};
    std::vector<FleetSwitch> fleet;
    for (size_t i = 0; i < fx.switches().size(); ++i) {
      std::ofstream(fx.switches()[i].dir + "/lldp.json")
          << "{\"neighbors\": " << tables[i].second << "}\n";
      FleetSwitch f{fx.target(i), fx.switches()[i].vendor, {tables[i].first}};
      f.ssh.name = "leaf-" + fx.switches()[i].vendor;
      fleet.push_back(f);
    }
    HostIdentity me{"gpu01", {"0c:42:a1:00:00:01", "0c:42:a1:00:00:02"}};
    FirstHop hop = find_first_hop(fleet, me);
    REQUIRE(hop.switches.size() == 7);
    CHECK(hop.found());
    CHECK(describe_first_hop(hop, me) ==
          "first hop of gpu01 by LLDP: leaf-sonic Ethernet0, leaf-cumulus swp1, leaf-nxos "
          "Ethernet1/2, leaf-huawei-ce 100GE1/0/1, leaf-junos et-0/0/1; leaf-h3c not read (no "
          "LLDP reader for h3c)");
    CHECK(hop.switches[2].read);
    CHECK(hop.switches[2].ports.empty());
    // Each switch was asked its one documented form (Cumulus per listed port).
    CHECK(fx.log(0) == std::vector<std::string>{"show lldp table"});
    CHECK(fx.log(1) == std::vector<std::string>{"nv show interface swp1 lldp neighbor"});
    CHECK(fx.log(3).back() == "show lldp neighbors | json");
    // Huawei: paging off for the session (the transport's first line), then the table.
    CHECK(fx.log(4) ==
          std::vector<std::string>{"screen-length 0 temporary", "display lldp neighbor brief"});
    // Junos: paging off for the session, then the table as JSON.
    CHECK(fx.log(5) == std::vector<std::string>{"set cli screen-length 0", "set cli screen-width 0",
                                                "show lldp neighbors detail | display json"});
    CHECK(fx.log(6).empty());  // no reader: the switch is not even opened

    // Another host: no neighbour is it anywhere -> unknown, no port invented.
    HostIdentity other{"gpu99", {"0c:42:a1:00:00:99"}};
    FirstHop none = find_first_hop(fleet, other);
    CHECK_FALSE(none.found());
    CHECK(describe_first_hop(none, other) ==
          "first hop of gpu99 unknown: no LLDP neighbour named gpu99 or with its MACs on "
          "leaf-sonic, leaf-cumulus, leaf-eos, leaf-nxos, leaf-huawei-ce, leaf-junos; leaf-h3c not "
          "read (no LLDP reader for h3c)");
  }

  TEST_CASE("an unreachable switch is not read, with its reason; the others still answer") {
    SshdFixture fx({"sonic"});
    std::ofstream(fx.switches()[0].dir + "/lldp.json")
        << R"({"neighbors": [{"port": "Ethernet8", "system_name": "gpu01", "port_id": "eth0"}]})"
        << "\n";
    FleetSwitch good{fx.target(0), "sonic", {"Ethernet8"}};
    good.ssh.name = "leaf1";
    FleetSwitch bad = good;
    bad.ssh.name = "gone";
    bad.ssh.port = 1;  // nothing listens on 127.0.0.1:1
    FirstHop hop = find_first_hop({bad, good}, HostIdentity{"gpu01", {}});
    REQUIRE(hop.switches.size() == 2);
    CHECK_FALSE(hop.switches[0].read);
    CHECK_FALSE(hop.switches[0].why.empty());
    CHECK(hop.switches[1].ports == std::vector<std::string>{"Ethernet8"});
  }
}

}  // namespace rocecfg::sw::testing
