// Between the typed model (model::Settings) and dcbnl's uAPI structs: what a
// DCB state means as knobs, and the read-modify-write merges that turn a knob
// value into the struct to send. Pure functions; dcb_knobs_test pins them.
#pragma once

#include <map>
#include <set>
#include <utility>
#include <vector>

#include "core/result.h"
#include "host/dcb_codec.h"
#include "model/settings.h"

namespace rocecfg::host {

inline constexpr uint8_t kAppSelDscp = 5;  // IEEE_8021QAZ_APP_SEL_DSCP

// Fill pfc_enabled, ets, buffers, trust and dscp_priority from what the
// driver returned; fields whose getter the driver lacks stay absent. Trust
// is DSCP when any DSCP APP entry exists (mlx5 and ice switch on the first).
void observe_dcb(const DcbState& state, model::Settings& out);

// Refuse what a driver would refuse, before anything is sent: priorities
// and classes 0..7, known TSA, ETS bandwidths summing to 100, no bandwidth
// on non-ETS classes (new kernels return EINVAL for it).
Status validate_ets(const model::Ets& ets, const std::string& ifname);
Status validate_buffers(const model::Buffers& b, const std::string& ifname);

// Read-modify-write: the current struct with only the knob's fields replaced.
ieee_pfc merge_pfc(ieee_pfc current, PriorityMask enabled);
ieee_ets merge_ets(ieee_ets current, const model::Ets& ets);
dcbnl_buffer merge_buffer(dcbnl_buffer current, const model::Buffers& b);

// Make-before-break for DSCP->priority entries: `add` goes first, then
// `del`. Entries for DSCPs the map declares with another priority are
// deleted; entries rocecfg added earlier in this run (`ours`) and no longer
// declared are deleted too, which is how a rollback removes what apply added.
struct AppDelta {
  std::vector<dcb_app> add;
  std::vector<dcb_app> del;
};
AppDelta dscp_delta(const std::vector<dcb_app>& current, const model::DscpPriorityMap& want,
                    const std::set<std::pair<uint8_t, uint8_t>>& ours);

dcb_app dscp_app(uint8_t dscp, uint8_t priority);

}  // namespace rocecfg::host
