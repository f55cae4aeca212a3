// probe --rails: which NIC meets which (rail by rail, from the inventory),
// what a rail only one end declares is, and how the verdict and the report
// read when a rail's probe could not run (here: no RDMA at all, so every
// rail fails to start -- the running path is the lab's, probe.lab).
#include <doctest/doctest.h>

#include "probe/rails.h"
#include "profile/load.h"

using namespace rocecfg;
using namespace rocecfg::probe;

namespace {
profile::Inventory inventory() {
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
[[host.nic]]
device = "mlx5_0"
probe_address = "10.0.0.3"
)",
                                        "inv.toml");
  REQUIRE(l.value);
  return *l.value;
}
}  // namespace

TEST_SUITE("probe rails") {
  TEST_CASE("NICs by rule take the Ethernet RDMA devices in PCI order, virtual ones last") {
    auto dev = [](const std::string& name, const std::string& netdev, const std::string& layer) {
      host::RdmaDevice d;
      d.name = name;
      host::RdmaPort p;
      p.link_layer = layer;
      p.netdev = netdev;
      d.ports.push_back(p);
      return d;
    };
    auto net = [](const std::string& name, const std::string& pci) {
      host::Netdev n;
      n.name = name;
      n.pci_bdf = pci;
      return n;
    };
    host::HostInventory inv;
    inv.rdma_devices = {dev("rxe0", "veth0", "Ethernet"), dev("mlx5_1", "ens2np0", "Ethernet"),
                        dev("mlx5_0", "ens1np0", "Ethernet"), dev("mlx5_ib", "", "InfiniBand"),
                        dev("mlx5_3", "ens4np0", "Ethernet")};
    inv.netdevs = {net("veth0", ""), net("ens2np0", "0000:5e:00.0"), net("ens1np0", "0000:3b:00.0"),
                   net("ens4np0", "0000:af:00.0")};
    std::vector<profile::NicEntry> nics(4);
    for (uint32_t r = 0; r < 4; ++r) nics[r].rail = r;
    nics[2].rdma_device = "mlx5_3";  // named: kept, and not taken by the rule
    nics[3].netdev = "stated0";
    resolve_rule_nics(nics, inv);
    CHECK(nics[0].rdma_device == "mlx5_0");
    CHECK(nics[0].netdev == "ens1np0");
    CHECK(nics[1].rdma_device == "mlx5_1");
    CHECK(nics[2].rdma_device == "mlx5_3");
    CHECK(nics[2].netdev.empty());
    CHECK(nics[3].rdma_device == "rxe0");
    CHECK(nics[3].netdev == "stated0");
    // Fewer devices than rule NICs: the rest stay empty, for declared_nic_problems.
    std::vector<profile::NicEntry> more(6);
    for (uint32_t r = 0; r < 6; ++r) more[r].rail = r;
    resolve_rule_nics(more, inv);
    CHECK(more[3].rdma_device == "rxe0");
    CHECK(more[4].rdma_device.empty());
    CHECK(more[5].rdma_device.empty());
    // probe --rails does not fall back to the first device for them.
    profile::HostEntry me, peer;
    me.name = "gpu1";
    me.nic_source = profile::NicSource::rule;
    me.nics = {more[3], more[4]};
    peer.name = "gpu2";
    peer.nics = {more[3], more[4]};
    peer.nics[0].probe_address = "10.3.0.2";
    peer.nics[1].probe_address = "10.4.0.2";
    RailPlan plan = pair_rails(me, peer);
    REQUIRE(plan.pairs.size() == 1);
    CHECK(plan.pairs[0].device == "rxe0");
    CHECK(plan.problems ==
          std::vector<std::string>{"rail 4: gpu1 has no RDMA device with an Ethernet port for it "
                                   "(nic_rule)"});
  }

  TEST_CASE("each NIC meets the peer's NIC on its rail") {
    profile::Inventory inv = inventory();
    RailPlan plan = pair_rails(*inv.find_host("gpu1"), *inv.find_host("gpu2"));
    CHECK(plan.problems.empty());
    REQUIRE(plan.pairs.size() == 2);
    CHECK(plan.pairs[1].rail == 1);
    CHECK(plan.pairs[1].device == "mlx5_1");
    CHECK(plan.pairs[1].peer_device == "mlx5_1");
    CHECK(plan.pairs[1].peer_address == "10.1.0.2");
    CHECK(plan.pairs[1].peer_port == 18600);
  }

  TEST_CASE("a rail only one end declares is a problem, and the verdict FAIL") {
    profile::Inventory inv = inventory();
    RailPlan plan = pair_rails(*inv.find_host("gpu3"), *inv.find_host("gpu1"));
    REQUIRE(plan.pairs.size() == 1);
    CHECK(plan.problems == std::vector<std::string>{"rail 1: gpu3 declares no NIC on it"});
    CHECK(rails_level(plan, {}) == Level::fail);
    RailPlan back = pair_rails(*inv.find_host("gpu1"), *inv.find_host("gpu3"));
    CHECK(back.problems == std::vector<std::string>{"rail 1: gpu3 declares no NIC on it"});
  }

  TEST_CASE("a rail whose probe did not run fails it and is named") {
    profile::Inventory inv = inventory();
    RailPlan plan = pair_rails(*inv.find_host("gpu1"), *inv.find_host("gpu2"));
    std::vector<RailRun> runs(2);
    runs[0].pair = plan.pairs[0];
    runs[0].report = fail("mlx5_0", "no such RDMA device");
    runs[1].pair = plan.pairs[1];
    runs[1].report = fail("mlx5_1", "no such RDMA device");
    CHECK(rails_level(plan, runs) == Level::fail);
    CHECK(render_rails_text(plan, runs) ==
          "rail 0: mlx5_0 -> mlx5_0 at 10.0.0.2: did not run\n"
          "  mlx5_0: no such RDMA device\n\n"
          "rail 1: mlx5_1 -> mlx5_1 at 10.1.0.2: did not run\n"
          "  mlx5_1: no such RDMA device\n\n"
          "rails: 2 probed, 2 failed, 0 problem(s)\n"
          "  rail 0: mlx5_0 -> mlx5_0 at 10.0.0.2: did not run\n"
          "  rail 1: mlx5_1 -> mlx5_1 at 10.1.0.2: did not run\n"
          "verdict: FAIL\n");
    nlohmann::json j = render_rails_json(plan, runs);
    CHECK(j["verdict"] == "FAIL");
    CHECK(j["rails"][1]["error"] == "mlx5_1: no such RDMA device");
    CHECK(j["rails"][1]["peer_address"] == "10.1.0.2");
    // No rail at all: nothing was observed.
    CHECK(rails_level(RailPlan{}, {}) == Level::skip);
  }

  TEST_CASE("run_rails on a host without RDMA: every rail reports why, none hangs") {
    // Loopback addresses and a closed port: nothing leaves this machine.
    RailPlan plan;
    plan.pairs = {RailPair{0, "mlx5_0", "mlx5_0", "127.0.0.1", 1},
                  RailPair{1, "mlx5_1", "mlx5_1", "127.0.0.2", 1}};
    ClientOptions base;
    base.timeout_ms = 2000;
    std::vector<RailRun> runs = run_rails(plan, base, profile::Intent{});
    REQUIRE(runs.size() == 2);
    for (const RailRun& r : runs) CHECK_FALSE(r.report.has_value());
    CHECK(rails_level(plan, runs) == Level::fail);
  }
}
