// mlx5 adapters against temporary trees shaped like the real files: upstream
// debugfs cc_params (cong.c names, decimal) and MLNX_OFED sysfs ecn/.
#include <doctest/doctest.h>

#include "fs_tree.h"
#include "nic/mlx5_debugfs.h"
#include "nic/registry.h"
#include "nic_fixtures.h"

using namespace rocecfg;
using model::Knob;

namespace {

using test::mlx5_netdev;

// The 22 files of cong.c with the firmware defaults (host-nics.md table).
void cc_params(const test::FsTree& t) {
  const std::string d = "/sys/kernel/debug/mlx5/0000:3b:00.0/cc_params/";
  for (auto [f, v] : std::initializer_list<std::pair<const char*, const char*>>{
           {"rp_clamp_tgt_rate", "0"},
           {"rp_clamp_tgt_rate_ati", "1"},
           {"rp_time_reset", "300"},
           {"rp_byte_reset", "32767"},
           {"rp_threshold", "1"},
           {"rp_ai_rate", "5"},
           {"rp_max_rate", "0"},
           {"rp_hai_rate", "50"},
           {"rp_min_dec_fac", "50"},
           {"rp_min_rate", "1"},
           {"rp_rate_to_set_on_first_cnp", "0"},
           {"rp_dce_tcp_g", "1019"},
           {"rp_dce_tcp_rtt", "1"},
           {"rp_rate_reduce_monitor_period", "4"},
           {"rp_initial_alpha_value", "1023"},
           {"rp_gd", "11"},
           {"np_min_time_between_cnps", "4"},
           {"np_cnp_dscp", "48"},
           {"np_cnp_prio_mode", "1"},
           {"np_cnp_prio", "6"},
           {"rtt_resp_dscp_valid", "0"},
           {"rtt_resp_dscp", "0"}})
    t.write(d + f, std::string(v) + "\n");
}

}  // namespace

