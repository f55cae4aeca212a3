// The NIC firmware layer of `audit` and `apply` (issue 34): below the runtime
// QoS knobs, each NIC's non-volatile firmware parameters (ConnectX NV config
// through mstconfig/mlxconfig), its devlink parameters, and its firmware
// version and PSID against the profile's [firmware.<family>].
//
// States of one NV parameter with intended value W, current value C (in
// effect now) and next-boot value N (in effect after the next firmware reset):
//   in sync                   C = W and N = W
//   drift                     N != W: the next reset will not bring W either
//                             (whatever C is); apply --firmware sets N = W
//   pending reset             N = W, C != W, and rocecfg has no record of
//                             writing W before this host booted: a firmware
//                             reset (cold boot, mlxfwreset) is still to come
//   not applied after reset   N = W, C != W, and rocecfg wrote W before the
//                             host's current boot (nic/firmware_record.h):
//                             the host rebooted and the value still is not in
//                             effect; a warm reboot may keep the NIC firmware
//                             running, so a cold boot or mlxfwreset is needed
//   unknown                   C or N could not be read
//   unsupported               the device lists no such parameter
// Every state but in sync and unsupported is exit 1 (the NIC does not run the
// profile); unknown is 4; a tool that failed is 3; unsupported is a warning
// (--strict: 1). rocecfg writes next-boot values only, and only with
// `apply --firmware`; it never resets a NIC or reboots a host.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "host/devlink.h"
#include "model/firmware.h"
#include "nic/firmware_record.h"
#include "nic/mstconfig_query.h"

namespace rocecfg::nic {

struct FirmwareTarget {
  std::string pci;     // "0000:08:00.0"
  std::string driver;  // from sysfs; empty when no driver is bound (or not readable)
  std::string netdev;  // empty for a --pci target
};

enum class ParamState {
  in_sync,
  drift,
  pending_reset,
  not_applied_after_reset,
  unknown,
  unsupported
};
const char* to_string(ParamState s);

struct ParamFinding {
  std::string name;
  bool devlink = false;  // a devlink parameter (else NV config)
  ParamState state = ParamState::unknown;
  std::string want;
  std::string default_value, current, next_boot;  // as the tool printed them; empty: not read
  std::string devlink_cmode;                      // devlink: the mode the value was read in
  std::optional<int64_t> written_unix_s;          // rocecfg's last write of `want`
  bool written_now = false;                       // apply --firmware wrote it in this run
};

struct VersionFinding {
  std::string what;   // "firmware version", "PSID"
  std::string found;  // empty: not read
  std::vector<std::string> qualified;
  bool ok() const;
};

struct DeviceFirmware {
  FirmwareTarget target;
  std::string family;       // "connectx"; empty: unknown
  std::string device_type;  // mstconfig's "Device type:" ("ConnectX6DX")
  std::vector<ParamFinding> params;
  std::vector<VersionFinding> versions;
  std::vector<std::string> errors;    // could not read / write (exit 3)
  std::vector<std::string> unknowns;  // could not evaluate (exit 4)
  bool reset_required() const;        // a parameter waits for a firmware reset
};

struct FirmwareOptions {
  bool write = false;   // apply --firmware
  bool strict = false;  // unsupported parameters are drift
  std::string state_dir;
  std::string tool;         // "mstconfig"/"mlxconfig"; empty: none on PATH
  int64_t boot_time_s = 0;  // 0: unknown (no "not applied after reset" verdict)
  int64_t now_unix_s = 0;
};

struct FirmwareReport {
  std::vector<DeviceFirmware> devices;
  bool write = false;
  std::string tool;
  int exit_code = 0;
  std::string record_error;  // the write record could not be read or written
};

// The judgement of one device from what was read (no I/O): tests give it
// readings by hand. `nv` is null when the family has no NV tool or none was
// run; `dl` null when devlink has no instance for the device.
DeviceFirmware judge_device(const FirmwareTarget& target, const std::string& family,
                            const model::FirmwareFamilyIntent& intent, const Result<NvQuery>* nv,
                            const host::DevlinkDevice* dl, const FirmwareWrites& writes,
                            const FirmwareOptions& options);

// Reads every target (NV config of all devices at once, devlink once), with
// --firmware writes the next-boot values that differ, reads them back and
// records them; judges; sets the exit code.
FirmwareReport run_firmware(const model::FirmwareIntent& intent,
                            const std::vector<FirmwareTarget>& targets,
                            const FirmwareOptions& options);

// Text (stable wording; tests pin it) and JSON ("firmware" in the payload).
std::string render_firmware_text(const FirmwareReport& r, bool apply);
nlohmann::json to_json(const FirmwareReport& r);

}  // namespace rocecfg::nic
