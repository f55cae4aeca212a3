// The switch vendors rocecfg knows, by the id an inventory's `vendor = "..."`
// and `--vendor` use. One list: the inventory loader accepts exactly these,
// the CLI help names them, and vendors/switch registers one adapter and one
// counter reader for each (tests/switch/vendor_list_test.cpp checks both
// registries against it, so a vendor cannot be half added).
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace rocecfg::model {

inline constexpr std::array<std::string_view, 7> kSwitchVendors{
    "cumulus", "sonic", "eos", "nxos", "huawei-ce", "h3c", "junos"};

// "cumulus, sonic, eos, nxos, huawei-ce, h3c, junos", for help and error text.
std::string switch_vendor_list();

// The vendor id a name not in the list most likely means, or "": the id in
// another case ("EOS"), or a name people call the platform by ("arista",
// "nvue", "cisco", "nx-os", "cloudengine", "comware").
std::string vendor_guess(std::string_view name);

// The one text for a vendor name rocecfg does not know, for every --vendor
// and the inventory: `unknown vendor "arista" (did you mean "eos"?; known: ...)`.
std::string unknown_vendor_text(std::string_view name);

}  // namespace rocecfg::model
