#include "model/qos.h"

#include <algorithm>
#include <vector>

namespace rocecfg::model {

PrioTcMap prio_tc_map(const Settings& s, const PrioTcMap& fallback) {
  return s.ets ? s.ets->prio_tc : fallback;
}

TrafficClass prio_tc(const Settings& s, Priority p, const PrioTcMap& fallback) {
  return prio_tc_map(s, fallback)[p.value()];
}

std::set<TrafficClass> traffic_classes(const PrioTcMap& map, PriorityMask prios) {
  std::set<TrafficClass> out;
  for (unsigned p = 0; p < 8; ++p)
    if (prios.has(Priority::unchecked(p))) out.insert(map[p]);
  return out;
}

std::set<TrafficClass> ecn_traffic_classes(const Settings& s, const PrioTcMap& fallback) {
  if (!s.ecn || !s.ecn_priorities) return {};
  return traffic_classes(prio_tc_map(s, fallback), *s.ecn_priorities);
}

PriorityMask priorities_served(const PrioTcMap& map, const std::set<TrafficClass>& tcs) {
  PriorityMask out;
  for (unsigned p = 0; p < 8; ++p)
    if (tcs.contains(map[p])) out.set(Priority::unchecked(p));
  return out;
}

bool raise_ets_weights(Settings& s, uint8_t min_percent) {
  if (!s.ets) return false;
  bool raised = false;
  for (unsigned t = 0; t < 8; ++t) {
    if (s.ets->tc_tsa[t] == Tsa::strict || s.ets->tc_bandwidth_percent[t] >= min_percent) continue;
    s.ets->tc_bandwidth_percent[t] = min_percent;
    raised = true;
  }
  return raised;
}

void fit_ets_total(Settings& s, unsigned max_total) {
  if (!s.ets) return;
  auto total = [&] {
    unsigned sum = 0;
    for (unsigned t = 0; t < 8; ++t)
      if (s.ets->tc_tsa[t] != Tsa::strict) sum += s.ets->tc_bandwidth_percent[t];
    return sum;
  };
  while (total() > max_total) {
    unsigned big = 8;
    for (unsigned t = 0; t < 8; ++t)
      if (s.ets->tc_tsa[t] != Tsa::strict && s.ets->tc_bandwidth_percent[t] > 1 &&
          (big == 8 || s.ets->tc_bandwidth_percent[t] > s.ets->tc_bandwidth_percent[big]))
        big = t;
    if (big == 8) return;
    --s.ets->tc_bandwidth_percent[big];
  }
}

bool ets_weights_from_1_percent(Settings& s) {
  bool raised = raise_ets_weights(s, 1);
  fit_ets_total(s, 100);
  return raised;
}

std::map<unsigned, uint8_t> weight_shares_percent(
    const std::map<unsigned, unsigned>& weight_by_tc) {
  std::map<unsigned, uint8_t> out;
  uint64_t total = 0;
  for (auto [tc, w] : weight_by_tc) total += w, out[tc] = 0;
  if (total == 0) return out;
  // Whole percents first, then the units left over by the largest remainders.
  std::vector<std::pair<uint64_t, unsigned>> remainders;  // (remainder, tc)
  unsigned given = 0;
  for (auto [tc, w] : weight_by_tc) {
    uint64_t scaled = uint64_t{w} * 100;
    out[tc] = static_cast<uint8_t>(scaled / total);
    given += out[tc];
    remainders.push_back({scaled % total, tc});
  }
  std::stable_sort(remainders.begin(), remainders.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (size_t i = 0; given < 100 && i < remainders.size(); ++i, ++given)
    ++out[remainders[i].second];
  // A weighted class is served: never 0 %.
  for (auto [tc, w] : weight_by_tc) {
    if (w == 0 || out[tc] > 0) continue;
    unsigned big = tc;
    for (auto [t, share] : out)
      if (share > out[big]) big = t;
    if (out[big] <= 1) break;
    --out[big];
    out[tc] = 1;
  }
  return out;
}

bool force_identity_prio_tc(Settings& s) {
  if (!s.ets || s.ets->prio_tc == kIdentityPrioTc) return false;
  s.ets->prio_tc = kIdentityPrioTc;
  return true;
}

bool widen_ecn_to_queues(Settings& s, const PrioTcMap& fallback) {
  if (!s.ecn_priorities) return false;
  PrioTcMap map = prio_tc_map(s, fallback);
  PriorityMask whole = priorities_served(map, traffic_classes(map, *s.ecn_priorities));
  if (whole == *s.ecn_priorities) return false;
  s.ecn_priorities = whole;
  return true;
}

MtuFit mtu_fit(uint32_t mtu_bytes, MtuLimits limits) {
  if (mtu_bytes < limits.min_bytes) return MtuFit::too_small;
  if (mtu_bytes > limits.max_bytes) return MtuFit::too_large;
  return MtuFit::fits;
}

bool clamp_mtu(Settings& s, MtuLimits limits) {
  if (!s.mtu_bytes || mtu_fit(*s.mtu_bytes, limits) != MtuFit::too_large) return false;
  s.mtu_bytes = limits.max_bytes;
  return true;
}

}  // namespace rocecfg::model
