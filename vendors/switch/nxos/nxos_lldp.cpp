// Cisco NX-OS LLDP neighbours: `show lldp neighbors | json` (NX-API):
//   {"neigh_hdr": "neigh_hdr", "TABLE_nbor": {"ROW_nbor": [
//     {"chassis_type": "7", "chassis_id": "bb_203", "l_port_id": "Eth1/1", "ttl": "120",
//      "system_capability": "BR", "enabled_capability": "BR", "port_type": "5",
//      "port_id": "Ethernet1/3", ...}]}}
// In this brief form chassis_id carries the text form's "Device ID" (the
// neighbour's system name, or its chassis ID when it sends none), l_port_id
// this switch's port in the abbreviated form the text table prints
// ("Eth1/1" for Ethernet1/1), port_id the neighbour's port ID. One
// neighbour is an object, several an array (the TABLE/ROW convention).
// Source: allenrobel/nxapi-netbox (Allen Robel, Cisco) lib/nxapi/nxapi_lldp.py
// @f6aa64e4d30bdda2c9f1aa0e87f482ba57af3637 (the JSON above and its keys).
#include <nlohmann/json.hpp>

#include "switch/lldp.h"

namespace rocecfg::sw::nxos {
namespace {

using nlohmann::json;

// "Eth1/1" -> "Ethernet1/1": the inventory and the config spell it out.
std::string full_port(std::string p) {
  if (p.starts_with("Eth") && !p.starts_with("Ethernet")) return "Ethernet" + p.substr(3);
  return p;
}

class NxosLldp final : public LldpReader {
 public:
  std::vector<std::string> commands(const std::vector<std::string>&) const override {
    return {"show lldp neighbors | json"};
  }
  Result<std::vector<LldpNeighbor>> parse(const std::string&,
                                          std::string_view output) const override {
    std::vector<LldpNeighbor> out;
    if (output.find_first_not_of(" \t\r\n") == std::string_view::npos) return out;  // none
    json j = json::parse(output.begin(), output.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
      return fail(ErrorKind::invalid_input, "", "output is not a JSON object");
    auto t = j.find("TABLE_nbor");
    if (t == j.end() || !t->is_object() || !t->contains("ROW_nbor"))
      return fail(ErrorKind::invalid_input, "", "no TABLE_nbor/ROW_nbor in the output");
    const json& rows = (*t)["ROW_nbor"];
    std::vector<const json*> list;
    if (rows.is_object()) list.push_back(&rows);
    if (rows.is_array())
      for (const json& r : rows) list.push_back(&r);
    for (const json* r : list) {
      if (!r->is_object() || !r->contains("l_port_id") || !(*r)["l_port_id"].is_string())
        return fail(ErrorKind::invalid_input, "", "a ROW_nbor without l_port_id");
      std::string id = r->value("chassis_id", "");
      out.push_back(
          {full_port((*r)["l_port_id"].get<std::string>()), id, r->value("port_id", ""), id});
    }
    return out;
  }
};

const bool registered =
    register_lldp_reader("nxos", [] { return std::unique_ptr<LldpReader>(new NxosLldp()); });

}  // namespace
}  // namespace rocecfg::sw::nxos
