// What `rocecfg check` knows about each device of a fabric: one reading per
// switch and host, each with its endpoints (a host NIC, or one switch port)
// and the QoS state observed there, in the one model every backend speaks
// (model::Settings: a knob that is std::nullopt was not observed, and is
// judged unknown, never as agreeing).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "model/knob.h"
#include "model/settings.h"
#include "switch/adapter.h"

namespace rocecfg::check {

enum class DeviceKind { host, switch_ };
const char* to_string(DeviceKind kind);  // "host", "switch"

// A host NIC ("ens1f0np0") or a switch port ("swp3"), with the state it runs.
struct Endpoint {
  std::string port;
  model::Settings settings;
  // Knobs absent from `settings` that are known to be off: the config does
  // not state them and the vendor documents off as the default (no PFC
  // watchdog line on EOS or Cumulus). Absent and not here: not observed.
  std::set<model::Knob> off;
};

struct DeviceReading {
  std::string name;  // the inventory's name
  DeviceKind kind = DeviceKind::host;
  std::string vendor;                // switches
  std::string source;                // "ssh 127.0.0.1:2201", "file DIR/leaf1.cfg", "this host"
  std::optional<std::string> error;  // set: nothing was read (why)
  std::vector<Endpoint> endpoints;   // in port order
  // Per endpoint: why it was not read ("lo: not an Ethernet interface"),
  // for host NICs `show host --qos` could not observe.
  std::vector<std::string> unread;
};

// The endpoints of a parsed switch config: each of `ports` (expanded vendor
// names; empty: every port the config names) with what it runs -- its own
// value of a knob, else the switch-wide one (a port runs with what the switch
// says unless it says otherwise, as `show switch` reads it). A port missing
// from the config is an error naming it (a typo must not read as agreement).
Result<std::vector<Endpoint>> switch_endpoints(const sw::SwitchState& state,
                                               const std::vector<std::string>& ports);

// The endpoints in the JSON `rocecfg show host --qos --json` prints (the whole
// envelope, or its payload `{"interfaces": [...]}`): each interface found,
// with every knob whose reading is "ok"; interfaces not found go to `unread`.
// A text that is not that JSON is an error saying what is wrong with it.
Status read_host_qos_json(std::string_view text, DeviceReading& into);

}  // namespace rocecfg::check
