// [buffers] keys that feed the headroom and threshold arithmetic
// (lib/buffers) rather than a device knob: the port speed and ASIC the
// figures are computed for, the fabric's round trip, and the buffer rules
// the profile waives. Kept out of model::Buffers, which plan compares knob
// by knob against what devices report.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocecfg::profile {

struct BufferIntent {
  std::optional<uint32_t> port_speed_mbps;  // [buffers] port_speed = "400G"
  std::optional<std::string> asic;          // [buffers] asic = "spectrum-3" (buffers/headroom.h)
  std::optional<double> fabric_rtt_us;      // [buffers] fabric_rtt_us
  std::vector<std::string> waived;          // [buffers] waive = ["kmin-bdp"]
  bool waives(std::string_view rule) const {
    for (const std::string& w : waived)
      if (w == rule) return true;
    return false;
  }
  bool operator==(const BufferIntent&) const = default;
};

}  // namespace rocecfg::profile
