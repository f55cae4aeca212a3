// Arista EOS LLDP neighbours: `show lldp neighbors | json` (eAPI JSON):
//   {"tablesDrops": 0, "tablesAgeOuts": 0, "tablesDeletes": 1, "tablesInserts": 13,
//    "lldpNeighbors": [{"neighborDevice": "eos-spine2.ntc.com",
//                       "neighborPort": "Ethernet1", "port": "Ethernet1", "ttl": 120}]}
// port is this switch's interface, neighborDevice the neighbour's system
// name (its chassis ID when it sends no name), neighborPort its port ID.
// Source: the eAPI response of `show lldp neighbors` printed in "Network
// Programmability and Automation", 2nd ed. (O'Reilly 2023), ch. 10, Example
// 10-27; the same keys are read by aristanetworks/avd's and ANTA's LLDP
// topology checks.
#include <nlohmann/json.hpp>

#include "switch/lldp.h"

namespace rocecfg::sw::eos {
namespace {

class EosLldp final : public LldpReader {
 public:
  std::vector<std::string> commands(const std::vector<std::string>&) const override {
    return {"show lldp neighbors | json"};
  }
  Result<std::vector<LldpNeighbor>> parse(const std::string&,
                                          std::string_view output) const override {
    nlohmann::json j = nlohmann::json::parse(output.begin(), output.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("lldpNeighbors") ||
        !j["lldpNeighbors"].is_array())
      return fail(ErrorKind::invalid_input, "", "no lldpNeighbors list in the output");
    std::vector<LldpNeighbor> out;
    for (const nlohmann::json& n : j["lldpNeighbors"]) {
      if (!n.is_object() || !n.contains("port") || !n["port"].is_string())
        return fail(ErrorKind::invalid_input, "", "an lldpNeighbors entry without its port");
      std::string device = n.value("neighborDevice", "");
      out.push_back({n["port"].get<std::string>(), device, n.value("neighborPort", ""), device});
    }
    return out;
  }
};

const bool registered =
    register_lldp_reader("eos", [] { return std::unique_ptr<LldpReader>(new EosLldp()); });

}  // namespace
}  // namespace rocecfg::sw::eos
