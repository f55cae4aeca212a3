// `rocecfg buffers ... --vendor V --from-file F`: the headroom and ECN
// thresholds a saved switch config declares, port by port, against the same
// computed limits as the profile's (lib/buffers/rules.h).
#pragma once

#include <string>
#include <vector>

#include "buffers/rules.h"
#include "core/result.h"
#include "switch/fleet.h"

namespace rocecfg::cmd {

struct SwitchBufferGroup {
  std::vector<std::string> ports;  // interface order; empty: switch-wide only
  std::vector<buffers::Comparison> comparisons;
};

struct SwitchBuffers {
  std::string name;  // the inventory's name; empty for --from-file
  std::string vendor;
  std::string file;  // the saved file, or "ssh ADDR:PORT" for a live read
  std::string recognised_as;
  std::vector<SwitchBufferGroup> groups;  // ports whose comparisons are equal
};

// `base` holds speed, ASIC, MTUs and round trip; the file supplies each
// port's ECN thresholds, headroom and cable length (a port's own value, else
// the switch-wide one, else base's cable). Errors: ErrorKind::invalid_input
// for an unknown vendor or unreadable file, failed for a file that is not
// that vendor's config.
Result<SwitchBuffers> switch_buffers(const std::string& vendor, const std::string& file,
                                     const buffers::BufferFacts& base);

// `rocecfg buffers ... --inventory INV`: each switch's running config read
// over SSH (as audit reads it), all switches at once, the ports the inventory
// names (every port of the config when it names none). One result per switch
// in inventory order; a switch that cannot be read fails alone, its error
// naming it.
std::vector<Result<SwitchBuffers>> live_switch_buffers(const std::vector<sw::FleetSwitch>& switches,
                                                       const buffers::BufferFacts& base,
                                                       int parallel);

}  // namespace rocecfg::cmd
