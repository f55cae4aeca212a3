#include "buffers/ecn.h"

#include <algorithm>
#include <array>

#include "buffers/link.h"

namespace rocecfg::buffers {

namespace {
constexpr std::array<PublishedEcn, 2> kPublished{{
    {"NVIDIA Cumulus Linux 5.x RoCE lossless mode", {150000, 1500000, 100}},
    {"SONiC qos_config.j2 AZURE_LOSSLESS", {1048576, 2097152, 5}},
}};
}  // namespace

std::span<const PublishedEcn> published_ecn_defaults() {
  return kPublished;
}

EcnThresholds recommended_ecn(uint32_t speed_mbps, double rtt_us) {
  EcnThresholds t = kPublished[0].thresholds;
  uint64_t bdp = bdp_bytes(speed_mbps, rtt_us);
  if (bdp > t.min_bytes) {
    t.min_bytes = bdp;
    t.max_bytes = std::max(t.max_bytes, bdp * 10);
  }
  return t;
}

}  // namespace rocecfg::buffers
