// SONiC's LLDP neighbour table: `show lldp table` runs sonic-utilities'
// lldpshow, which prints lldpd's neighbours with python-tabulate's "simple"
// format under a "Capability codes" legend:
//   LocalPort  RemoteDevice  RemotePortID  Capability  RemotePortDescr
//   ---------  ------------  ------------  ----------  ---------------
//   Ethernet0  <neighbour>   Ethernet1/51  BR          <text with spaces>
// then a 50-dash rule and "Total entries displayed:  N". RemoteDevice is the
// neighbour's system name ('' when it sends none); RemotePortID its port ID
// (a host's lldpd sends the interface's MAC or name).
// Source: sonic-net/sonic-utilities scripts/lldpshow
// @b67b1bbc968f73d8af48e4e7fb1f1cb02daeb305 (docstring example and
// get_summary_output: header names, tabulate, the rule and total line).
#include <fmt/format.h>

#include "switch/counter_text.h"
#include "switch/lldp.h"

namespace rocecfg::sw::sonic {
namespace {

class SonicLldp final : public LldpReader {
 public:
  std::vector<std::string> commands(const std::vector<std::string>&) const override {
    return {"show lldp table"};
  }
  Result<std::vector<LldpNeighbor>> parse(const std::string&,
                                          std::string_view output) const override {
    for (const TextTable& t : parse_dashed_tables(output)) {
      int local = t.column("LocalPort"), device = t.column("RemoteDevice"),
          port = t.column("RemotePortID");
      if (local < 0 || device < 0 || port < 0) continue;
      std::vector<LldpNeighbor> out;
      for (const auto& row : t.rows) {
        const std::string& l = row[static_cast<size_t>(local)];
        if (!l.empty() && l.front() == '-') break;  // the closing rule, then the total
        if (l.empty()) continue;
        out.push_back({l, row[static_cast<size_t>(device)], row[static_cast<size_t>(port)], ""});
      }
      return out;
    }
    return fail(ErrorKind::invalid_input, "",
                "no 'LocalPort RemoteDevice RemotePortID' table in the output");
  }
};

const bool registered =
    register_lldp_reader("sonic", [] { return std::unique_ptr<LldpReader>(new SonicLldp()); });

}  // namespace
}  // namespace rocecfg::sw::sonic
