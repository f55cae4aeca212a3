// `rocecfg show switch --vendor V --from-file F [--json]`: what a saved
// switch config means in profile terms. The lead wires it into `show`.
#pragma once

#include <string>

namespace rocecfg::cmd {

// Prints switch-wide knobs, per-interface knobs (interfaces with identical
// settings grouped into ranges) and which QoS policies apply where. JSON uses
// the profile's key names. Returns kOk, or kUsage for an unknown vendor or an
// unreadable / unparsable file.
int show_switch(const std::string& vendor, const std::string& from_file, bool json);

}  // namespace rocecfg::cmd
