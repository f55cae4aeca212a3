// The NIC firmware layer's intent and readings: non-volatile firmware
// parameters (ConnectX NV config, read and written with mstconfig/mlxconfig,
// effective after a reset), devlink device parameters, and the qualified
// firmware versions and PSIDs per NIC family. A profile states them in
// [firmware.<family>] (profiles/README.md); lib/host and vendors/nic read
// them from the device and compare with firmware_value_matches(), the one
// rule for "does this reading equal that intent".
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rocecfg::model {

// A parameter's value as a profile states it: a number (mstconfig values are
// 32-bit), a boolean (mstconfig prints True(1)/False(0), devlink true/false)
// or an enum name ("ETH", as mstconfig prints ETH(2)).
struct FirmwareValue {
  enum class Kind { number, boolean, name };
  Kind kind = Kind::number;
  uint64_t number = 0;
  bool boolean = false;
  std::string name;
  // How reports print it and what `mstconfig set` is given: "255", "True", "ETH".
  std::string text() const;
  bool operator==(const FirmwareValue&) const = default;
};

// A value as a tool printed it: "False(0)" has the name False and the number 0,
// "255" only a number, "Array[0..7]" only a name. An empty reading ("N/A",
// or a column the tool did not show) is unknown, never equal to anything.
struct FirmwareReading {
  std::string text;
  std::optional<uint64_t> number;
  std::string name;
  bool known() const { return !text.empty(); }
};

// Splits a printed value into name and number ("ETH(2)", "255", "0x1f", "True").
FirmwareReading parse_firmware_reading(std::string_view text);

// The one comparison rule: numbers by number, booleans by 0/1 or
// true/false, names by name (case-insensitive, as mstconfig takes them).
bool firmware_value_matches(const FirmwareValue& want, const FirmwareReading& got);

struct FirmwareFamilyIntent {
  std::map<std::string, FirmwareValue> params;          // NV config (mstconfig names)
  std::map<std::string, FirmwareValue> devlink_params;  // devlink device parameters
  std::vector<std::string> versions;  // qualified running firmware versions; empty: any
  std::vector<std::string> psids;     // qualified PSIDs (board IDs); empty: any
  bool operator==(const FirmwareFamilyIntent&) const = default;
};

struct FirmwareIntent {
  std::map<std::string, FirmwareFamilyIntent> families;  // by family name ("connectx")
  bool declared() const { return !families.empty(); }
  bool operator==(const FirmwareIntent&) const = default;
};

// NIC families the firmware layer knows: the netdev driver that identifies
// one, and whether its NV config is read with mstconfig/mlxconfig.
struct FirmwareFamily {
  std::string_view name;
  std::string_view driver;
  bool nv_config_tool;  // mstconfig / mlxconfig (ConnectX)
  std::string_view what;
};
std::span<const FirmwareFamily> firmware_families();
const FirmwareFamily* firmware_family(std::string_view name);
const FirmwareFamily* firmware_family_of_driver(std::string_view driver);

}  // namespace rocecfg::model
