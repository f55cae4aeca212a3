// The settings the job's libraries get, from the profile and the host's RoCE
// ports (a temporary sysfs tree shaped like an mlx5 host), and `rocecfg env`'s
// exact output in each format.
#include <doctest/doctest.h>

#include <map>

#include <fmt/format.h>

#include "profile/inventory.h"
#include "profile/load.h"
#include "temp_root.h"
#include "workload/job_env.h"
#include "workload/nccl_effective.h"

using namespace rocecfg;
using namespace rocecfg::workload;

namespace {

profile::Intent load(const std::string& extra) {
  std::string text = R"(
[fabric]
name = "wl"
[lossless]
priorities = [3]
dscp = [26]
trust = "dscp"
[rdma_cm]
tos = 106
)" + extra;
  auto loaded = profile::load_profile_text(text, "wl.toml");
  REQUIRE_MESSAGE(loaded.value, loaded.diagnostics.render());
  return *loaded.value;
}

// mlx5_0 port 1 on ens1f0np0: GID 0/1 link-local (v1/v2), 2/3 IPv4 (v1/v2).
void mlx5_port(const test::TempRoot& t, const std::string& dev, const std::string& netdev,
               const std::string& ipv4_hex) {
  std::string p = "/sys/class/infiniband/" + dev + "/ports/1";
  t.write(p + "/state", "4: ACTIVE\n");
  t.write(p + "/link_layer", "Ethernet\n");
  const char* types[] = {"IB/RoCE v1", "RoCE v2", "IB/RoCE v1", "RoCE v2"};
  for (int i = 0; i < 4; ++i) {
    std::string gid = i < 2 ? "fe80:0000:0000:0000:0a00:27ff:fe00:0001"
                            : "0000:0000:0000:0000:0000:ffff:" + ipv4_hex;
    t.write(p + "/gids/" + std::to_string(i), gid + "\n");
    t.write(p + "/gid_attrs/types/" + std::to_string(i), std::string(types[i]) + "\n");
    t.write(p + "/gid_attrs/ndevs/" + std::to_string(i), netdev + "\n");
  }
  t.write("/sys/class/net/" + netdev + "/mtu", "9000\n");
}

GetEnv env_of(std::map<std::string, std::string> vars) {
  auto shared = std::make_shared<std::map<std::string, std::string>>(std::move(vars));
  return [shared](const char* k) -> const char* {
    auto it = shared->find(k);
    return it == shared->end() ? nullptr : it->second.c_str();
  };
}

}  // namespace

