#include <doctest/doctest.h>

#include "fabric/hosts.h"
#include "profile/load.h"

namespace rocecfg::fabric {

TEST_SUITE("fabric hosts") {
  TEST_CASE("inventory hosts carry SSH defaults and timeouts, and their Slurm node") {
    auto l = profile::load_inventory_text(R"([defaults]
user = "ops"
known_hosts = "/etc/rocecfg/known_hosts"
connect_timeout_ms = 60000
command_timeout_ms = 45000

[[host]]
name = "f1"
address = "127.0.0.1"
ssh_port = 2222
slurm_node = "lab-host"
rdma_device = "rxef1"
probe_address = "10.0.3.11"
probe_port = 18621

[[host]]
name = "gpu002"
address = "gpu002.example.net"
connect_timeout_ms = 1000
)",
                                          "inv.toml");
    REQUIRE(l.value);
    auto hosts = resolve_hosts({}, &*l.value);
    REQUIRE(hosts);
    REQUIRE(hosts->size() == 2);
    const FabricHost& a = (*hosts)[0];
    CHECK(a.ssh.user == "ops");
    CHECK(a.ssh.port == 2222);
    CHECK(a.ssh.known_hosts == "/etc/rocecfg/known_hosts");
    CHECK(a.ssh.connect_timeout_ms == 60000);
    CHECK(a.ssh.command_timeout_ms == 45000);
    CHECK(a.slurm_node == "lab-host");
    CHECK(a.probe_address == "10.0.3.11");
    CHECK(a.probe_port == 18621);
    const FabricHost& b = (*hosts)[1];
    CHECK(b.ssh.connect_timeout_ms == 1000);  // its own beats [defaults]
    CHECK(b.slurm_node.empty());              // srun uses its name
    CHECK(b.probe_address == "gpu002.example.net");
  }
  TEST_CASE("a slurm_node outside the name grammar is refused where it is written") {
    auto l = profile::load_inventory_text(R"([[host]]
name = "f1"
address = "127.0.0.1"
slurm_node = "./nodes"
)",
                                          "inv.toml");
    CHECK_FALSE(l.value);
    REQUIRE(l.diagnostics.all().size() == 1);
    CHECK(l.diagnostics.all()[0].headline() ==
          "inv.toml:4:14: error: host[0].slurm_node: \"./nodes\" is not valid (allowed: a Slurm "
          "node name)");
  }

  TEST_CASE("hosts with several NICs are one endpoint per NIC, named HOST:DEVICE, in rail order") {
    auto l = profile::load_inventory_text(R"([[host]]
name = "gpu[1-2]"
address = "{name}"
rails = 2
[host.nic_template]
device = "mlx5_{rail}"
probe_address = "10.{rail}.0.{n}"

[[host]]
name = "gpu3"
address = "gpu3"
nic_rule = "ethernet"
rails = 2
)",
                                          "inv.toml");
    INFO(l.diagnostics.render());
    REQUIRE(l.value);
    auto hosts = resolve_hosts({"gpu2", "gpu1"}, &*l.value);
    REQUIRE(hosts);
    CHECK(host_names(*hosts) ==
          std::vector<std::string>{"gpu2:mlx5_0", "gpu2:mlx5_1", "gpu1:mlx5_0", "gpu1:mlx5_1"});
    const FabricHost& e = (*hosts)[1];
    CHECK(e.host == "gpu2");
    CHECK(e.rail == 1);
    CHECK(e.rdma_device == "mlx5_1");
    CHECK(e.probe_address == "10.1.0.2");
    CHECK(e.ssh.host == "gpu2");
    // By rule the devices are found on the host, and no template gave the
    // probe addresses: the fabric cannot reach those NICs.
    auto rule = resolve_hosts({"gpu1", "gpu3"}, &*l.value);
    REQUIRE_FALSE(rule);
    CHECK(rule.error().to_string() == "gpu3:r0: no address or probe_address to probe");
  }

  TEST_CASE("a Slurm node name stands for the hosts on that node, with all their rails") {
    auto l = profile::load_inventory_text(R"([[host]]
name = "gpu[1-2]"
address = "{name}"
slurm_node = "node{n}"
rails = 2
[host.nic_template]
device = "mlx5_{rail}"
probe_address = "10.{rail}.0.{n}"
)",
                                          "inv.toml");
    INFO(l.diagnostics.render());
    REQUIRE(l.value);
    auto hosts = resolve_hosts({"node2", "gpu1"}, &*l.value);
    REQUIRE(hosts);
    CHECK(host_names(*hosts) ==
          std::vector<std::string>{"gpu2:mlx5_0", "gpu2:mlx5_1", "gpu1:mlx5_0", "gpu1:mlx5_1"});
    CHECK((*hosts)[1].slurm_node == "node2");
    // Several [[host]]s on one node (the lab's endpoints): all of them.
    auto lab = profile::load_inventory_text(R"([[host]]
name = "f[1-3]"
slurm_node = "lab-host"
probe_address = "10.0.3.1{n}"
)",
                                            "inv.toml");
    REQUIRE(lab.value);
    auto on_node = resolve_hosts({"lab-host"}, &*lab.value);
    REQUIRE(on_node);
    CHECK(host_names(*on_node) == std::vector<std::string>{"f1", "f2", "f3"});
    auto missing = resolve_hosts({"node3"}, &*l.value);
    REQUIRE_FALSE(missing);
    CHECK(missing.error().message == "1 host(s) not in the inventory: node3");
  }
}

}  // namespace rocecfg::fabric
