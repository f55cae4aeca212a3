// Who owns a NIC's PFC/ETS (host/qos_owner.h): the dcbnl DCBX mode bits as
// the kernel reports them (linux/dcbnl.h DCB_CAP_DCBX_*), a running lldpad,
// the firmware's willing bit (unknown until the firmware layer reads it),
// against the profile's [dcbx] owner. Exact findings.
#include <doctest/doctest.h>
#include <linux/dcbnl.h>

#include "fs_tree.h"
#include "host/lldp.h"
#include "host/qos_owner.h"

using namespace rocecfg;

namespace {

std::vector<std::string> owner_lines(std::optional<model::QosOwner> intended,
                                     const host::QosOwnership& o) {
  std::vector<std::string> out;
  for (const host::OwnerFinding& f : host::qos_owner_findings(intended, o))
    out.push_back(std::string(f.problem ? "PROBLEM "
                              : f.info  ? "info "
                                        : "warning ") +
                  f.seen + (f.fix.empty() ? "" : " | fix: " + f.fix));
  return out;
}

host::QosOwnership nic(std::optional<uint8_t> mode, std::optional<std::string> agent = {}) {
  return {"ens1f0np0", mode, mode ? "" : "interface does not support DCB",
          agent,       {},   host::firmware_dcbx_unknown("ens1f0np0")};
}

constexpr uint8_t kHostIeee = DCB_CAP_DCBX_HOST | DCB_CAP_DCBX_VER_IEEE;           // 0x09
constexpr uint8_t kFirmwareCee = DCB_CAP_DCBX_LLD_MANAGED | DCB_CAP_DCBX_VER_CEE;  // 0x06
const std::string kFwUnknown =
    "info ens1f0np0: firmware DCBX willing unknown (the NIC firmware parameters were not "
    "read)";

}  // namespace

TEST_SUITE("host.qos_owner") {
  TEST_CASE("DCBX mode bits in words") {
    CHECK(host::dcbx_mode_text(kHostIeee) == "host-managed, IEEE (0x09)");
    CHECK(host::dcbx_mode_text(kFirmwareCee) == "LLD-managed (NIC firmware), CEE (0x06)");
    CHECK(host::dcbx_mode_text(DCB_CAP_DCBX_HOST | DCB_CAP_DCBX_VER_CEE | DCB_CAP_DCBX_VER_IEEE) ==
          "host-managed, IEEE+CEE (0x0d)");
    CHECK(host::dcbx_mode_text(DCB_CAP_DCBX_STATIC | DCB_CAP_DCBX_VER_IEEE) ==
          "IEEE, static (0x18)");
    CHECK(host::dcbx_mode_text(0) == "0x00 (no mode)");
  }

  TEST_CASE("host-owned and host-managed without an agent: as intended, firmware unknown") {
    CHECK(owner_lines(model::QosOwner::host, nic(kHostIeee)) ==
          std::vector<std::string>{"info ens1f0np0: PFC/ETS owned by the host as the profile "
                                   "says (dcbx host-managed, IEEE (0x09), no lldpad)",
                                   kFwUnknown});
    CHECK(owner_lines(std::nullopt, nic(kHostIeee)).front() ==
          "info ens1f0np0: PFC/ETS owned by the host (no [dcbx] owner: rocecfg writes them) "
          "(dcbx host-managed, IEEE (0x09), no lldpad)");
  }

  TEST_CASE("host-owned but the firmware or lldpad can override: problems with the fix") {
    CHECK(owner_lines(model::QosOwner::host, nic(kFirmwareCee, "lldpad (pid 812)")) ==
          std::vector<std::string>{
              "PROBLEM ens1f0np0: DCBX LLD-managed (NIC firmware), CEE (0x06): the NIC firmware "
              "negotiates with the switch, while the profile says the host owns PFC/ETS | fix: "
              "turn the firmware agent off (ice: `ethtool --set-priv-flags ens1f0np0 "
              "fw-lldp-agent off`; ConnectX: `mstconfig -d PCI set LLDP_NB_DCBX_P1=0` and a "
              "reset), or [dcbx] owner = \"switch\"",
              "PROBLEM ens1f0np0: lldpad (pid 812) runs on this host and negotiates DCBX, while "
              "the profile says the host owns PFC/ETS through rocecfg | fix: `lldptool -T -i "
              "ens1f0np0 -V PFC enableTx=no` and `-V ETS-CFG willing=no`, or `systemctl "
              "disable --now lldpad` (lldpd does LLDP without DCBX)",
              kFwUnknown});
    host::QosOwnership willing = nic(kHostIeee);
    willing.firmware = {true, "mstconfig: DCBX_WILLING_P1 True(1)"};
    CHECK(owner_lines(model::QosOwner::host, willing) ==
          std::vector<std::string>{
              "PROBLEM ens1f0np0: firmware DCBX is willing (mstconfig: DCBX_WILLING_P1 True(1)) "
              "| fix: set the firmware's DCBX willing bit off (next boot), or [dcbx] owner = "
              "\"switch\""});
  }

  TEST_CASE("switch-owned: nothing negotiating is a warning; the firmware agent is as intended") {
    CHECK(owner_lines(model::QosOwner::switch_, nic(kHostIeee)) ==
          std::vector<std::string>{
              "warning ens1f0np0: the profile says the switch owns PFC/ETS, but nothing on this "
              "NIC negotiates DCBX (dcbx host-managed, IEEE (0x09), no lldpad, firmware willing "
              "unknown) | fix: enable DCBX on the NIC (firmware agent or lldpad willing), or "
              "[dcbx] owner = \"host\"",
              kFwUnknown});
    CHECK(owner_lines(model::QosOwner::switch_, nic(kFirmwareCee)) ==
          std::vector<std::string>{"info ens1f0np0: PFC/ETS owned by the switch as the profile "
                                   "says (dcbx LLD-managed (NIC firmware), CEE (0x06), no "
                                   "lldpad)",
                                   kFwUnknown});
  }
}

