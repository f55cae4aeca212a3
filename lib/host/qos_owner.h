// Who can change a NIC's PFC/ETS besides rocecfg, per NIC, from three facts:
//   dcbnl DCBX mode  DCB_CMD_IEEE_GET's DCB_ATTR_DCBX bits (linux/dcbnl.h
//                    DCB_CAP_DCBX_*): LLD_MANAGED = the NIC firmware's LLDP
//                    agent negotiates DCBX and applies what the switch sends;
//                    HOST = a host agent may; VER_CEE / VER_IEEE = which DCBX;
//   host agent       a running lldpad (host/lldp.h): it negotiates DCBX on the
//                    ports it manages (lldpd does no DCBX and is no owner);
//   firmware DCBX    ConnectX NV settings (LLDP_NB_DCBX_Pn, DCBX_WILLING_Pn)
//                    read by the firmware layer (nic/firmware_dcbx.h, which
//                    this module cannot depend on: the callers pass it in).
// qos_owner_findings() compares them with the profile's [dcbx] owner.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/qos_owner.h"

namespace rocecfg::host {

// The firmware's DCBX willing bit, once the firmware layer reads it.
struct FirmwareDcbx {
  std::optional<bool> willing;  // unset: unknown
  std::string source;           // where it was read, or why it is unknown
};

// Where the firmware layer is not consulted (a caller without it, a test),
// the NIC's firmware DCBX is unknown, said as such.
FirmwareDcbx firmware_dcbx_unknown(const std::string& ifname);

struct QosOwnership {
  std::string ifname;
  std::optional<uint8_t> dcbx_mode;       // unset: not readable (see dcbx_error)
  std::string dcbx_error;                 // "interface does not support DCB", ...
  std::optional<std::string> host_agent;  // "lldpad (pid 812)"
  // lldpad's adminStatus on this NIC (`lldptool get-lldp -i IF adminStatus`):
  // "rx"/"rxtx" take the switch's advertisements, "tx"/"disabled" do not;
  // unset: unknown (lldptool absent or failed), taken as receiving.
  std::optional<std::string> agent_admin_status;
  FirmwareDcbx firmware;
};

// "host-managed, IEEE" / "LLD-managed (NIC firmware), CEE" / "0x00 (no mode)".
std::string dcbx_mode_text(uint8_t mode);

struct OwnerFinding {
  bool problem = false;  // false: a warning or a statement of fact
  bool info = false;     // a fact (the owner as intended, or unknown)
  std::string seen, why, fix;
};

// `intended` unset: the host (rocecfg writes PFC/ETS, so nothing else may).
std::vector<OwnerFinding> qos_owner_findings(std::optional<model::QosOwner> intended,
                                             const QosOwnership& o);

}  // namespace rocecfg::host
