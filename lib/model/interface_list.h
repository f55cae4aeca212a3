// Interface names and ranges as inventories and vendor configs spell them.
// One grammar for every vendor: a name is a prefix followed by numbers
// separated by `/` ("swp7", "Ethernet1/1", "100GE1/0/1"); a range varies the
// last number ("swp1-32", "Ethernet1/1-4", and the long form "swp1-swp4" of
// Cumulus traffic.conf), optionally in steps ("Ethernet0-124/4" = Ethernet0,
// Ethernet4, ... Ethernet124); lists are comma-separated ("swp1-4,swp9").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace rocecfg::model {

// Expand one comma list. Every resulting name passes check_interface();
// reversed or overlong (> 4096 ports) ranges are errors.
Result<std::vector<std::string>> expand_interface_list(std::string_view list);

// Expand several lists, keeping first-seen order and dropping duplicates.
Result<std::vector<std::string>> expand_interface_lists(const std::vector<std::string>& lists);

// The inverse, for compact commands: consecutive names with the same prefix
// become "swp1-4"; the result is comma-joined ("swp1-4,swp9"). Names that do
// not end in a number are kept as they are.
std::string compress_interfaces(const std::vector<std::string>& names);

// Natural order: "swp2" < "swp10", "Ethernet1/2" < "Ethernet1/10".
bool interface_less(std::string_view a, std::string_view b);

}  // namespace rocecfg::model
