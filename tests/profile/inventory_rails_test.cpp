// [[host]] with NICs on rails: the four ways to declare them, host
// expressions with placeholders, and every mistake reported at once where it
// is written.
#include <doctest/doctest.h>

#include "headlines.h"
#include "profile/load.h"

using namespace rocecfg;
using rocecfg::test::headlines;

namespace {

const char* kSwitches = R"([[switch]]
name = "rail0"
address = "10.9.0.1"
vendor = "cumulus"
interfaces = ["swp1-64"]

[[switch]]
name = "rail1"
address = "10.9.0.2"
vendor = "cumulus"
interfaces = ["swp1-64"]
)";
}  // namespace

TEST_SUITE("profile.inventory_rails") {
  TEST_CASE("the single-NIC form is one NIC on rail 0 with the host's address") {
    auto l = profile::load_inventory_text(std::string(kSwitches) + R"(
[[host]]
name = "gpu001"
address = "gpu001.example.net"
rdma_device = "mlx5_0"
switch_ports = ["rail0:swp1"]

[[host]]
name = "gpu002"
address = "gpu002.example.net"
probe_address = "10.0.0.2"
)",
                                          "inv.toml");
    INFO(l.diagnostics.render());
    REQUIRE(l.value);
    const profile::HostEntry& a = l.value->hosts[0];
    CHECK(a.nic_source == profile::NicSource::single);
    REQUIRE(a.nics.size() == 1);
    CHECK(a.nics[0] == profile::NicEntry{"mlx5_0", "", "gpu001.example.net", 0,
                                         profile::SwitchPort{"rail0", "swp1"}});
    CHECK(a.switch_ports == std::vector<profile::SwitchPort>{{"rail0", "swp1"}});
    const profile::HostEntry& b = l.value->hosts[1];
    REQUIRE(b.nics.size() == 1);
    CHECK(b.nics[0] == profile::NicEntry{"", "", "10.0.0.2", 0, std::nullopt});
  }

  TEST_CASE("[[host.nic]] lists each NIC; rail defaults to its position") {
    auto l = profile::load_inventory_text(std::string(kSwitches) + R"(
[[host]]
name = "gpu001"
address = "gpu001.example.net"

[[host.nic]]
device = "mlx5_0"
netdev = "ens1f0np0"
probe_address = "10.0.0.1"
switch_port = "rail0:swp1"

[[host.nic]]
device = "mlx5_1"
netdev = "ens2f0np0"
probe_address = "10.1.0.1"
switch_port = "rail1:swp1"
)",
                                          "inv.toml");
    INFO(l.diagnostics.render());
    REQUIRE(l.value);
    const profile::HostEntry& h = l.value->hosts[0];
    CHECK(h.nic_source == profile::NicSource::listed);
    REQUIRE(h.nics.size() == 2);
    CHECK(h.nics[1] == profile::NicEntry{"mlx5_1", "ens2f0np0", "10.1.0.1", 1,
                                         profile::SwitchPort{"rail1", "swp1"}});
    CHECK(h.nic_on_rail(0)->rdma_device == "mlx5_0");
    CHECK(h.nic_on_rail(2) == nullptr);
    CHECK(h.switch_ports == std::vector<profile::SwitchPort>{{"rail0", "swp1"}, {"rail1", "swp1"}});
  }

  TEST_CASE("a host expression with a NIC template expands to hosts and rails") {
    auto l = profile::load_inventory_text(std::string(kSwitches) + R"(
[[host]]
name = "gpu[001-064]"
address = "{name}.example.net"
slurm_node = "{name}"
rails = 2

[host.nic_template]
device = "mlx5_{rail}"
netdev = "ens{rail}f0np0"
probe_address = "10.{rail}.{n_hi}.{n_lo}"
switch_port = "rail{rail}:swp{n}"
)",
                                          "inv.toml");
    INFO(l.diagnostics.render());
    REQUIRE(l.value);
    const auto& hosts = l.value->hosts;
    REQUIRE(hosts.size() == 64);
    const profile::HostEntry& h = hosts[6];
    CHECK(h.name == "gpu007");
    CHECK(h.address == "gpu007.example.net");
    CHECK(h.slurm_node == "gpu007");
    CHECK(h.nic_source == profile::NicSource::template_);
    REQUIRE(h.nics.size() == 2);
    CHECK(h.nics[0] == profile::NicEntry{"mlx5_0", "ens0f0np0", "10.0.0.7", 0,
                                         profile::SwitchPort{"rail0", "swp7"}});
    CHECK(h.nics[1] == profile::NicEntry{"mlx5_1", "ens1f0np0", "10.1.0.7", 1,
                                         profile::SwitchPort{"rail1", "swp7"}});
    CHECK(hosts[63].nics[1].probe_address == "10.1.0.64");
  }

  TEST_CASE("1,024 hosts x 8 rails from seven lines") {
    auto l = profile::load_inventory_text(R"([[host]]
name = "gpu[0001-1024]"
address = "{name}"
rails = 8
[host.nic_template]
device = "mlx5_{rail}"
probe_address = "10.{rail}.{n_hi}.{n_lo}"
)",
                                          "inv.toml");
    INFO(l.diagnostics.render());
    REQUIRE(l.value);
    REQUIRE(l.value->hosts.size() == 1024);
    CHECK(l.value->hosts[1023].nics[7].probe_address == "10.7.4.0");
    CHECK(l.value->hosts[255].nics[3].probe_address == "10.3.1.0");
  }

  TEST_CASE("nic_rule: the devices are found on the host; rails is how many it must have") {
    auto l = profile::load_inventory_text(R"([[host]]
name = "gpu[1-2]"
address = "{name}"
nic_rule = "ethernet"
rails = 4
[host.nic_template]
probe_address = "{name}-r{rail}"
)",
                                          "inv.toml");
    INFO(l.diagnostics.render());
    REQUIRE(l.value);
    const profile::HostEntry& h = l.value->hosts[1];
    CHECK(h.nic_source == profile::NicSource::rule);
    REQUIRE(h.nics.size() == 4);
    CHECK(h.nics[3] == profile::NicEntry{"", "", "gpu2-r3", 3, std::nullopt});
  }

  TEST_CASE("mistakes in NIC declarations are located, all at once") {
    auto l = profile::load_inventory_text(std::string(kSwitches) + R"(
[[host]]
name = "gpu001"
address = "gpu001"
rdma_device = "mlx5_0"

[[host.nic]]
device = "mlx5_0"
probe_address = "10.0.0.1"
rail = 1

[[host.nic]]
device = "mlx5_0"
rail = 1
switch_port = "rail2:swp1"

[[host]]
name = "gpu002"
nic_template = { device = "mlx5_{rail}", probe_address = "10.{rail}.0.{m}" }

[[host]]
name = "gpu003"
rails = 65
nic_rule = "infiniband"

[[host]]
name = "gpu004"
rails = 2
)",
                                          "inv.toml");
    CHECK_FALSE(l.value);
    CHECK(headlines(l.diagnostics) ==
          "inv.toml:16:15: error: host[0].rdma_device: not with nic, nic_template or nic_rule: "
          "each NIC states its own (device, probe_address, switch_port)\n"
          "inv.toml:23:1: error: host[0].nic[1].probe_address: missing: a host with several NICs "
          "needs one per NIC\n"
          "inv.toml:26:15: error: host[0].nic[1].switch_port: \"rail2\" is not a [[switch]] of "
          "this inventory\n"
          "inv.toml:23:1: error: host[0].nic[1].rail: rail 1 is also nic[0]'s\n"
          "inv.toml:24:10: error: host[0].nic[1].device: \"mlx5_0\" is also nic[0]'s\n"
          "inv.toml:30:16: error: host[1].nic_template: needs rails = N: how many NICs the host "
          "has, one per rail 0..N-1\n"
          "inv.toml:34:9: error: host[2].rails: 65 is out of range (allowed: 1..64)\n"
          "inv.toml:35:12: error: host[2].nic_rule: \"infiniband\" is not a known value (allowed: "
          "\"ethernet\")\n"
          "inv.toml:39:9: error: host[3].rails: needs nic_template or nic_rule\n");
  }

  TEST_CASE("an expression's mistakes are said once, naming the first host and how many more") {
    auto l = profile::load_inventory_text(std::string(kSwitches) + R"(
[[host]]
name = "gpu[060-070]"
address = "{name}"
rails = 2
[host.nic_template]
device = "mlx5_{rail}"
probe_address = "10.{rail}.0.1"
switch_port = "rail{rail}:swp{n}"

[[host]]
name = "login"
address = "{name}"
probe_address = "10.2.{n}.1"

[[host]]
name = "gpu[065-066]"
address = "{name} x"
rails = 1
[host.nic_template]
device = "mlx5_{rial}"
probe_address = "10.5.0.{n}"

[[host]]
name = "gpu[1-2"
)",
                                          "inv.toml");
    CHECK_FALSE(l.value);
    CHECK(headlines(l.diagnostics) ==
          "inv.toml:19:17: error: host[0].nic_template.probe_address: \"10.0.0.1\" (port 18600) "
          "is also gpu060:mlx5_0's probe address (host gpu061 and 9 more)\n"
          "inv.toml:20:15: error: host[0].nic_template.switch_port: \"rail0:swp65\": switch "
          "\"rail0\" does not list swp65 (host gpu065 and 5 more)\n"
          "inv.toml:25:17: error: host[1].probe_address: {n}: host name \"login\" does not end "
          "in a number\n"
          "inv.toml:29:11: error: host[2].address: \"{name} x\" gives \"gpu065 x\", which is not "
          "valid (host gpu065 and 1 more) (allowed: a host name or IP address)\n"
          "inv.toml:32:10: error: host[2].nic_template.device: unknown placeholder {rial} (known: "
          "{name}, {n}, {n_hi}, {n_lo}, {rail}) (host gpu065 and 1 more)\n"
          "inv.toml:28:8: error: host[2].name: \"gpu065\" is listed twice (also in host[0]) (host "
          "gpu065 and 1 more)\n"
          "inv.toml:36:8: error: host[3].name: hostlist column 4: unclosed '[' in \"gpu[1-2\" "
          "(allowed: a host name or expression, e.g. gpu[001-064])\n");
  }
}
