#include "model/dcqcn_params.h"

#include <array>

namespace rocecfg::model {

namespace {
// Ranges follow the mlx5 cc_params limits (the widest NIC family); adapters
// for narrower NICs check their own limits when rendering.
constexpr std::array<DcqcnParam, 16> kParams{{
    {"rp_time_reset_us", 1, 131071, "rate increase timer period"},
    {"rp_byte_reset_bytes", 1, 32767 * 64, "bytes between rate increase stages"},
    {"rp_threshold", 1, 31, "fast-recovery stages before additive increase"},
    {"rp_ai_rate_mbps", 1, 400000, "additive increase step"},
    {"rp_hai_rate_mbps", 1, 400000, "hyper additive increase step"},
    {"rp_min_rate_mbps", 1, 400000, "floor of the rate limiter"},
    {"rp_max_rate_mbps", 0, 400000, "ceiling of the rate limiter, 0 = line rate"},
    {"rp_min_dec_fac_percent", 1, 100, "largest single rate cut"},
    {"rp_gd", 0, 15, "alpha gain shift"},
    {"rp_initial_alpha_value", 0, 1023, "alpha at flow start, /1024"},
    {"rp_dce_tcp_g", 0, 1023, "alpha update gain, /1024"},
    {"rp_dce_tcp_rtt_us", 1, 131071, "alpha update period"},
    {"rp_rate_reduce_monitor_period_us", 1, 131071, "minimum time between rate cuts"},
    {"rp_rate_to_set_on_first_cnp_mbps", 0, 400000, "rate on the first CNP, 0 = no clamp"},
    {"rp_clamp_tgt_rate", 0, 1, "clamp target rate on CNP"},
    {"np_min_time_between_cnps_us", 0, 4095, "CNP pacing at the notification point"},
}};
}  // namespace

std::span<const DcqcnParam> dcqcn_params() {
  return kParams;
}

const DcqcnParam* find_dcqcn_param(std::string_view name) {
  for (const DcqcnParam& p : kParams)
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace rocecfg::model
