// Cumulus Linux (NVUE) LLDP neighbours, one port at a time:
//   nv show interface <port> lldp neighbor
//   Neighbor  Remote IP     Model  SW Version  Remote Port
//   --------  ------------  -----  ----------  -----------
//   spine01   10.10.10.101                     swp1
// Neighbor is the neighbour's system name, Remote Port its port ID. A port
// with no neighbour prints no table.
// Source: CumulusNetworks/docs content/nvue-reference/Show-Commands/LLDP.md
// @afeda17eb5a6f4534181923cd9eae948af853820 ("nv show interface
// <interface-id> lldp neighbor", introduced in Cumulus Linux 5.1.0, example).
#include <fmt/format.h>

#include "switch/counter_text.h"
#include "switch/counters.h"
#include "switch/lldp.h"

namespace rocecfg::sw::cumulus {
namespace {

class CumulusLldp final : public LldpReader {
 public:
  std::vector<std::string> commands(const std::vector<std::string>& ports) const override {
    std::vector<std::string> out;
    for (const std::string& p : ports)
      out.push_back(fmt::format("nv show interface {} lldp neighbor", p));
    return out;
  }
  Result<std::vector<LldpNeighbor>> parse(const std::string& command,
                                          std::string_view output) const override {
    std::vector<std::string> words = split_fields(command);
    if (words.size() != 6)
      return fail(ErrorKind::invalid_input, "", "not an NVUE lldp neighbor command");
    const std::string& port = words[3];
    std::vector<LldpNeighbor> out;
    bool blank = output.find_first_not_of(" \t\r\n") == std::string_view::npos;
    for (const TextTable& t : parse_dashed_tables(output)) {
      int name = t.column("Neighbor"), remote = t.column("Remote Port");
      if (name < 0 || remote < 0) continue;
      for (const auto& row : t.rows)
        out.push_back({port, row[static_cast<size_t>(name)], row[static_cast<size_t>(remote)], ""});
      return out;
    }
    if (blank) return out;  // no neighbour on this port
    return fail(ErrorKind::invalid_input, "", "no 'Neighbor ... Remote Port' table in the output");
  }
};

const bool registered =
    register_lldp_reader("cumulus", [] { return std::unique_ptr<LldpReader>(new CumulusLldp()); });

}  // namespace
}  // namespace rocecfg::sw::cumulus
