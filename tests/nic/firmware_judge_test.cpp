// The firmware layer's verdicts (nic/firmware_session.h) from readings given
// by hand: each state's definition, the qualified-version check, and the
// exit code rule.
#include <doctest/doctest.h>

#include "nic/firmware_session.h"

namespace fw = rocecfg::nic;
using rocecfg::model::FirmwareValue;

namespace {

FirmwareValue num(uint64_t n) {
  return {FirmwareValue::Kind::number, n, false, ""};
}
FirmwareValue boolean(bool b) {
  return {FirmwareValue::Kind::boolean, 0, b, ""};
}

// One row per case: default, current, next boot.
const char* const kTable =
    "Configurations:                              Default         Current         Next Boot\n"
    "         CNP_DSCP_P1                         48              48              48\n"
    "*        ROCE_CC_PRIO_MASK_P1                255             255             8\n"
    "*        CNP_802P_PRIO_P1                    6               6               3\n"
    "*        DCBX_WILLING_P1                     True(1)         True(1)         False(0)\n"
    "*        LLDP_NB_DCBX_P1                     False(0)        True(1)         False(0)\n";

fw::ParamState state_of(const fw::DeviceFirmware& d, const std::string& name) {
  for (const auto& p : d.params)
    if (p.name == name) return p.state;
  FAIL("no finding for " << name);
  return fw::ParamState::unknown;
}

}  // namespace