TEST_SUITE("host.qos_owner lldpad") {
  TEST_CASE("lldpad's adminStatus per NIC decides whether it takes the switch's DCBX there") {
    host::QosOwnership quiet = nic(kHostIeee, "lldpad (pid 812)");
    quiet.agent_admin_status = "tx";
    CHECK(owner_lines(model::QosOwner::host, quiet) ==
          std::vector<std::string>{
              "info ens1f0np0: lldpad (pid 812) runs but does not receive LLDP here "
              "(adminStatus tx): it takes no DCBX from the switch on this NIC",
              kFwUnknown});
    host::QosOwnership rx = nic(kHostIeee, "lldpad (pid 812)");
    rx.agent_admin_status = "rxtx";
    CHECK(owner_lines(model::QosOwner::host, rx)
              .front()
              .starts_with(
                  "PROBLEM ens1f0np0: lldpad (pid 812) runs on this host and negotiates DCBX "
                  "(adminStatus "
                  "rxtx), while the profile says the host owns PFC/ETS through rocecfg | fix: "));
  }

  TEST_CASE("agents from /proc: lldpad, lldpd, and a zombie that runs nothing") {
    test::FsTree t;
    t.line("/proc/1/comm", "systemd");
    t.line("/proc/812/comm", "lldpad");
    t.line("/proc/812/stat", "812 (lldpad) S 1 812 812 0 -1 4194560");
    t.line("/proc/900/comm", "lldpd");
    t.line("/proc/900/stat", "900 (lldpd) Z 1 900 900 0 -1 4227340");
    t.line("/proc/901/comm", "lldpd");
    t.line("/proc/901/stat", "901 (lldpd) S 1 900 900 0 -1 4194560");
    host::FsRoot fs(t.root());
    CHECK(host::running_dcbx_agent(fs) == "lldpad (pid 812)");
    CHECK(host::running_lldpd(fs) == "lldpd (pid 901)");
    t.line("/proc/812/stat", "812 (lldpad) Z 1 812 812 0 -1 4227340");
    CHECK_FALSE(host::running_dcbx_agent(fs));
  }

  TEST_CASE("lldptool's output, as openlldp prints it") {
    CHECK(host::parse_lldptool_admin_status("adminStatus=rxtx\n", "la0") == "rxtx");
    CHECK(host::parse_lldptool_admin_status("adminStatus=disabled\n", "la0") == "disabled");
    CHECK(host::parse_lldptool_admin_status("Device not found or inactive \n", "la0")
              .error()
              .to_string() ==
          "la0: lldptool gave no adminStatus: Device not found or inactive \\n");
    CHECK(host::parse_lldptool_admin_status("", "la0").error().to_string() ==
          "la0: lldptool gave no adminStatus");
  }
}
