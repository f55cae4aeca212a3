// `rocecfg buffers ... --vendor V --from-file F`: the headroom and ECN
// thresholds a saved switch config declares, port by port, against the same
// computed limits as the profile's (lib/buffers/rules.h).
#pragma once

#include <string>
#include <vector>

#include "buffers/rules.h"
#include "core/result.h"

namespace rocecfg::cmd {

struct SwitchBufferGroup {
  std::vector<std::string> ports;  // interface order; empty: switch-wide only
  std::vector<buffers::Comparison> comparisons;
};

struct SwitchBuffers {
  std::string vendor;
  std::string file;
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

}  // namespace rocecfg::cmd
