// fabric/cabling against hand-written host answers: which hosts are asked
// (only those with a cabled NIC, each once), the netdev map asked only when
// a NIC states no netdev, exact messages. The real lldpd and SSH path is
// tests/fabric/cabling_ssh.sh.
#include <doctest/doctest.h>

#include <mutex>

#include "fabric/cabling.h"
#include "fabric/html.h"
#include "fabric/report.h"
#include "profile/load.h"

namespace rocecfg::fabric {
namespace {

// lldpcli -f json as lldpd 1.0.16 prints two neighbours (trimmed to the keys
// read; tests/host/data/lldpcli-neighbors-two.json is a whole capture).
std::string two_neighbours(const std::string& if1, const std::string& sys1, const std::string& p1,
                           const std::string& if2, const std::string& sys2, const std::string& p2) {
  auto one = [](const std::string& i, const std::string& s, const std::string& p) {
    return "{\"" + i + "\": {\"chassis\": {\"" + s +
           "\": {\"id\": {\"type\": \"mac\", \"value\": \"02:00:00:00:00:01\"}}}, \"port\": "
           "{\"id\": {\"type\": \"ifname\", \"value\": \"" +
           p + "\"}, \"descr\": \"" + p + "\"}}}";
  };
  return "{\"lldp\": {\"interface\": [" + one(if1, sys1, p1) + ", " + one(if2, sys2, p2) + "]}}";
}

}  // namespace

TEST_SUITE("fabric cabling") {
  TEST_CASE("the sysfs listing maps RDMA devices to netdevs; anything else is passed over") {
    auto m = parse_netdev_map(
        "/sys/class/infiniband/mlx5_0/device/net/ens1f0np0\n"
        "/sys/class/infiniband/mlx5_1/device/net/ens1f1np1\n"
        "/sys/class/infiniband/*/device/net/*\n"  // a glob that matched nothing
        "/sys/class/infiniband/mlx5_2/ports/1\n"
        "garbage\n"
        "/sys/class/infiniband/rxe0/device/net/eth0");
    CHECK(m == std::map<std::string, std::string>{
                   {"mlx5_0", "ens1f0np0"}, {"mlx5_1", "ens1f1np1"}, {"rxe0", "eth0"}});
    CHECK(netdev_map_argv().front() == "sh");
    CHECK(lldp_neighbors_argv("") ==
          std::vector<std::string>{"lldpcli", "show", "neighbors", "-f", "json"});
    CHECK(lldp_neighbors_argv("/run/l.sock") ==
          std::vector<std::string>{"lldpcli", "-u", "/run/l.sock", "show", "neighbors", "-f",
                                   "json"});
  }

  TEST_CASE("each cabled host is read once; a moved cable is a finding on its endpoint") {
    auto l = profile::load_inventory_text(R"([[switch]]
name = "leaf2"
address = "10.8.0.2"
vendor = "cumulus"
[[switch]]
name = "leaf3"
address = "10.8.0.3"
vendor = "cumulus"

[[host]]
name = "gpu1"
address = "10.9.0.1"
[[host.nic]]
device = "mlx5_0"
netdev = "eth7"
rail = 0
probe_address = "10.0.0.1"
switch_port = "leaf3:swp9"
[[host.nic]]
device = "mlx5_1"
rail = 1
probe_address = "10.0.1.1"
switch_port = "leaf2:swp9"

[[host]]
name = "gpu2"
address = "10.9.0.2"
[[host.nic]]
device = "mlx5_0"
rail = 0
probe_address = "10.0.0.2"
[[host.nic]]
device = "mlx5_1"
rail = 1
probe_address = "10.0.1.2"

[[host]]
name = "gpu3"
address = "10.9.0.3"
[[host.nic]]
device = "mlx5_0"
netdev = "eth7"
rail = 0
probe_address = "10.0.0.3"
switch_port = "leaf3:swp10"
[[host.nic]]
device = "mlx5_1"
rail = 1
probe_address = "10.0.1.3"
)",
                                          "inv.toml");
    INFO(l.diagnostics.render());
    REQUIRE(l.value);
    auto eps = resolve_hosts({}, &*l.value);
    REQUIRE(eps);
    REQUIRE(eps->size() == 6);
    std::mutex m;
    std::vector<std::string> asked;
    HostCommand run = [&](size_t e, const std::vector<std::string>& argv) -> Result<std::string> {
      const std::string& host = (*eps)[e].host;
      {
        std::lock_guard<std::mutex> lock(m);
        asked.push_back(host + " " + argv.front());
      }
      if (host == "gpu3") return fail("ssh", "cannot connect to 10.9.0.3:22: Connection refused");
      if (argv.front() == "sh")
        return std::string(
            "/sys/class/infiniband/mlx5_0/device/net/eth7\n"
            "/sys/class/infiniband/mlx5_1/device/net/ens2\n");
      return two_neighbours("eth7", "leaf3.example.net", "swp9", "ens2", "LEAF4", "swp9");
    };
    FabricCabling c = check_fabric_cabling(*eps, *l.value, "", run, 4);
    std::sort(asked.begin(), asked.end());
    // gpu2 has no cabled NIC: never asked; gpu1 needs the map (mlx5_1 states
    // no netdev), gpu3 does not get that far.
    CHECK(asked == std::vector<std::string>{"gpu1 lldpcli", "gpu1 sh", "gpu3 lldpcli"});
    CHECK(c.declared == 3);
    CHECK(c.checked == 1);  // gpu1's mlx5_0: leaf3.example.net is leaf3
    REQUIRE(c.findings.size() == 1);
    const Finding& f = c.findings.front();
    CHECK(f.kind == FindingKind::cabling);
    CHECK(f.hosts == std::vector<size_t>{1});  // gpu1:mlx5_1
    CHECK(f.rail == 1u);
    CHECK(f.why == "mlx5_1 of gpu1 reaches LEAF4 swp9; the inventory says leaf2 swp9");
    CHECK(c.unknown ==
          std::vector<std::string>{"gpu3: 1 NIC(s) not checked: LLDP neighbours not read: "
                                   "cannot connect to 10.9.0.3:22: Connection refused"});

    RunReport r;
    r.hosts = host_names(*eps);
    r.analysis.findings = c.findings;
    r.cabling = RunReport::Cabling{c.declared, c.checked, c.unknown};
    CHECK(finding_label(f, r.hosts) == "cabling gpu1:mlx5_1");
    CHECK(std::string(verdict_of(r)) == "FAIL");  // observed, with nothing measured
    std::string text = render_text(r);
    CHECK(text.find("  cabling gpu1:mlx5_1: mlx5_1 of gpu1 reaches LEAF4 swp9; the inventory "
                    "says leaf2 swp9\n") != std::string::npos);
    CHECK(text.find("\ncabling: 1 of 3 NICs on the switch port the inventory names; not "
                    "checked:\n  gpu3: 1 NIC(s) not checked: LLDP neighbours not read: cannot "
                    "connect to 10.9.0.3:22: Connection refused\n") != std::string::npos);
    nlohmann::json j = render_json(r);
    CHECK(j["cabling"] ==
          nlohmann::json{{"declared", 3}, {"checked", 1}, {"not_checked", c.unknown}});
    CHECK(j["findings"][0]["kind"] == "cabling");
    std::string page = html_report(r, {}, j);
    CHECK(page.find("<h3>cabling gpu1:mlx5_1</h3>") != std::string::npos);
    CHECK(page.find("<p id=\"cabling\">Cabling: 1 of 3 NICs on the switch port the inventory "
                    "names.</p>") != std::string::npos);
    CHECK(page.find("<li>gpu3: 1 NIC(s) not checked: LLDP neighbours not read: cannot connect to "
                    "10.9.0.3:22: Connection refused</li>") != std::string::npos);
  }

  TEST_CASE("an inventory that cables no NIC asks no host and reports nothing") {
    auto l = profile::load_inventory_text(R"([[host]]
name = "a"
address = "10.9.0.1"
rdma_device = "mlx5_0"
probe_address = "10.0.0.1"
[[host]]
name = "b"
address = "10.9.0.2"
rdma_device = "mlx5_0"
probe_address = "10.0.0.2"
)",
                                          "inv.toml");
    REQUIRE(l.value);
    auto eps = resolve_hosts({}, &*l.value);
    REQUIRE(eps);
    size_t calls = 0;
    FabricCabling c = check_fabric_cabling(
        *eps, *l.value, "",
        [&](size_t, const std::vector<std::string>&) -> Result<std::string> {
          ++calls;
          return std::string("{}");
        },
        4);
    CHECK(calls == 0);
    CHECK(c.declared == 0);
    CHECK(c.findings.empty());
    CHECK(c.unknown.empty());
  }
}

}  // namespace rocecfg::fabric
