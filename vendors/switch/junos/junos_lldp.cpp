// Juniper Junos LLDP neighbours: `show lldp neighbors detail | display json`,
// Junos's JSON rendering of the RPC reply, where every leaf is a list of one
// object holding its text ({"data": "..."}):
//   {"lldp-neighbors-information": [{"lldp-neighbor-information": [
//     {"lldp-local-port-id": [{"data": "et-0/0/1"}],
//      "lldp-remote-chassis-id": [{"data": "0c:42:a1:00:00:01"}],
//      "lldp-remote-port-id": [{"data": "0c:42:a1:00:00:01"}],
//      "lldp-remote-port-description": [{"data": "ens1f0np0"}],
//      "lldp-remote-system-name": [{"data": "gpu001"}]}, ...]}]}
// This switch's port is lldp-local-port-id, or lldp-local-interface on
// releases that name it so (QFX); with no neighbour the inner list is absent.
// Source: netenglabs/suzieq suzieq/config/lldp.yml
// @023334037395496007519d00cb2dca718724afa8 (services junos-qfx and
// junos-mx: the command and every path read here); the same keys in the
// XML RPC reply are read by Juniper PyEZ examples
// (ktbyers/pynet-ons-jul17 day3/juniper_ex3.py).
#include <nlohmann/json.hpp>

#include "junos_json.h"

#include "switch/lldp.h"

namespace rocecfg::sw::junos {
namespace {

using nlohmann::json;

class JunosLldp final : public LldpReader {
 public:
  std::vector<std::string> commands(const std::vector<std::string>&) const override {
    return {"show lldp neighbors detail | display json"};
  }
  Result<std::vector<LldpNeighbor>> parse(const std::string&,
                                          std::string_view output) const override {
    json j = json::parse(output.begin(), output.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("lldp-neighbors-information") ||
        !j["lldp-neighbors-information"].is_array())
      return fail(ErrorKind::invalid_input, "", "no lldp-neighbors-information list in the output");
    std::vector<LldpNeighbor> out;
    for (const json& info : j["lldp-neighbors-information"]) {
      if (!info.is_object()) continue;
      auto list = info.find("lldp-neighbor-information");
      if (list == info.end()) continue;  // no neighbour
      if (!list->is_array())
        return fail(ErrorKind::invalid_input, "", "lldp-neighbor-information is not a list");
      for (const json& n : *list) {
        if (!n.is_object())
          return fail(ErrorKind::invalid_input, "", "a neighbour is not an object");
        std::string port = json_data(n, "lldp-local-port-id");
        if (port.empty()) port = json_data(n, "lldp-local-interface");
        if (port.empty())
          return fail(ErrorKind::invalid_input, "",
                      "a neighbour without lldp-local-port-id or lldp-local-interface");
        out.push_back({port, json_data(n, "lldp-remote-system-name"),
                       json_data(n, "lldp-remote-port-id"),
                       json_data(n, "lldp-remote-chassis-id")});
      }
    }
    return out;
  }
};

const bool registered =
    register_lldp_reader("junos", [] { return std::unique_ptr<LldpReader>(new JunosLldp()); });

}  // namespace
}  // namespace rocecfg::sw::junos
