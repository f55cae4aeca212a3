// Huawei CloudEngine LLDP neighbours: `display lldp neighbor brief`, one
// table for the whole switch under a rule of dashes:
//   Local Interface   Exptime(s) Neighbor Interface   Neighbor Device
//   -------------------------------------------------------------------
//   100GE1/0/1        96         10GE1/0/1            HUAWEI
// Local Interface is this switch's port as its config names it, Neighbor
// Interface the neighbour's port ID, Neighbor Device its system name, Exptime
// the seconds until the entry ages out. The command's output table also names
// the columns "Local Intf", "Neighbor Dev", "Neighbor Intf" and "Exptime
// (sec)" (other releases), so the columns are found by their names and taken
// in the header's order.
// Pitfalls: header names are one space apart ("Exptime(s) Neighbor
// Interface"), so the header is not split on runs of spaces; the rows do not
// line up under the header, so they are split into words. Every column but
// the device is one word (interface names, seconds); a device name with
// spaces is the words left over.
// Source: the CE6800 V300R023C00 command reference, "display lldp neighbor
// brief" (example and Table 1), in WheaterW/INTA-project
// @9308062d7ec56ac434ae2df6f1c140d8d4440f17 nassim-main/corpus/hw/
// hw_CE6800_V300R023C00/cmd_corpus/References/Command_Reference/
// Command_Reference/System_Management/LLDP_Configuration_Commands/
// display_lldp_neighbor_brief.md.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "switch/command_table_reader.h"
#include "switch/counter_text.h"
#include "switch/counters.h"
#include "switch/lldp.h"

namespace rocecfg::sw::huawei_ce {
namespace {

enum Column : size_t { kLocal, kExptime, kPort, kDevice };

// Each column's names, longest first ("Local Interface" before "Local Intf").
constexpr std::array<std::array<std::string_view, 3>, 4> kNames = {{
    {"Local Interface", "Local Intf", ""},
    {"Exptime(s)", "Exptime (sec)", "Exptime"},
    {"Neighbor Interface", "Neighbor Intf", ""},
    {"Neighbor Device", "Neighbor Dev", ""},
}};

// The columns in the order the header prints them; empty when `line` is not
// the header (a column missing).
std::vector<Column> header_order(std::string_view line) {
  std::vector<std::pair<size_t, Column>> at;
  for (size_t c = 0; c < kNames.size(); ++c) {
    size_t pos = std::string_view::npos;
    for (std::string_view name : kNames[c])
      if (!name.empty() && (pos = line.find(name)) != std::string_view::npos) break;
    if (pos == std::string_view::npos) return {};
    at.emplace_back(pos, static_cast<Column>(c));
  }
  std::sort(at.begin(), at.end());
  std::vector<Column> order;
  for (const auto& [pos, c] : at) order.push_back(c);
  return order;
}

class HuaweiLldp final : public LldpReader {
 public:
  std::vector<std::string> commands(const std::vector<std::string>&) const override {
    return {"display lldp neighbor brief"};
  }
  Result<std::vector<LldpNeighbor>> parse(const std::string&,
                                          std::string_view output) const override {
    std::vector<LldpNeighbor> out;
    std::vector<Column> order;
    for (std::string_view line : text_lines(output)) {
      std::vector<std::string> w = split_fields(line);
      if (w.empty()) continue;
      if (order.empty()) {
        order = header_order(line);
        continue;
      }
      if (w.size() == 1 && w[0].find_first_not_of('-') == std::string::npos) continue;  // rule
      if (w.size() < order.size())
        return fail(ErrorKind::invalid_input, "", fmt::format("short neighbour row '{}'", line));
      // The device column takes the words beyond one per column.
      size_t extra = w.size() - order.size();
      std::array<std::string, 4> cell;
      size_t i = 0;
      for (Column c : order) {
        size_t n = c == kDevice ? extra + 1 : 1;
        for (size_t k = 0; k < n; ++k) cell[c] += (k ? " " : "") + w[i + k];
        i += n;
      }
      if (!is_counter_number(cell[kExptime]))
        return fail(ErrorKind::invalid_input, "",
                    fmt::format("'{}': expiry '{}' is not seconds", line, cell[kExptime]));
      out.push_back({cell[kLocal], cell[kDevice], cell[kPort], ""});
    }
    // No neighbours: nothing, or the header alone.
    if (order.empty() && output.find_first_not_of(" \t\r\n") != std::string_view::npos)
      return fail(ErrorKind::invalid_input, "",
                  "no 'Local Interface ... Neighbor Interface ... Neighbor Device' header in the "
                  "output");
    return out;
  }
};

const bool registered =
    register_lldp_reader("huawei-ce", [] { return std::unique_ptr<LldpReader>(new HuaweiLldp()); });

}  // namespace
}  // namespace rocecfg::sw::huawei_ce
