#include "profile/intent.h"

#include <algorithm>

namespace rocecfg::profile {

bool Intent::dscp_is_lossless(uint8_t dscp) const {
  if (std::find(lossless_dscp.begin(), lossless_dscp.end(), dscp) != lossless_dscp.end())
    return true;
  const auto& map = common.dscp_priority;
  auto code = Dscp::make(dscp);
  return map && code && map->contains(*code) && lossless_priorities().has(map->at(*code));
}

model::Settings Intent::host_settings() const {
  model::Settings s = common;
  s.mtu_bytes = host_mtu_bytes;
  // Switch-only: hosts neither mark (WRED) nor run a PFC watchdog; the NIC's
  // notification point marks CNPs itself (cnp stays).
  s.ecn.reset();
  s.pfc_watchdog.reset();
  if (s.buffers) {
    s.buffers->headroom_bytes.reset();
    s.buffers->shared.reset();
    if (s.buffers->empty()) s.buffers.reset();
  }
  return s;
}

model::Settings Intent::switch_settings() const {
  model::Settings s = common;
  s.mtu_bytes = switch_mtu_bytes;
  // Host-only: DCQCN rate control and RDMA-CM defaults live in the NIC.
  s.dcqcn.reset();
  s.roce_mode.reset();
  s.roce_tos.reset();
  if (s.buffers) {
    s.buffers->prio_buffer.reset();
    s.buffers->buffer_size_bytes.reset();
    if (s.buffers->empty()) s.buffers.reset();
  }
  return s;
}

}  // namespace rocecfg::profile