TEST_SUITE("mlx5") {
  TEST_CASE("upstream: cc_params are read and written under their cong.c names") {
    test::FsTree t;
    cc_params(t);
    host::FsRoot fs(t.root());
    auto a = nic::make_adapter(mlx5_netdev(), fs);
    REQUIRE(a);
    CHECK(a->family() == "mlx5 upstream (debugfs cc_params)");

    model::Settings intent;
    intent.dcqcn = model::Dcqcn{true, {{"rp_ai_rate_mbps", 10}, {"rp_min_dec_fac_percent", 25}}};
    intent.cnp = model::Cnp{Dscp::unchecked(48), Priority::unchecked(6)};
    CHECK_FALSE(a->unsupported(Knob::dcqcn, intent));
    model::Settings seen;
    REQUIRE(a->read(Knob::dcqcn, seen));
    CHECK(seen.dcqcn->params.at("rp_ai_rate_mbps") == 5);
    CHECK(seen.dcqcn->params.at("rp_dce_tcp_g") == 1019);
    CHECK(seen.dcqcn->params.size() == 16);
    REQUIRE(a->write(Knob::dcqcn, intent));
    const std::string d = "/sys/kernel/debug/mlx5/0000:3b:00.0/cc_params/";
    CHECK(t.read(d + "rp_ai_rate") == "10");
    CHECK(t.read(d + "rp_min_dec_fac") == "25");
    CHECK(t.read(d + "rp_hai_rate") == "50\n");  // undeclared: untouched

    REQUIRE(a->read(Knob::cnp, seen));
    CHECK(seen.cnp == model::Cnp{Dscp::unchecked(48), Priority::unchecked(6)});
    intent.cnp = model::Cnp{Dscp::unchecked(46), Priority::unchecked(7)};
    REQUIRE(a->write(Knob::cnp, intent));
    CHECK(t.read(d + "np_cnp_dscp") == "46");
    CHECK(t.read(d + "np_cnp_prio") == "7");
  }

  TEST_CASE("upstream: what only NV or OFED can do is unsupported, with the way out") {
    test::FsTree t;
    cc_params(t);
    host::FsRoot fs(t.root());
    auto a = nic::make_adapter(mlx5_netdev(), fs);
    model::Settings intent;
    intent.ecn_priorities = PriorityMask(0x08);
    intent.dcqcn = model::Dcqcn{false, {}};
    CHECK(a->unsupported(Knob::ecn_priorities, intent) ==
          "upstream mlx5 has no runtime per-priority ECN enable (MLNX_OFED sysfs ecn/, or NV "
          "ROCE_CC_PRIO_MASK_P1 via mlxconfig at next boot)");
    CHECK(a->unsupported(Knob::dcqcn, intent) ==
          "upstream mlx5 cannot turn DCQCN off at runtime (NV ROCE_CC_PRIO_MASK_P1=0 via "
          "mlxconfig, next boot)");
  }

  TEST_CASE("upstream without debugfs: says why the directory is missing") {
    test::FsTree t;
    host::FsRoot fs(t.root());
    auto a = nic::make_adapter(mlx5_netdev(), fs);
    model::Settings intent;
    intent.cnp = model::Cnp{Dscp::unchecked(48), Priority::unchecked(6)};
    CHECK(a->unsupported(Knob::cnp, intent) ==
          "/sys/kernel/debug/mlx5/0000:3b:00.0/cc_params is missing: debugfs not mounted, not "
          "root, or the firmware lacks the cc_query/cc_modify capabilities");
  }

  TEST_CASE("OFED: per-priority enables, rpg_* parameters and CNP marking in sysfs ecn/") {
    test::FsTree t;
    const std::string e = "/sys/class/net/ens1f0np0/ecn/";
    for (int p = 0; p < 8; ++p) {
      t.write(e + "roce_np/enable/" + std::to_string(p), "0\n");
      t.write(e + "roce_rp/enable/" + std::to_string(p), "0\n");
    }
    t.write(e + "roce_rp/rpg_ai_rate", "5\n");
    t.write(e + "roce_rp/rpg_gd", "11\n");
    t.write(e + "roce_np/min_time_between_cnps", "0\n");
    t.write(e + "roce_np/cnp_dscp", "48\n");
    t.write(e + "roce_np/cnp_802p_prio", "6\n");
    host::FsRoot fs(t.root());
    auto a = nic::make_adapter(mlx5_netdev(), fs);
    REQUIRE(a);
    CHECK(a->family() == "mlx5 MLNX_OFED (sysfs ecn/)");

    model::Settings want;
    want.ecn_priorities = PriorityMask(0x08);
    want.dcqcn = model::Dcqcn{true, {{"rp_ai_rate_mbps", 20}, {"np_min_time_between_cnps_us", 4}}};
    REQUIRE(a->write(Knob::ecn_priorities, want));
    REQUIRE(a->write(Knob::dcqcn, want));
    CHECK(t.read(e + "roce_np/enable/3") == "1");
    CHECK(t.read(e + "roce_np/enable/2") == "0\n");  // unchanged files are not rewritten
    CHECK(t.read(e + "roce_rp/enable/0") == "1");
    CHECK(t.read(e + "roce_rp/rpg_ai_rate") == "20");
    CHECK(t.read(e + "roce_np/min_time_between_cnps") == "4");

    model::Settings seen;
    REQUIRE(a->read(Knob::ecn_priorities, seen));
    REQUIRE(a->read(Knob::dcqcn, seen));
    REQUIRE(a->read(Knob::cnp, seen));
    CHECK(seen.ecn_priorities == PriorityMask(0x08));
    CHECK(model::knob_satisfied(want, seen, Knob::dcqcn));
    CHECK(seen.cnp == model::Cnp{Dscp::unchecked(48), Priority::unchecked(6)});

    model::Settings odd;
    odd.dcqcn = model::Dcqcn{true, {{"rp_threshold", 3}}};
    CHECK_FALSE(a->unsupported(Knob::dcqcn, odd));
    odd.dcqcn = model::Dcqcn{true, {{"rp_future_knob", 3}}};
    CHECK(a->unsupported(Knob::dcqcn, odd) == "MLNX_OFED ecn/ has no rp_future_knob");
  }

  TEST_CASE("other drivers get no adapter") {
    test::FsTree t;
    host::Netdev n;
    n.name = "veth0";
    n.driver = "veth";
    CHECK_FALSE(nic::make_adapter(n, host::FsRoot(t.root())));
  }
}