TEST_SUITE("firmware judge") {
  TEST_CASE("in sync, drift, pending reset, not applied after reset, unsupported") {
    auto q = fw::parse_mstconfig_query(kTable, "0000:08:00.0");
    REQUIRE(q);
    rocecfg::model::FirmwareFamilyIntent want;
    want.params["CNP_DSCP_P1"] = num(48);             // C = N = W
    want.params["ROCE_CC_PRIO_MASK_P1"] = num(255);   // C = W, N != W: the next reset undoes it
    want.params["CNP_802P_PRIO_P1"] = num(3);         // N = W, C != W, no record: pending
    want.params["DCBX_WILLING_P1"] = boolean(false);  // N = W, C != W, written before boot
    want.params["LLDP_NB_DCBX_P1"] = boolean(false);  // N = W, C != W, written after boot
    want.params["ATS_ENABLED"] = boolean(false);      // not in the table
    fw::FirmwareWrites writes;
    writes["0000:08:00.0"]["DCBX_WILLING_P1"] = {"False", 1000};
    writes["0000:08:00.0"]["LLDP_NB_DCBX_P1"] = {"False", 3000};
    fw::FirmwareOptions o;
    o.boot_time_s = 2000;
    fw::FirmwareTarget t{"0000:08:00.0", "mlx5_core", "enp8s0f0np0"};
    fw::DeviceFirmware d = fw::judge_device(t, "connectx", want, &q, nullptr, writes, o);
    CHECK(state_of(d, "CNP_DSCP_P1") == fw::ParamState::in_sync);
    CHECK(state_of(d, "ROCE_CC_PRIO_MASK_P1") == fw::ParamState::drift);
    CHECK(state_of(d, "CNP_802P_PRIO_P1") == fw::ParamState::pending_reset);
    CHECK(state_of(d, "DCBX_WILLING_P1") == fw::ParamState::not_applied_after_reset);
    CHECK(state_of(d, "LLDP_NB_DCBX_P1") == fw::ParamState::pending_reset);
    CHECK(state_of(d, "ATS_ENABLED") == fw::ParamState::unsupported);
    CHECK(d.reset_required());
    CHECK(d.errors.empty());

    // A record of another value proves nothing about this one.
    writes["0000:08:00.0"]["DCBX_WILLING_P1"] = {"True", 1000};
    d = fw::judge_device(t, "connectx", want, &q, nullptr, writes, o);
    CHECK(state_of(d, "DCBX_WILLING_P1") == fw::ParamState::pending_reset);
    // Boot time unknown: never "not applied after reset".
    writes["0000:08:00.0"]["DCBX_WILLING_P1"] = {"False", 1000};
    o.boot_time_s = 0;
    d = fw::judge_device(t, "connectx", want, &q, nullptr, writes, o);
    CHECK(state_of(d, "DCBX_WILLING_P1") == fw::ParamState::pending_reset);
  }

  TEST_CASE("without -e columns (firmware that cannot report current values) nothing is in sync") {
    auto q = fw::parse_mstconfig_query(
        "Configurations:                                      Next Boot\n"
        "         CNP_DSCP_P1                         48\n",
        "0000:08:00.0");
    REQUIRE(q);
    rocecfg::model::FirmwareFamilyIntent want;
    want.params["CNP_DSCP_P1"] = num(48);
    fw::DeviceFirmware d =
        fw::judge_device({"0000:08:00.0", "mlx5_core", ""}, "connectx", want, &q, nullptr, {}, {});
    CHECK(state_of(d, "CNP_DSCP_P1") == fw::ParamState::unknown);
  }

  TEST_CASE("a failed query is an error and every parameter unknown") {
    rocecfg::Result<fw::NvQuery> q =
        fw::parse_mstconfig_query("-E- Failed to open device", "0000:08:00.0");
    rocecfg::model::FirmwareFamilyIntent want;
    want.params["CNP_DSCP_P1"] = num(48);
    fw::DeviceFirmware d =
        fw::judge_device({"0000:08:00.0", "mlx5_core", ""}, "connectx", want, &q, nullptr, {}, {});
    CHECK(state_of(d, "CNP_DSCP_P1") == fw::ParamState::unknown);
    REQUIRE(d.errors.size() == 1);
    CHECK(d.errors[0] ==
          "0000:08:00.0: mstconfig query, line 1: the tool reports: Failed to open device");
  }

  TEST_CASE("devlink: versions against the qualified set, parameters by configuration mode") {
    rocecfg::host::DevlinkDevice dl;
    dl.bus = "pci";
    dl.dev = "0000:08:00.0";
    dl.driver = "mlx5_core";
    dl.fixed["fw.psid"] = "MT_0000000359";
    dl.running["fw.version"] = "22.36.1010";
    dl.params.push_back(
        {"enable_roce", true, {{"driverinit", rocecfg::model::parse_firmware_reading("true")}}});
    dl.params.push_back(
        {"max_macs", true, {{"driverinit", rocecfg::model::parse_firmware_reading("32")}}});
    rocecfg::model::FirmwareFamilyIntent want;
    want.versions = {"22.39.1002", "22.41.1000"};
    want.psids = {"MT_0000000359"};
    want.devlink_params["enable_roce"] = boolean(true);
    want.devlink_params["max_macs"] = num(64);
    want.devlink_params["io_eq_size"] = num(1024);
    fw::DeviceFirmware d =
        fw::judge_device({"0000:08:00.0", "mlx5_core", ""}, "connectx", want, nullptr, &dl, {}, {});
    REQUIRE(d.versions.size() == 2);
    CHECK(d.versions[0].found == "22.36.1010");
    CHECK_FALSE(d.versions[0].ok());
    CHECK(d.versions[1].found == "MT_0000000359");
    CHECK(d.versions[1].ok());
    CHECK(state_of(d, "enable_roce") == fw::ParamState::in_sync);
    CHECK(state_of(d, "max_macs") == fw::ParamState::drift);
    CHECK(state_of(d, "io_eq_size") == fw::ParamState::unsupported);
    // No devlink instance: the versions are unknown, not passed.
    d = fw::judge_device({"0000:08:00.0", "mlx5_core", ""}, "connectx", want, nullptr, nullptr, {},
                         {});
    CHECK(d.versions[0].found.empty());
    CHECK_FALSE(d.versions[0].ok());
    CHECK(state_of(d, "enable_roce") == fw::ParamState::unknown);
  }
}
