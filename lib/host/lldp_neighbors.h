// The host's LLDP neighbours as lldpd sees them: `lldpcli show neighbors -f
// json` (lldpd 1.0.16, Debian 12), the agent operators already run. Its JSON
// is keyed by names, and its shape changes with the count: one interface is
// {"lldp": {"interface": {"eth7": {...}}}}, several are an array of
// one-key objects ({"lldp": {"interface": [{"eth7": {...}}, {"eth8": ...}]}}),
// and no neighbour at all is {"lldp": {}} (lldpd's json writer, as captured
// in tests/host/data/lldpcli-neighbors-*.json). Per interface:
//   "chassis": {"<system name>": {"id": {"type", "value"}, ...}}
//              or, without a system name, {"id": {...}, ...}
//   "port":    {"id": {"type": "ifname" | "mac" | "local" ..., "value"}, "descr"}
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace rocecfg::host {

struct LldpPeer {
  std::string interface;    // this host's netdev that heard it
  std::string system_name;  // the neighbour's (the switch's) name; may be empty
  std::string chassis_id;
  std::string port_id;       // the neighbour's port ID value
  std::string port_id_type;  // "ifname", "mac", "local", ...
  std::string port_descr;    // its port description (often the interface name)
  // The port as a person names it: the ID when it is an interface name,
  // else the description, else the ID.
  std::string port_name() const;
  // `port` is this neighbour's port by ID or by description.
  bool port_is(std::string_view port) const;
};

// Errors: not JSON, or no "lldp" object. Interfaces without the fields
// above are passed over.
Result<std::vector<LldpPeer>> parse_lldpcli_json(std::string_view text);

}  // namespace rocecfg::host
