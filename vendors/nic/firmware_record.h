// What `apply --firmware` wrote, kept so a later audit can tell "a reset is
// pending" from "a reset happened and the value still did not take effect".
// NV config has no history of its own: mstconfig shows next-boot and current
// values, not when the next-boot value was set, and a host reboot is not
// always a NIC firmware reset (a warm reboot keeps the firmware running on
// many servers; mlxfwreset or a cold boot reloads it). So rocecfg records
// (device, parameter, value, time written) in its state directory
// (plan::state_dir(), firmware-writes.json) and compares the time with the
// host's boot time (/proc/stat btime).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "core/result.h"
#include "host/fs_root.h"

namespace rocecfg::nic {

struct FirmwareWrite {
  std::string value;  // as given to the tool
  int64_t written_unix_s = 0;
};

// pci -> parameter -> last write
using FirmwareWrites = std::map<std::string, std::map<std::string, FirmwareWrite>>;

inline constexpr const char* kFirmwareWritesFile = "firmware-writes.json";

// An absent file is no writes; an unreadable or malformed one is an error
// (the audit then says it cannot tell pending from not-applied).
Result<FirmwareWrites> read_firmware_writes(const std::string& state_dir);
Status record_firmware_writes(const std::string& state_dir, const FirmwareWrites& writes);

// The host's boot time (btime in /proc/stat), seconds since the epoch.
Result<int64_t> host_boot_time_s(const host::FsRoot& fs);

}  // namespace rocecfg::nic
