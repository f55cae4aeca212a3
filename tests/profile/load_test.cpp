#include <doctest/doctest.h>

#include "model/knob.h"
#include "profile/load.h"
#include "profile/write.h"

using namespace rocecfg;

namespace {
profile::Intent must_load(const std::string& text) {
  profile::Loaded<profile::Intent> l = profile::load_profile_text(text, "t.toml");
  INFO(l.diagnostics.render());
  REQUIRE(l.value.has_value());
  return *l.value;
}
}  // namespace

TEST_SUITE("profile.load") {
  TEST_CASE("the standard profile resolves to typed settings") {
    profile::Intent i = must_load(R"(
[fabric]
name = "std"
[lossless]
priorities = [3]
dscp = [26]
trust = "dscp"
[cnp]
dscp = 48
priority = 6
[ets]
prio_tc = [0,1,2,3,4,5,6,7]
bandwidth_percent = { 0 = 50, 3 = 50 }
strict = [6]
[ecn]
min_threshold = "150KB"
max_threshold = "1500KiB"
mark_probability_percent = 10
[dcqcn]
enabled = true
rp_ai_rate_mbps = 5
[mtu]
host_bytes = 9000
switch_bytes = 9216
[rdma_cm]
tos = 106
mode = "RoCE v2"
)");
    CHECK(i.name == "std");
    const model::Settings& s = i.common;
    CHECK(s.pfc_enabled->bits() == 0x08);
    CHECK(*s.trust == model::Trust::dscp);
    CHECK(*s.dscp_priority == model::dscp_priority_map({{26, 3}, {48, 6}}));
    CHECK(s.ets->tc_tsa[6] == model::Tsa::strict);
    CHECK(s.ets->tc_tsa[0] == model::Tsa::ets);
    CHECK(s.ets->tc_bandwidth_percent[3] == 50);
    CHECK(s.ecn->min_threshold_bytes == 150000);
    CHECK(s.ecn->max_threshold_bytes == 1536000);
    CHECK(s.ecn_priorities->bits() == 0x08);  // defaults to the lossless priorities
    CHECK(s.dcqcn->params.at("rp_ai_rate_mbps") == 5);
    CHECK(*s.roce_tos == 106);

    model::Settings host = i.host_settings();
    CHECK(host.mtu_bytes == 9000u);
    CHECK_FALSE(host.ecn);  // switches mark, hosts do not
    CHECK(host.dcqcn);
    model::Settings sw = i.switch_settings();
    CHECK(sw.mtu_bytes == 9216u);
    CHECK_FALSE(sw.dcqcn);
    CHECK_FALSE(sw.roce_tos);
    CHECK(sw.ecn);
  }

  TEST_CASE("ECN fill levels: the same thresholds for switches that take percent of the queue") {
    profile::Intent i = must_load(R"([fabric]
name = "fill"
[lossless]
priorities = [3]
dscp = [26]
trust = "dscp"
[ecn]
min_threshold = "150KB"
max_threshold = "1500KB"
mark_probability_percent = 10
fill_level_percent = [55, 90]
)");
    REQUIRE(i.common.ecn);
    CHECK(*i.common.ecn == model::Ecn{150000, 1500000, 10, model::EcnFill{55, 90}});
    CHECK(model::knob_value_text(i.switch_settings(), model::Knob::ecn) ==
          "min=150KB max=1500KB fill=55%..90% p=10%");
    // Written back by `import`/`profile write` with the fill levels kept.
    CHECK(profile::write_profile(i).find("fill_level_percent = [55, 90]\n") != std::string::npos);
  }

  TEST_CASE("ECN fill levels alone: no bytes, none written back") {
    profile::Intent i = must_load(
        "[fabric]\nname = \"junos only\"\n[ecn]\nmark_probability_percent = 100\n"
        "fill_level_percent = [55, 90]\n");
    REQUIRE(i.common.ecn);
    CHECK(*i.common.ecn == model::Ecn{0, 0, 100, model::EcnFill{55, 90}});
    CHECK_FALSE(i.common.ecn->has_bytes());
    std::string written = profile::write_profile(i);
    CHECK(written.find("[ecn]\nmark_probability_percent = 100\nfill_level_percent = [55, 90]\n") !=
          std::string::npos);
    CHECK(written.find("threshold") == std::string::npos);
  }

  TEST_CASE("validation defaults apply when [validation] is absent") {
    profile::Intent i = must_load("[fabric]\nname = \"x\"\n");
    CHECK(i.validation == profile::ValidationRules{});
    CHECK(i.validation.probe_message_bytes == std::vector<uint64_t>{64, 1048576});
  }

  TEST_CASE("the host MTU floor is the smallest netdev MTU carrying the 4096 path MTU") {
    // model::roce_path_mtu_for decides; before, a round 4200 rejected 4192..4199,
    // which the kernel runs at path MTU 4096.
    auto with_mtu = [](int mtu) {
      return profile::load_profile_text(
          "[fabric]\nname = \"m\"\n[mtu]\nhost_bytes = " + std::to_string(mtu) + "\n", "t.toml");
    };
    auto ok = with_mtu(4192);
    INFO(ok.diagnostics.render());
    REQUIRE(ok.value);
    CHECK(ok.value->host_mtu_bytes == 4192u);
    auto low = with_mtu(4191);
    CHECK_FALSE(low.value);
    CHECK(low.diagnostics.render() ==
          "t.toml:4:14: error: mtu.host_bytes: 4191 is too small for the RoCE 4096-byte path "
          "MTU (allowed: >= 4192)\n");
  }

  TEST_CASE("the lossless priorities are the PFC map the backends write, stored once") {
    profile::Intent i =
        must_load("[fabric]\nname = \"l\"\n[lossless]\npriorities = [3, 4]\ntrust = \"pcp\"\n");
    REQUIRE(i.common.pfc_enabled);
    CHECK(i.common.pfc_enabled->bits() == 0x18);
    CHECK(i.lossless_priorities() == *i.common.pfc_enabled);
    CHECK(i.host_settings().pfc_enabled == i.common.pfc_enabled);
    CHECK(i.switch_settings().pfc_enabled == i.common.pfc_enabled);
    // Changing the one copy is seen everywhere the Intent is read.
    i.common.pfc_enabled = PriorityMask(0x08);
    CHECK(i.lossless_priorities().bits() == 0x08);
    i.common.pfc_enabled.reset();
    CHECK(i.lossless_priorities().empty());
  }

  TEST_CASE("a missing [fabric] is reported at the top of the file") {
    auto l =
        profile::load_profile_text("[lossless]\npriorities = [3]\ntrust = \"pcp\"\n", "t.toml");
    CHECK_FALSE(l.value);
    CHECK(l.diagnostics.render() ==
          "t.toml:1:1: error: fabric: missing table [fabric] with a name\n");
  }

  TEST_CASE("warnings do not reject a profile") {
    auto l = profile::load_profile_text(R"(
[fabric]
name = "w"
[lossless]
priorities = [3]
dscp = [26]
trust = "dscp"
[cnp]
dscp = 48
priority = 6
[ets]
bandwidth_percent = { 0 = 50, 3 = 50 }
)",
                                        "t.toml");
    REQUIRE(l.value);
    REQUIRE(l.diagnostics.all().size() == 1);
    CHECK(l.diagnostics.all()[0].headline() ==
          "t.toml:10:12: warning: cnp.priority: CNPs go to traffic class 6, which is not strict "
          "priority; notifications may queue behind bulk traffic");
  }

  TEST_CASE("a lossless class with 0 % ETS that is not strict is a warning naming both keys") {
    // The lossless priority moved to 4 while [ets] still gives class 3 its 50 %.
    const std::string moved = R"(
[fabric]
name = "moved"
[lossless]
priorities = [4]
dscp = [26]
trust = "dscp"
[ets]
bandwidth_percent = { 0 = 50, 3 = 50 }
)";
    auto l = profile::load_profile_text(moved, "t.toml");
    REQUIRE(l.value);
    REQUIRE(l.diagnostics.all().size() == 1);
    CHECK(l.diagnostics.all()[0].headline() ==
          "t.toml:5:14: warning: lossless.priorities: lossless priority 4 goes to traffic class 4, "
          "which has 0 % in ets.bandwidth_percent and is not in ets.strict: it is starved "
          "whenever other classes send; give class 4 a share or make it strict");
    // strict, or a share, is fine
    auto strict = profile::load_profile_text(moved + "strict = [4]\n", "t.toml");
    REQUIRE(strict.value);
    CHECK(strict.diagnostics.all().empty());
  }

  TEST_CASE("NaN in [validation] floats is refused") {
    auto l = profile::load_profile_text(R"(
[fabric]
name = "nan"
[validation]
min_bandwidth_fraction = nan
max_loaded_p99_factor = -nan
)",
                                        "t.toml");
    CHECK_FALSE(l.value);
    CHECK(l.diagnostics.render().find(
              "t.toml:5:26: error: validation.min_bandwidth_fraction: nan is not a usable value") !=
          std::string::npos);
    CHECK(l.diagnostics.render().find(
              "t.toml:6:25: error: validation.max_loaded_p99_factor: nan is not a usable value") !=
          std::string::npos);
  }
}
