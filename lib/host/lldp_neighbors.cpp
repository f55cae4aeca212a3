#include "host/lldp_neighbors.h"

#include <nlohmann/json.hpp>

namespace rocecfg::host {
namespace {

using nlohmann::json;

std::string text_of(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) return "";
  const json& v = j[key];
  return v.is_string() ? v.get<std::string>() : "";
}

// One interface's entry.
void read_interface(const std::string& name, const json& e, std::vector<LldpPeer>& out) {
  if (!e.is_object()) return;
  LldpPeer p;
  p.interface = name;
  if (e.contains("chassis") && e["chassis"].is_object()) {
    const json& c = e["chassis"];
    if (c.contains("id") && c["id"].is_object()) {
      p.chassis_id = text_of(c["id"], "value");  // no system name
    } else if (c.size() == 1 && c.begin().value().is_object()) {
      p.system_name = c.begin().key();
      if (c.begin().value().contains("id"))
        p.chassis_id = text_of(c.begin().value()["id"], "value");
    }
  }
  if (e.contains("port") && e["port"].is_object()) {
    const json& port = e["port"];
    if (port.contains("id") && port["id"].is_object()) {
      p.port_id = text_of(port["id"], "value");
      p.port_id_type = text_of(port["id"], "type");
    }
    p.port_descr = text_of(port, "descr");
  }
  if (p.system_name.empty() && p.chassis_id.empty() && p.port_id.empty()) return;
  out.push_back(std::move(p));
}

void read_object(const json& o, std::vector<LldpPeer>& out) {
  for (auto it = o.begin(); it != o.end(); ++it) read_interface(it.key(), it.value(), out);
}

}  // namespace

std::string LldpPeer::port_name() const {
  if (port_id_type == "ifname" && !port_id.empty()) return port_id;
  if (!port_descr.empty()) return port_descr;
  return port_id;
}

bool LldpPeer::port_is(std::string_view port) const {
  return !port.empty() && (port_id == port || port_descr == port);
}

Result<std::vector<LldpPeer>> parse_lldpcli_json(std::string_view text) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("lldp") || !j["lldp"].is_object())
    return fail("lldpcli", "not the JSON of `lldpcli show neighbors -f json` (no \"lldp\" object)");
  std::vector<LldpPeer> out;
  const json& lldp = j["lldp"];
  if (!lldp.contains("interface")) return out;  // no neighbour
  const json& ifs = lldp["interface"];
  if (ifs.is_object()) read_object(ifs, out);
  if (ifs.is_array())
    for (const json& one : ifs)
      if (one.is_object()) read_object(one, out);
  return out;
}

}  // namespace rocecfg::host
