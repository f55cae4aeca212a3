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

}  // namespace rocecfg::model
