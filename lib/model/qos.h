// The switch-QoS facts every switch adapter shares, in one place:
//   - which egress traffic class (queue) serves a priority: the intent's ETS
//     `prio_tc`, or the vendor's default map where the intent states none
//     (identity on most, H3C's dot1p-lp is not);
//   - the reverse, for parsers: the priorities a set of queues serves, so ECN
//     configured per queue reads back as the priorities it marks;
//   - the representable() rules several vendors need (ETS weights that start
//     at 1, a fixed identity map, MTU limits, ECN that marks whole queues);
//   - where a vendor configures a knob (per port or switch-wide).
// Vendor files keep only their syntax and their own limits (numbers in their
// headers, with the document each comes from).
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <set>

#include "core/types.h"
#include "model/knob.h"
#include "model/settings.h"

namespace rocecfg::model {

using PrioTcMap = std::array<TrafficClass, 8>;  // priority -> traffic class
inline constexpr PrioTcMap kIdentityPrioTc = [] {
  PrioTcMap map{};
  for (unsigned p = 0; p < map.size(); ++p) map[p] = TrafficClass::unchecked(p);
  return map;
}();

// The map in force: the intent's ETS map, else `fallback` (the vendor's default).
PrioTcMap prio_tc_map(const Settings& s, const PrioTcMap& fallback = kIdentityPrioTc);

// The traffic class serving priority `p`.
TrafficClass prio_tc(const Settings& s, Priority p, const PrioTcMap& fallback = kIdentityPrioTc);

// The traffic classes serving the priorities in `prios`.
std::set<TrafficClass> traffic_classes(const PrioTcMap& map, PriorityMask prios);

// The queues ECN marks: the traffic classes of `ecn_priorities`; empty when
// the settings hold no ECN thresholds or no ECN priorities.
std::set<TrafficClass> ecn_traffic_classes(const Settings& s,
                                           const PrioTcMap& fallback = kIdentityPrioTc);

// The priorities served by the traffic classes in `tcs` (parsers: a marked
// queue marks every priority mapped to it).
PriorityMask priorities_served(const PrioTcMap& map, const std::set<TrafficClass>& tcs);

// Representable-intent rules. Each changes `s` in place and returns whether
// it changed anything, so the adapter warns in its own words.

// ETS classes below `min_percent` (0 % on vendors whose weights start at 1)
// are raised to it; strict classes are left alone.
bool raise_ets_weights(Settings& s, uint8_t min_percent);

// ETS shares above `max_total` in sum are lowered, largest first, one
// percent at a time (never below 1), until they fit.
void fit_ets_total(Settings& s, unsigned max_total);

// Schedulers whose weights are 1..100 and sum to at most 100 (Cumulus DWRR
// bw-percent; Huawei CE DRR and H3C WRR, written as shares that sum to 100
// so the switch reads back the same percents): classes of 0 % become 1 %,
// taken from the largest classes. Returns whether a class was raised.
bool ets_weights_from_1_percent(Settings& s);

// Weighted schedulers (Huawei CE DRR, H3C WRR) give each weighted class
// weight / (sum of the weights) of what the strict classes leave: a weight
// is a share, not a percent (Huawei `qos queue drr`: default weight 1, range
// 1..100; H3C S6300 Comware 7 guide: weights 5,5,3,3,1,1,1,1 give the lowest
// queue 1/20 of the port). Returns the shares of `weight_by_tc` in whole
// percent summing to 100: largest remainder (ties to the lower class), and a
// class with a weight never reads as 0 % (it is served): such a class gets 1 %,
// taken from the largest share. Weights that already sum to 100 are their own
// shares. Empty or all-zero weights give all zeros.
std::map<unsigned, uint8_t> weight_shares_percent(const std::map<unsigned, unsigned>& weight_by_tc);

// Vendors whose queue n serves priority n only (NX-OS qos-group n, Huawei
// PHB n): a non-identity map is replaced by identity.
bool force_identity_prio_tc(Settings& s);

// ECN is configured per queue: marking priority p marks every priority that
// shares p's queue. The ECN priorities are widened to whole queues, so the
// read-back (which can only say which queues mark) meets the intent.
bool widen_ecn_to_queues(Settings& s, const PrioTcMap& fallback = kIdentityPrioTc);

struct MtuLimits {
  uint32_t min_bytes = 0;
  uint32_t max_bytes = 0;
};
enum class MtuFit { fits, too_small, too_large };
MtuFit mtu_fit(uint32_t mtu_bytes, MtuLimits limits);
// An MTU above the maximum is lowered to it (EOS 9214, NX-OS 9216); returns
// whether it was.
bool clamp_mtu(Settings& s, MtuLimits limits);

// A set of knobs, e.g. the ones a vendor configures per interface.
class KnobSet {
 public:
  constexpr KnobSet(std::initializer_list<Knob> knobs) {
    for (Knob k : knobs) bits_ |= 1u << static_cast<unsigned>(k);
  }
  constexpr bool has(Knob k) const { return bits_ & (1u << static_cast<unsigned>(k)); }
  constexpr KnobSet with(std::initializer_list<Knob> more) const {
    KnobSet out = *this;
    for (Knob k : more) out.bits_ |= 1u << static_cast<unsigned>(k);
    return out;
  }

 private:
  uint32_t bits_ = 0;
};

// Where a switch configures each knob: a port knob is diffed per interface,
// every other knob switch-wide. These are the shapes the six vendors take.
//   link knobs: MTU and the PFC watchdog switch (Cumulus: QoS is global)
inline constexpr KnobSet kLinkPortKnobs{Knob::mtu, Knob::pfc_watchdog};
//   + PFC and trust on the port (the adapter default)
inline constexpr KnobSet kDefaultPortKnobs = kLinkPortKnobs.with({Knob::pfc, Knob::trust});
//   + the egress queues (scheduler, ECN) on the port (EOS, H3C)
inline constexpr KnobSet kQueuePortKnobs =
    kDefaultPortKnobs.with({Knob::ets, Knob::ecn, Knob::ecn_priorities});

}  // namespace rocecfg::model
