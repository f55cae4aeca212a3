#include "model/vendors.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include <fmt/format.h>

namespace rocecfg::model {

std::string switch_vendor_list() {
  std::string out;
  for (std::string_view v : kSwitchVendors) {
    if (!out.empty()) out += ", ";
    out += v;
  }
  return out;
}

std::string vendor_guess(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (std::string_view v : kSwitchVendors)
    if (lower == v) return std::string(v);
  // What operators call each platform (the vendors' product names).
  static constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
      {"arista", "eos"},       {"arista-eos", "eos"},
      {"nvue", "cumulus"},     {"cumulus-linux", "cumulus"},
      {"nvidia", "cumulus"},   {"cisco", "nxos"},
      {"nx-os", "nxos"},       {"nexus", "nxos"},
      {"huawei", "huawei-ce"}, {"cloudengine", "huawei-ce"},
      {"ce", "huawei-ce"},     {"comware", "h3c"},
      {"sonic-os", "sonic"},   {"juniper", "junos"},
      {"junos-evo", "junos"},
  };
  for (const auto& [alias, id] : kAliases)
    if (lower == alias) return std::string(id);
  return "";
}

std::string unknown_vendor_text(std::string_view name) {
  std::string guess = vendor_guess(name);
  return fmt::format("unknown vendor \"{}\" ({}known: {})", name,
                     guess.empty() ? "" : fmt::format("did you mean \"{}\"?; ", guess),
                     switch_vendor_list());
}

}  // namespace rocecfg::model
