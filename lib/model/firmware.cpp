#include "model/firmware.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace rocecfg::model {

namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return (x | 0x20) == (y | 0x20);
         });
}

std::optional<uint64_t> to_number(std::string_view s) {
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s.remove_prefix(2);
    base = 16;
  }
  uint64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

// ConnectX: mlx5_core; NV config in the NIC's flash, read and set with
// mstconfig (Debian's mstflint) or mlxconfig (NVIDIA MFT). Broadcom:
// bnxt_en exposes its NVM settings as devlink parameters (enable_roce,
// msix_vec_per_pf_max, ...; Documentation/networking/devlink/bnxt.rst).
constexpr std::array<FirmwareFamily, 2> kFamilies{{
    {"connectx", "mlx5_core", true, "NVIDIA ConnectX (mlx5_core): mstconfig/mlxconfig NV config"},
    {"bnxt", "bnxt_en", false, "Broadcom NetXtreme (bnxt_en): devlink parameters"},
}};

}  // namespace

std::string FirmwareValue::text() const {
  switch (kind) {
    case Kind::number:
      return std::to_string(number);
    case Kind::boolean:
      return boolean ? "True" : "False";
    case Kind::name:
      break;
  }
  return name;
}

FirmwareReading parse_firmware_reading(std::string_view text) {
  FirmwareReading r;
  if (text.empty() || text == "N/A") return r;
  r.text = std::string(text);
  // "ETH(2)", "False(0)": the name, then the number in parentheses
  // (mstflint mlxconfig/mlxcfg_ui.cpp printValue).
  size_t open = text.rfind('(');
  if (open != std::string_view::npos && open > 0 && text.back() == ')') {
    if (auto n = to_number(text.substr(open + 1, text.size() - open - 2))) {
      r.name = std::string(text.substr(0, open));
      r.number = n;
      return r;
    }
  }
  if (auto n = to_number(text)) {
    r.number = n;
    return r;
  }
  r.name = std::string(text);
  if (iequals(text, "true")) r.number = 1;
  if (iequals(text, "false")) r.number = 0;
  return r;
}

bool firmware_value_matches(const FirmwareValue& want, const FirmwareReading& got) {
  if (!got.known()) return false;
  switch (want.kind) {
    case FirmwareValue::Kind::number:
      return got.number == want.number;
    case FirmwareValue::Kind::boolean:
      return got.number == (want.boolean ? 1u : 0u);
    case FirmwareValue::Kind::name:
      return iequals(got.name, want.name) || iequals(got.text, want.name);
  }
  return false;
}

std::span<const FirmwareFamily> firmware_families() {
  return kFamilies;
}

const FirmwareFamily* firmware_family(std::string_view name) {
  for (const FirmwareFamily& f : kFamilies)
    if (f.name == name) return &f;
  return nullptr;
}

const FirmwareFamily* firmware_family_of_driver(std::string_view driver) {
  for (const FirmwareFamily& f : kFamilies)
    if (f.driver == driver) return &f;
  return nullptr;
}

}  // namespace rocecfg::model
