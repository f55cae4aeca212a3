#include <doctest/doctest.h>

#include <filesystem>

#include "model/interface_list.h"
#include "headlines.h"
#include "profile/load.h"

using namespace rocecfg;
using rocecfg::test::headlines;


TEST_SUITE("profile.inventory") {
  TEST_CASE("the example inventory loads with defaults applied") {
    std::filesystem::current_path(ROCECFG_SOURCE_DIR);
    auto l = profile::load_inventory("profiles/inventory.example.toml");
    INFO(l.diagnostics.render());
    REQUIRE(l.value);
    const profile::Inventory& inv = *l.value;
    REQUIRE(inv.switches.size() == 5);
    CHECK(inv.switches[0].name == "leaf1");
    CHECK(inv.switches[0].vendor == "cumulus");
    CHECK(inv.switches[0].user == "netops");
    CHECK(inv.switches[0].port == 22);
    CHECK(inv.switches[2].password_env == "SPINE1_PASSWORD");
    CHECK(inv.find_switch("leaf2")->interfaces == std::vector<std::string>{"Ethernet0-124/4"});
    // 32 four-lane SONiC ports, not 125 names of which 93 are lanes.
    auto leaf2_ports = model::expand_interface_lists(inv.find_switch("leaf2")->interfaces);
    REQUIRE(leaf2_ports);
    CHECK(leaf2_ports->size() == 32);
    CHECK((*leaf2_ports)[1] == "Ethernet4");
    CHECK(leaf2_ports->back() == "Ethernet124");
    CHECK(inv.find_switch("spine1")->queues == "tx-queue");
    // gpu001 with one NIC, gpu002..gpu017 with two rails each.
    REQUIRE(inv.hosts.size() == 17);
    CHECK(inv.hosts[0].nics.size() == 1);
    const profile::HostEntry* g = inv.find_host("gpu017");
    REQUIRE(g);
    CHECK(g->nics[1] == profile::NicEntry{"mlx5_1", "ens1f0np0", "10.1.0.17", 1,
                                          profile::SwitchPort{"rail1-leaf", "swp17"}});
  }

  // EOS platforms differ in their queue keyword; only EOS takes `queues`.
  TEST_CASE("queues: the EOS queue keyword, one of the two, on EOS only") {
    auto l = profile::load_inventory_text(R"([[switch]]
name = "spine1"
address = "10.0.0.1"
vendor = "eos"
interfaces = ["Ethernet1-4"]
queues = "uc-tx-queue"

[[switch]]
name = "spine2"
address = "10.0.0.2"
vendor = "eos"
interfaces = ["Ethernet1-4"]
queues = "mc-tx-queue"

[[switch]]
name = "leaf1"
address = "10.0.0.3"
vendor = "sonic"
interfaces = ["Ethernet0-4/4"]
queues = "tx-queue"
)",
                                          "inv.toml");
    CHECK_FALSE(l.value);
    std::string out = headlines(l.diagnostics);
    CHECK(out ==
          "inv.toml:13:10: error: switch[1].queues: \"mc-tx-queue\" is not a known value "
          "(allowed: \"tx-queue\", \"uc-tx-queue\")\n"
          "inv.toml:20:10: error: switch[2].queues: only eos has two queue keywords; sonic has "
          "one\n");
  }

  TEST_CASE("passwords, bad names and injection attempts are refused, all at once") {
    auto l = profile::load_inventory_text(R"([[switch]]
name = "leaf1; reboot"
address = "10.0.0.1"
vendor = "os10"
interfaces = ["swp1-4", "swp5 && rm -rf /"]
password = "hunter2"
password_env = "NOT-A-VAR"
)",
                                          "inv.toml");
    CHECK_FALSE(l.value);
    std::string out = headlines(l.diagnostics);
    CHECK(out ==
          "inv.toml:6:12: error: switch[0].password: passwords never go in files; name an "
          "environment variable instead (allowed: password_env = \"VAR_NAME\")\n"
          "inv.toml:2:8: error: switch[0].name: \"leaf1; reboot\" is not valid (allowed: letters, "
          "digits, '.', '_', '-')\n"
          "inv.toml:4:10: error: switch[0].vendor: \"os10\" is not a known value (allowed: "
          "\"cumulus\", \"sonic\", \"eos\", \"nxos\", \"huawei-ce\", \"h3c\", \"junos\")\n"
          "inv.toml:5:25: error: switch[0].interfaces[1]: character ' ' is not allowed in an "
          "interface name (allowed: letters, digits, / . : -) (allowed: an interface name or "
          "range, e.g. swp1-32, Ethernet1/1-4, 100GE1/0/1-8)\n"
          "inv.toml:7:16: error: switch[0].password_env: \"NOT-A-VAR\" is not valid (allowed: an "
          "environment variable name)\n");
  }

  TEST_CASE("users and interface ranges are checked at load, with the transport's grammar") {
    // Each once surfaced only at apply time, without a position.
    auto l = profile::load_inventory_text(R"([defaults]
user = ""

[[switch]]
name = "leaf1"
address = "10.0.0.1"
vendor = "cumulus"
user = "net;ops"
interfaces = ["swp1-swp99999999", "swp32-swp1", "swp1-eth4"]

[[host]]
name = "gpu1"
user = "a\nb"
)",
                                          "inv.toml");
    CHECK_FALSE(l.value);
    std::string out = headlines(l.diagnostics);
    std::string range =
        " (allowed: an interface name or range, e.g. swp1-32, Ethernet1/1-4, "
        "100GE1/0/1-8)\n";
    CHECK(out ==
          "inv.toml:2:8: error: defaults.user: empty name (allowed: letters, digits, '_', "
          "'.', '-')\n"
          "inv.toml:8:8: error: switch[0].user: character ';' is not allowed in a name "
          "(allowed: letters, digits, _ . -) (allowed: letters, digits, '_', '.', '-')\n"
          "inv.toml:9:15: error: switch[0].interfaces[0]: range holds more than 4096 "
          "interfaces" +
              range +
              "inv.toml:9:35: error: switch[0].interfaces[1]: range end is below its start" +
              range +
              "inv.toml:9:49: error: switch[0].interfaces[2]: range ends must share a prefix "
              "(e.g. swp1-swp4)" +
              range +
              "inv.toml:13:8: error: host[0].user: character '\\n' is not allowed in a name "
              "(allowed: letters, digits, _ . -) (allowed: letters, digits, '_', '.', '-')\n");
  }

  TEST_CASE("native names and zero-padded ranges load as the vendor spells them") {
    auto l = profile::load_inventory_text(R"([[switch]]
name = "ce1"
address = "10.0.0.2"
vendor = "huawei-ce"
interfaces = ["100GE1/0/1-8", "swp0001-swp0003"]
)",
                                          "inv.toml");
    INFO(l.diagnostics.render());
    REQUIRE(l.value);
    CHECK(l.value->switches[0].interfaces ==
          std::vector<std::string>{"100GE1/0/1-8", "swp0001-swp0003"});
  }

  TEST_CASE("a host names its gate probe peer; unknown, self and address-less peers are refused") {
    auto ok = profile::load_inventory_text(R"([[host]]
name = "node7"
address = "10.0.0.7"
probe_peer = "node8"

[[host]]
name = "node8"
address = "10.0.0.8"
)",
                                           "inv.toml");
    INFO(ok.diagnostics.render());
    REQUIRE(ok.value);
    CHECK(ok.value->find_host("node7")->probe_peer == "node8");
    CHECK(ok.value->find_host("node8")->address == "10.0.0.8");
    CHECK_FALSE(ok.value->find_host("node9"));

    auto bad = profile::load_inventory_text(R"([[host]]
name = "a"
probe_peer = "nosuch"
[[host]]
name = "b"
probe_peer = "b"
[[host]]
name = "c"
probe_peer = "a"
)",
                                            "inv.toml");
    CHECK_FALSE(bad.value);
    std::string out = headlines(bad.diagnostics);
    CHECK(out ==
          "inv.toml:3:14: error: host[0].probe_peer: \"nosuch\" is not a [[host]] of this "
          "inventory\n"
          "inv.toml:6:14: error: host[1].probe_peer: a host cannot probe itself over the wire (use "
          "gate --loopback)\n"
          "inv.toml:9:14: error: host[2].probe_peer: host \"a\" has no address to probe\n");
  }

  TEST_CASE("a host names the switch ports its NICs are cabled to; probe reads only those") {
    const char* switches = R"([[switch]]
name = "leaf1"
address = "127.0.0.1"
vendor = "cumulus"
interfaces = ["swp1-4"]

[[switch]]
name = "leaf2"
address = "127.0.0.1"
vendor = "huawei-ce"
interfaces = ["100GE1/0/1-2"]

[[switch]]
name = "spine1"
address = "127.0.0.1"
vendor = "sonic"
)";
    auto ok = profile::load_inventory_text(std::string(switches) + R"(
[[host]]
name = "node7"
switch_ports = ["leaf1:swp2", "leaf2:100GE1/0/1"]
)",
                                           "inv.toml");
    INFO(ok.diagnostics.render());
    REQUIRE(ok.value);
    CHECK(ok.value->find_host("node7")->switch_ports ==
          std::vector<profile::SwitchPort>{{"leaf1", "swp2"}, {"leaf2", "100GE1/0/1"}});
    std::vector<profile::SwitchEntry> path = ok.value->switches_on_path("node7");
    REQUIRE(path.size() == 2);
    CHECK(path[0].name == "leaf1");
    CHECK(path[0].interfaces == std::vector<std::string>{"swp2"});
    CHECK(path[1].interfaces == std::vector<std::string>{"100GE1/0/1"});
    // A host without switch_ports (or not in the inventory): every switch, every port.
    CHECK(ok.value->switches_on_path("node9").size() == 3);
    CHECK(ok.value->switches_on_path("node9")[0].interfaces == std::vector<std::string>{"swp1-4"});

    auto bad = profile::load_inventory_text(std::string(switches) + R"(
[[host]]
name = "node7"
switch_ports = ["leaf9:swp1", "leaf1:swp9", "leaf1:swp1-2", "leaf1", "spine1:Ethernet0"]
)",  // spine1 lists no interfaces: any one name is taken
                                            "inv.toml");
    CHECK_FALSE(bad.value);
    std::string out = headlines(bad.diagnostics);
    CHECK(out ==
          "inv.toml:20:17: error: host[0].switch_ports[0]: \"leaf9\" is not a [[switch]] of this "
          "inventory\n"
          "inv.toml:20:31: error: host[0].switch_ports[1]: switch \"leaf1\" does not list swp9\n"
          "inv.toml:20:45: error: host[0].switch_ports[2]: \"swp1-2\" is not one interface name\n"
          "inv.toml:20:61: error: host[0].switch_ports[3]: must be \"SWITCH:PORT\" (allowed: "
          "\"leaf1:swp1\")\n");
  }
}