TEST_SUITE("workload settings") {
  TEST_CASE(
      "defaults: traffic class from rdma_cm.tos, NCCL only, undeclared section manages nothing") {
    profile::Intent i = load("");
    CHECK_FALSE(i.workload.declared);
    CHECK(i.workload.traffic_class == 106);
    CHECK(i.workload.traffic_class_from == "rdma_cm.tos");
    model::Settings s;
    add_workload_knobs(i.workload, library_settings(i.workload, {}), s);
    CHECK(s == model::Settings{});
  }

  TEST_CASE("without rdma_cm.tos the lossless DSCP is used, ECT(0) when DCQCN is on") {
    auto loaded = profile::load_profile_text(R"(
[fabric]
name = "x"
[lossless]
priorities = [3]
dscp = [24]
trust = "dscp"
[ecn]
min_threshold = "150KB"
max_threshold = "1500KB"
mark_probability_percent = 10
[dcqcn]
enabled = true
[workload]
)",
                                             "x.toml");
    REQUIRE_MESSAGE(loaded.value, loaded.diagnostics.render());
    CHECK(loaded.value->workload.traffic_class == (24 << 2 | 2));
    CHECK(loaded.value->workload.traffic_class_from == "lossless.dscp");
  }

  TEST_CASE("env: NCCL, UCX and HCCL settings for the discovered ports, exact text") {
    test::TempRoot t;
    mlx5_port(t, "mlx5_0", "ens1f0np0", "0a00:0001");
    mlx5_port(t, "mlx5_1", "ens2f0np0", "0a01:0001");
    host::FsRoot fs(t.root());
    profile::Intent i =
        load("[workload]\nlibraries = [\"nccl\", \"ucx\", \"hccl\"]\nservice_level = 3\n");
    JobEnv env = job_env(i, fs, host::discover(fs, false, true), env_of({}));
    CHECK(
        render_env(env, EnvFormat::text) ==
        "NCCL_IB_TC=106                     # nccl: traffic class 106 (DSCP 26, ECN ECT(0)) from "
        "rdma_cm.tos; NCCL's default is 0\n"
        "NCCL_IB_SL=3                       # nccl: service level = VLAN priority\n"
        "NCCL_IB_ADDR_FAMILY=AF_INET        # nccl: GID auto-selection: address family\n"
        "NCCL_IB_ROCE_VERSION_NUM=2         # nccl: GID auto-selection: RoCE version\n"
        "NCCL_IB_HCA==mlx5_0:1,mlx5_1:1     # nccl: exact device names ('=': no prefix matching)\n"
        "UCX_IB_TRAFFIC_CLASS=106           # ucx: traffic class 106 (DSCP 26, ECN ECT(0)) from "
        "rdma_cm.tos\n"
        "UCX_IB_SL=3                        # ucx: service level = VLAN priority\n"
        "UCX_NET_DEVICES=mlx5_0:1,mlx5_1:1  # ucx: RoCE ports to use\n"
        "HCCL_RDMA_TC=104                   # hccl: DSCP 26 x 4 (HCCL takes no ECN bits); HCCL's "
        "default 132 is DSCP 33\n"
        "HCCL_RDMA_SL=3                     # hccl: priority of the RoCE traffic\n");
    CHECK(render_env(env, EnvFormat::slurm) ==
          "export NCCL_IB_TC=106\nexport NCCL_IB_SL=3\nexport NCCL_IB_ADDR_FAMILY=AF_INET\n"
          "export NCCL_IB_ROCE_VERSION_NUM=2\nexport NCCL_IB_HCA==mlx5_0:1,mlx5_1:1\n"
          "export UCX_IB_TRAFFIC_CLASS=106\nexport UCX_IB_SL=3\n"
          "export UCX_NET_DEVICES=mlx5_0:1,mlx5_1:1\nexport HCCL_RDMA_TC=104\nexport "
          "HCCL_RDMA_SL=3\n");
    CHECK(env.warnings.empty());
    auto j = to_json(env);
    CHECK(j["env"]["NCCL_IB_TC"] == "106");
    CHECK(j["hcas"].size() == 2);
  }

  TEST_CASE(
      "env flags a pinned GID index that is not the RoCE v2 IPv4 entry, and a stale variable") {
    test::TempRoot t;
    mlx5_port(t, "mlx5_0", "ens1f0np0", "0a00:0001");
    t.write("/etc/nccl.conf", "NCCL_IB_GID_INDEX=2\n");
    host::FsRoot fs(t.root());
    profile::Intent i = load("[workload]\nhca = [\"mlx5_0:1\", \"mlx5_9\"]\n");
    JobEnv env = job_env(i, fs, host::discover(fs, false, true), env_of({{"NCCL_IB_TC", "0"}}));
    REQUIRE(env.warnings.size() == 3);
    CHECK(env.warnings[0] == "workload.hca names mlx5_9, which this host does not have");
    CHECK(env.warnings[1] ==
          "NCCL_IB_GID_INDEX=2 from /etc/nccl.conf: GID 2 on mlx5_0:1 is IB/RoCE v1 IPv4, not the "
          "RoCE v2 IPv4 entry the profile asks for (that is index 3)");
    CHECK(env.warnings[2] == "NCCL_IB_TC=0 in this environment differs from 106");
    CHECK(render_env(env, EnvFormat::shell).find("export NCCL_IB_HCA==mlx5_0:1\n") !=
          std::string::npos);
  }

  // Issue 36 item 9: on a host without the devices (a login node writing a
  // job's environment) the HCA variables were dropped; what is declared is
  // used instead, said as not seen.
  TEST_CASE("env on a login node: workload.hca is used as declared, with a warning") {
    test::TempRoot t;  // no /sys/class/infiniband at all
    host::FsRoot fs(t.root());
    profile::Intent i = load("[workload]\nhca = [\"mlx5_0\", \"mlx5_1:1\"]\n");
    JobEnv env = job_env(i, fs, host::discover(fs, false, true), env_of({}));
    CHECK(render_env(env, EnvFormat::slurm) ==
          "export NCCL_IB_TC=106\nexport NCCL_IB_ADDR_FAMILY=AF_INET\n"
          "export NCCL_IB_ROCE_VERSION_NUM=2\nexport NCCL_IB_HCA==mlx5_0:1,mlx5_1:1\n");
    CHECK(env.warnings ==
          std::vector<std::string>{
              "this host has no RDMA device: NCCL_IB_HCA / UCX_NET_DEVICES name "
              "mlx5_0:1,mlx5_1:1, declared by workload.hca, not seen on this host"});
    auto j = to_json(env);
    CHECK(j["hcas"][0] ==
          nlohmann::json{{"device", "mlx5_0"}, {"port", 1}, {"netdev", ""}, {"seen", false}});
  }

  TEST_CASE("env on a login node for an inventory host: its NICs by rail, from a host expression") {
    test::TempRoot t;
    host::FsRoot fs(t.root());
    auto inv = profile::load_inventory(std::string(ROCECFG_SOURCE_DIR) +
                                       "/tests/workload/gpu-nodes.inventory.toml");
    REQUIRE_MESSAGE(inv.value, inv.diagnostics.render());
    const profile::HostEntry* gpu003 = inv.value->find_host("gpu003");
    REQUIRE(gpu003);
    DeclaredHcas declared = declared_hcas(*gpu003);
    CHECK(declared.names == std::vector<std::string>{"mlx5_0", "mlx5_1"});
    profile::Intent i = load("[workload]\nlibraries = [\"nccl\", \"ucx\"]\nhca = [\"mlx5_0\"]\n");
    JobEnv env = job_env(i, fs, host::discover(fs, false, true), env_of({}), &declared);
    CHECK(render_env(env, EnvFormat::slurm) ==
          "export NCCL_IB_TC=106\nexport NCCL_IB_ADDR_FAMILY=AF_INET\n"
          "export NCCL_IB_ROCE_VERSION_NUM=2\nexport NCCL_IB_HCA==mlx5_0:1,mlx5_1:1\n"
          "export UCX_IB_TRAFFIC_CLASS=106\nexport UCX_NET_DEVICES=mlx5_0:1,mlx5_1:1\n");
    CHECK(env.warnings ==
          std::vector<std::string>{
              "inventory host gpu003 declares mlx5_0,mlx5_1: workload.hca (mlx5_0) not used",
              "this host has no RDMA device: NCCL_IB_HCA / UCX_NET_DEVICES name "
              "mlx5_0:1,mlx5_1:1, declared by inventory host gpu003, not seen on this host"});
    auto j = to_json(env);
    CHECK(j["hcas"][1] ==
          nlohmann::json{
              {"device", "mlx5_1"}, {"port", 1}, {"netdev", "ens1f0np0"}, {"seen", false}});
  }

  TEST_CASE("env on a GPU node: the inventory's NICs it has are used, one it lacks is a warning") {
    test::TempRoot t;
    mlx5_port(t, "mlx5_0", "ens0f0np0", "0a00:0001");
    mlx5_port(t, "mlx5_2", "ens2f0np0", "0a02:0001");  // not declared: not used
    host::FsRoot fs(t.root());
    DeclaredHcas declared{"inventory host gpu003", {"mlx5_0", "mlx5_1"}, {"", ""}, {}};
    profile::Intent i = load("");
    JobEnv env = job_env(i, fs, host::discover(fs, false, true), env_of({}), &declared);
    REQUIRE(env.hcas.size() == 1);
    CHECK(env.hcas[0].name() == "mlx5_0:1");
    CHECK(env.hcas[0].seen);
    CHECK(env.warnings == std::vector<std::string>{
                              "inventory host gpu003 names mlx5_1, which this host does not have"});
  }

  TEST_CASE("env: an inventory host that names no device, and nothing declared at all") {
    test::TempRoot t;
    host::FsRoot fs(t.root());
    auto inv = profile::load_inventory_text("[[host]]\nname = \"gpu001\"\naddress = \"10.0.0.1\"\n",
                                            "inv.toml");
    REQUIRE_MESSAGE(inv.value, inv.diagnostics.render());
    DeclaredHcas declared = declared_hcas(inv.value->hosts.at(0));
    CHECK(declared.names.empty());
    profile::Intent i = load("");
    JobEnv env = job_env(i, fs, host::discover(fs, false, true), env_of({}), &declared);
    CHECK(env.hcas.empty());
    CHECK(env.warnings ==
          std::vector<std::string>{
              "inventory host gpu001 names no RDMA device for rail 0 (the single-NIC form): not "
              "declared",
              "no RDMA device on this host and none declared (workload.hca, or --inventory INV "
              "--host NAME): NCCL_IB_HCA / UCX_NET_DEVICES left to the libraries"});
  }

  TEST_CASE("env for an inventory host whose NICs are found by nic_rule") {
    auto inv = profile::load_inventory_text(
        "[[host]]\nname = \"gpu001\"\naddress = \"10.0.0.1\"\nnic_rule = \"ethernet\"\nrails = 2\n",
        "inv.toml");
    REQUIRE_MESSAGE(inv.value, inv.diagnostics.render());
    DeclaredHcas declared = declared_hcas(inv.value->hosts.at(0));
    CHECK(declared.by_rule);
    CHECK(declared.names.empty());
    CHECK(declared.warnings.empty());
    profile::Intent i = load("[workload]\nhca = [\"mlx5_1\"]\n");
    {  // on the node: every RoCE port, as the rule says
      test::TempRoot t;
      mlx5_port(t, "mlx5_0", "ens0f0np0", "0a00:0001");
      mlx5_port(t, "mlx5_1", "ens1f0np0", "0a01:0001");
      host::FsRoot fs(t.root());
      JobEnv env = job_env(i, fs, host::discover(fs, false, true), env_of({}), &declared);
      REQUIRE(env.hcas.size() == 2);
      CHECK(env.hcas[1].name() == "mlx5_1:1");
      CHECK(env.warnings ==
            std::vector<std::string>{"inventory host gpu001 takes every RDMA device with an "
                                     "Ethernet port (nic_rule): workload.hca (mlx5_1) not used"});
    }
    {  // on a login node: the names are the host's; workload.hca is what is declared
      test::TempRoot t;
      host::FsRoot fs(t.root());
      JobEnv env = job_env(i, fs, host::discover(fs, false, true), env_of({}), &declared);
      REQUIRE(env.hcas.size() == 1);
      CHECK_FALSE(env.hcas[0].seen);
      CHECK(env.warnings ==
            std::vector<std::string>{
                "inventory host gpu001 finds its NICs by nic_rule: their names are known only "
                "on that host",
                "this host has no RDMA device: NCCL_IB_HCA / UCX_NET_DEVICES name mlx5_1:1, "
                "declared by workload.hca, not seen on this host"});
    }
  }

  TEST_CASE("what NCCL on this host uses: environment, then NCCL_CONF_FILE, then /etc/nccl.conf") {
    test::TempRoot t;
    host::FsRoot fs(t.root());
    CHECK(nccl_traffic_class(fs, env_of({}), {}).traffic_class == 0);
    CHECK(nccl_traffic_class(fs, env_of({}), {}).source == "NCCL's default (NCCL_IB_TC unset)");
    t.write("/etc/nccl.conf", "NCCL_IB_TC=106\n");
    CHECK(nccl_traffic_class(fs, env_of({}), {}).traffic_class == 106);
    CHECK(nccl_traffic_class(fs, env_of({}), {}).source == "/etc/nccl.conf");
    t.write("/home/u/.nccl.conf", "NCCL_IB_TC=0x60\n");
    auto user = nccl_traffic_class(fs, env_of({{"HOME", "/home/u"}}), {});
    CHECK(user.traffic_class == 96);  // strtoll base 0, as NCCL parses it
    CHECK(user.source == "/home/u/.nccl.conf");
    auto env = nccl_traffic_class(fs, env_of({{"HOME", "/home/u"}, {"NCCL_IB_TC", "104"}}), {});
    CHECK(env.traffic_class == 104);
    CHECK(env.source == "environment");
    // MLNX_OFED's device override re-marks every QP whatever NCCL asks for
    t.write("/sys/class/infiniband/mlx5_0/tc/1/traffic_class", "Global tclass=0\n");
    auto ov = nccl_traffic_class(fs, env_of({}), {{"mlx5_0", 1}});
    CHECK(ov.traffic_class == 106);
    CHECK(ov.device_override == 0);
    CHECK(ov.on_wire() == 0);
  }

  TEST_CASE("probe --tos workload sends what NCCL would put on the wire, and says why") {
    test::TempRoot t;
    host::FsRoot fs(t.root());
    auto wire = [&](std::map<std::string, std::string> env) {
      WireTos w = nccl_wire_tos(fs, env_of(std::move(env)), {{"mlx5_0", 1}});
      return fmt::format("{}: {}", w.tos, w.why);
    };
    CHECK(wire({}) == "0: NCCL's default (NCCL_IB_TC unset)");
    t.write("/etc/nccl.conf", "NCCL_IB_TC=106\n");
    CHECK(wire({}) == "106: NCCL_IB_TC=106 from /etc/nccl.conf");
    CHECK(wire({{"NCCL_IB_TC", "104"}}) == "104: NCCL_IB_TC=104 from environment");
    CHECK(wire({{"NCCL_IB_TC", "300"}}) ==
          "0: NCCL_IB_TC=300 from environment is invalid: NCCL uses its default");
    t.write("/sys/class/infiniband/mlx5_0/tc/1/traffic_class", "Global tclass=96\n");
    CHECK(wire({}) ==
          "96: device override 96 from /sys/class/infiniband/mlx5_0/tc/1/traffic_class (over "
          "NCCL_IB_TC=106 from /etc/nccl.conf)");
  }
}
