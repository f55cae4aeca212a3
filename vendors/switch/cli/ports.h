// Interface names and number lists as CLI switches spell them. Each vendor
// passes its own name grammar; the range logic is shared:
//   "Ethernet1/1-4"           -> Ethernet1/1 .. Ethernet1/4 (EOS, NX-OS)
//   "100GE1/0/1 to 100GE1/0/4" and "100GE1/0/1-4" (Huawei, H3C)
//   "3-4", "3,4", "0 to 3", "0 2 to 3" for priority and queue lists.
#pragma once

#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace rocecfg::sw::cli {

// Expand ranges into single names, each checked against `single` (a full
// match) and lib/switch's interface grammar. Duplicates are refused: a port
// listed twice is an inventory mistake worth hearing about.
Result<std::vector<std::string>> expand_ports(const std::vector<std::string>& ranges,
                                              const std::regex& single);

// Is `name` a single port or a range of them in this grammar?
bool valid_port_or_range(std::string_view name, const std::regex& single);

// Group names into contiguous runs on their last number, in input order of
// first appearance: {Ethernet1/1, Ethernet1/2, Ethernet1/4} ->
// {{"Ethernet1/1", 2}, {"Ethernet1/4", 1}} (first name, run length).
struct PortRun {
  std::string first;
  std::string last;
  size_t count = 0;
};
std::vector<PortRun> port_runs(const std::vector<std::string>& ports);

// "3", "3-4", "0,3", "0 to 3", "0 2 to 3" -> sorted, unique numbers <= max.
Result<std::vector<unsigned>> parse_number_list(std::string_view text, unsigned max);

// The last run of digits in a port name and what precedes it.
struct PortName {
  std::string prefix;
  unsigned index = 0;
};
std::optional<PortName> split_port(std::string_view name);

}  // namespace rocecfg::sw::cli
