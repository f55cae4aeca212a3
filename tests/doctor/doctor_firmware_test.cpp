// The firmware layer as doctor findings (doctor/doctor_firmware.h): drift,
// a pending reset, a value a reboot did not bring and an unqualified
// firmware version each say what, why and the fix; a device that could not be
// read is never "ok".
#include <doctest/doctest.h>

#include "doctor/doctor_firmware.h"

namespace {

rocecfg::nic::ParamFinding fw_param(const char* name, rocecfg::nic::ParamState s, const char* want,
                                    const char* current, const char* next) {
  rocecfg::nic::ParamFinding p;
  p.name = name;
  p.state = s;
  p.want = want;
  p.current = current;
  p.next_boot = next;
  return p;
}

}  // namespace

TEST_SUITE("doctor.firmware") {
  TEST_CASE("drift, pending reset, not applied after reboot, unqualified version") {
    namespace nic = rocecfg::nic;
    nic::FirmwareReport r;
    nic::DeviceFirmware d;
    d.target = {"0000:08:00.0", "mlx5_core", "enp8s0f0np0"};
    d.family = "connectx";
    d.params = {fw_param("CNP_DSCP_P1", nic::ParamState::in_sync, "48", "48", "48"),
                fw_param("LLDP_NB_DCBX_P1", nic::ParamState::drift, "False", "True(1)", "True(1)"),
                fw_param("CNP_802P_PRIO_P1", nic::ParamState::pending_reset, "6", "3", "6"),
                fw_param("DCBX_WILLING_P1", nic::ParamState::not_applied_after_reset, "False",
                         "True(1)", "False(0)")};
    d.versions = {{"firmware version", "22.36.1010", {"22.39.1002"}}};
    r.devices.push_back(d);
    nic::DeviceFirmware unread;
    unread.target = {"0000:09:00.0", "mlx5_core", ""};
    unread.family = "connectx";
    unread.unknowns = {"no devlink instance pci/0000:09:00.0"};
    r.devices.push_back(unread);
    std::vector<rocecfg::doctor::Finding> f = rocecfg::doctor::firmware_findings(r, "p.toml");
    REQUIRE(f.size() == 6);
    CHECK(f[0].severity == rocecfg::doctor::Severity::problem);
    CHECK(f[0].seen ==
          "0000:08:00.0: firmware parameters differ from the profile at the next boot: "
          "LLDP_NB_DCBX_P1 (want False, current True(1), next boot True(1))");
    CHECK(f[0].fix ==
          "rocecfg apply p.toml --firmware (writes next-boot values), then a NIC firmware reset in "
          "a maintenance window");
    CHECK(f[1].seen ==
          "0000:08:00.0: reset pending: next boot holds the profile's value, the NIC still runs "
          "another: CNP_802P_PRIO_P1 (want 6, current 3, next boot 6)");
    CHECK(f[1].fix ==
          "reset the NIC in a maintenance window: a cold boot, or `mlxfwreset -d 0000:08:00.0 "
          "reset` (rocecfg never resets or reboots)");
    CHECK(f[2].seen ==
          "0000:08:00.0: not applied after reboot: rocecfg wrote these before the host last "
          "booted, the NIC still runs other values: DCBX_WILLING_P1 (want False, current True(1), "
          "next boot False(0))");
    CHECK(f[2].why.find("a warm reboot may keep the NIC firmware running") == 0);
    CHECK(f[3].seen ==
          "0000:08:00.0: firmware version 22.36.1010 is not qualified (profile: 22.39.1002)");
    CHECK(f[3].fix ==
          "flash a qualified firmware (mlxfwmanager, or flint), or qualify this one and add it to "
          "[firmware.connectx] in p.toml");
    CHECK(f[4].severity == rocecfg::doctor::Severity::info);
    CHECK(f[4].seen == "0000:09:00.0: not checked: no devlink instance pci/0000:09:00.0");
    CHECK(f[5].severity == rocecfg::doctor::Severity::ok);
    CHECK(f[5].seen == "1 firmware parameters as the profile says");
    CHECK(rocecfg::doctor::doctor_exit_code(f) == 1);
  }

  TEST_CASE("no NIC to read is said, never passed as ok") {
    std::vector<rocecfg::doctor::Finding> f =
        rocecfg::doctor::firmware_findings(rocecfg::nic::FirmwareReport{}, "p.toml");
    REQUIRE(f.size() == 1);
    CHECK(f[0].severity == rocecfg::doctor::Severity::info);
    CHECK(f[0].seen ==
          "the profile has [firmware] but no RoCE netdev here sits on a PCI function: no NIC "
          "firmware read");
  }
}
