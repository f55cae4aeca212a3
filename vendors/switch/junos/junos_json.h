// Junos operational output as `| display json` prints it: every leaf is an
// array of one object holding its text, {"name": [{"data": "et-0/0/1"}]}
// (Juniper, "Map Junos OS Configuration Statements to JSON" and the RPC
// replies the same way; netenglabs/suzieq's junos services read these paths).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace rocecfg::sw::junos {

// The text of a leaf: [{"data": "x"}] -> "x"; absent or another shape -> "".
inline std::string json_data(const nlohmann::json& entry, const char* key) {
  auto it = entry.find(key);
  if (it == entry.end() || !it->is_array() || it->empty() || !(*it)[0].is_object()) return "";
  const nlohmann::json& d = (*it)[0];
  auto v = d.find("data");
  return v != d.end() && v->is_string() ? v->get<std::string>() : "";
}

}  // namespace rocecfg::sw::junos
