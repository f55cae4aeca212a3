// ECN marking thresholds (Kmin, Kmax, Pmax): the defaults vendors publish and
// the one figure that moves with speed, the bandwidth-delay product.
//
// Published defaults (none of them varies with port speed):
// - NVIDIA Cumulus Linux 5.x "RDMA over Converged Ethernet - RoCE" (RoCE
//   lossless mode): min 150000 B, max 1500000 B, probability 100 %
//   (/work/shared/reference/switch-vendors.md, Cumulus, marked [src]).
// - SONiC files/build_templates/qos_config.j2, WRED_PROFILE AZURE_LOSSLESS
//   (sonic-buildimage commit 086b03bd70f9e211aaaf5f6aefe0790b508d2a94):
//   min 1048576 B, max 2097152 B, probability 5 %.
// By speed: rocecfg asks for Kmin of at least one bandwidth-delay product,
// so marking starts only once the pipe is full (issue 35's rule). DCTCP's own
// bound for its single threshold is looser, K > C x RTT / 7 (Alizadeh et
// al., SIGCOMM 2010, section 3.3), which is one reason the rule can be
// waived. recommended_ecn() keeps Cumulus' figures and raises Kmin to one BDP
// where the BDP is larger, and Kmax with it so Cumulus' 1:10 span stays.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace rocecfg::buffers {

struct EcnThresholds {
  uint64_t min_bytes = 0;
  uint64_t max_bytes = 0;
  uint32_t probability_percent = 0;
};

struct PublishedEcn {
  std::string_view source;
  EcnThresholds thresholds;
};

std::span<const PublishedEcn> published_ecn_defaults();

// rocecfg's round-trip assumption when the profile gives none
// ([buffers] fabric_rtt_us): a two-tier leaf/spine fabric, two switch hops
// each way at about 1 us each plus NIC and host latency. An assumption,
// printed as one wherever it is used; measure and set it.
inline constexpr double kDefaultFabricRttUs = 10.0;

EcnThresholds recommended_ecn(uint32_t speed_mbps, double rtt_us);

}  // namespace rocecfg::buffers
