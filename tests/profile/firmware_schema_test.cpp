// [firmware] (profiles/README.md): per NIC family, NV parameters, devlink
// parameters, qualified versions and PSIDs; every problem located, all at once.
#include <doctest/doctest.h>

#include "profile/load.h"

namespace {

rocecfg::profile::Loaded<rocecfg::profile::Intent> load_fw(const std::string& tables) {
  return rocecfg::profile::load_profile_text(
      "[fabric]\nname = \"fw\"\n[lossless]\npriorities = [3]\ndscp = [26]\ntrust = \"dscp\"\n"
      "[cnp]\ndscp = 48\npriority = 6\n" +
          tables,
      "fw.toml");
}

}  // namespace

TEST_SUITE("profile.firmware") {
  TEST_CASE("a ConnectX table reads into typed values") {
    auto l = load_fw(R"([firmware.connectx]
versions = ["28.39.2048", "28.40.1000"]
psids = ["MT_0000000838"]
[firmware.connectx.params]
ROCE_CC_PRIO_MASK_P1 = 8
CNP_DSCP_P1 = 48
CNP_802P_PRIO_P1 = 6
LLDP_NB_DCBX_P1 = false
LINK_TYPE_P1 = "ETH"
[firmware.bnxt.devlink_params]
enable_roce = true
)");
    INFO(l.diagnostics.render());
    REQUIRE(l.value);
    const auto& fw = l.value->firmware;
    REQUIRE(fw.families.size() == 2);
    const auto& cx = fw.families.at("connectx");
    CHECK(cx.versions == std::vector<std::string>{"28.39.2048", "28.40.1000"});
    CHECK(cx.psids == std::vector<std::string>{"MT_0000000838"});
    CHECK(cx.params.at("ROCE_CC_PRIO_MASK_P1").number == 8u);
    CHECK(cx.params.at("LLDP_NB_DCBX_P1").kind == rocecfg::model::FirmwareValue::Kind::boolean);
    CHECK(cx.params.at("LLDP_NB_DCBX_P1").text() == "False");
    CHECK(cx.params.at("LINK_TYPE_P1").text() == "ETH");
    CHECK(fw.families.at("bnxt").devlink_params.at("enable_roce").boolean);
    CHECK(l.diagnostics.all().empty());
  }

  TEST_CASE("every bad key and value is reported with its line, all at once") {
    auto l = load_fw(R"([firmware.conectx]
[firmware.bnxt]
params = { ENABLE_ROCE = 1 }
[firmware.connectx]
versions = "28.39.2048"
psids = ["MT 838"]
qualified = []
[firmware.connectx.params]
cnp_dscp_p1 = 48
CNP_802P_PRIO_P1 = -1
LINK_TYPE_P1 = "ETH; reboot"
ROCE_CC_PRIO_MASK_P1 = 1.5
)");
    CHECK_FALSE(l.value);
    // (fw.toml is not on disk, so no source lines under the headlines.)
    CHECK(
        l.diagnostics.render() ==
        "fw.toml:10:11: error: firmware.conectx: unknown NIC family (did you mean 'connectx'?) "
        "(allowed: connectx, bnxt)\n"
        "fw.toml:12:10: error: firmware.bnxt.params: bnxt has no mstconfig/mlxconfig parameters "
        "(allowed: devlink_params)\n"
        "fw.toml:14:12: error: firmware.connectx.versions: must be an array of strings\n"
        "fw.toml:15:10: error: firmware.connectx.psids[0]: is not a valid name (allowed: PSIDs as "
        "devlink reports them (fw.psid / board.id), e.g. \"MT_0000000838\")\n"
        "fw.toml:16:1: error: firmware.connectx.qualified: unknown key (allowed: params, "
        "devlink_params, versions, psids)\n"
        "fw.toml:18:1: error: firmware.connectx.params.cnp_dscp_p1: not a parameter name "
        "(allowed: mstconfig names: A-Z, 0-9, _ (e.g. CNP_DSCP_P1))\n"
        "fw.toml:19:20: error: firmware.connectx.params.CNP_802P_PRIO_P1: -1 is out of range "
        "(allowed: 0..4294967295)\n"
        "fw.toml:20:16: error: firmware.connectx.params.LINK_TYPE_P1: must be a number, a "
        "boolean or a value name (allowed: e.g. 255, false, \"ETH\" (letters, digits, _))\n"
        "fw.toml:21:24: error: firmware.connectx.params.ROCE_CC_PRIO_MASK_P1: must be a number, "
        "a boolean or a value name (allowed: e.g. 255, false, \"ETH\" (letters, digits, _))\n");
  }

  TEST_CASE("CNP marking in firmware that disagrees with [cnp] is a warning") {
    auto l = load_fw("[firmware.connectx.params]\nCNP_DSCP_P1 = 46\nCNP_802P_PRIO_P1 = 6\n");
    REQUIRE(l.value);
    REQUIRE(l.diagnostics.all().size() == 1);
    CHECK(l.diagnostics.all()[0].headline() ==
          "fw.toml:11:15: warning: firmware.connectx.params.CNP_DSCP_P1: 46 but cnp.dscp is 48: "
          "the NIC's CNPs would not go where the fabric expects them");
  }
}
