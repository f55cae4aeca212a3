// Rendering a plan into NVUE commands. One `nv set` per leaf, only for what
// the plan changes; port settings with equal values share one command over
// an interface range ("nv set interface swp1-32 link mtu 9216").
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "cumulus/cumulus.h"
#include "model/qos.h"
#include "switch/interfaces.h"

namespace rocecfg::sw::cumulus {

namespace {

constexpr const char* kProfile = "default-global";
// The lossless share of the buffer when rocecfg turns PFC on: the split of
// the QoS guide's "Flow Control Buffers" example (50 % each).
constexpr unsigned kLosslessPoolPercent = 50;

// PFC watchdog timers: NVUE has a polling interval and a robustness count
// (polls before a storm is declared); detection time = interval x count.
// Pick the largest count up to 10 that divides the detection time evenly with
// an interval of at least 100 ms.
std::pair<uint32_t, uint32_t> watchdog_timers(uint32_t detection_ms) {
  for (uint32_t r = 10; r >= 1; --r)
    if (detection_ms % r == 0 && detection_ms / r >= 100) return {detection_ms / r, r};
  return {std::max<uint32_t>(detection_ms, 100), 1};
}

}  // namespace

Result<std::vector<std::string>> render_nv(const model::Settings& intent, const plan::Plan& changes,
                                           Diagnostics& warnings) {
  std::vector<std::string> out;
  auto add = [&](const std::string& s) { out.push_back("nv set " + s); };
  // Port steps grouped by (knob, rendered value) so each becomes one ranged command.
  std::map<std::pair<int, std::string>, std::vector<std::string>> port_groups;
  bool watchdog_timers_done = false;
  // The priority -> traffic class map the switch holds before this plan: the
  // ets step's `before` when the plan changes it, else the intended one.
  model::PrioTcMap observed_map = model::prio_tc_map(intent);
  for (const plan::Step& s : changes.steps)
    if (s.knob == model::Knob::ets && s.kind == plan::StepKind::change && s.before.ets)
      observed_map = s.before.ets->prio_tc;

  for (const plan::Step& s : changes.steps) {
    if (s.kind != plan::StepKind::change) continue;
    const model::Settings& want = s.after;
    const model::Settings& had = s.before;
    using model::Knob;
    switch (s.knob) {
      case Knob::mtu:
        port_groups[{0, fmt::format("link mtu {}", *want.mtu_bytes)}].push_back(s.target);
        break;
      case Knob::pfc_watchdog: {
        const model::PfcWatchdog& wd = *want.pfc_watchdog;
        port_groups[{1, "qos pfc-watchdog"}].push_back(s.target);
        if (wd.restoration_ms != wd.detection_ms || wd.action != model::WatchdogAction::drop)
          warnings.warning({}, "pfc_watchdog",
                           fmt::format("cumulus restores after the detection time and always "
                                       "drops; restoration {}ms / action {} cannot be expressed",
                                       wd.restoration_ms, model::to_string(wd.action)));
        if (!watchdog_timers_done) {
          auto [interval, robustness] = watchdog_timers(wd.detection_ms);
          if (interval * robustness != wd.detection_ms)
            warnings.warning({}, "pfc_watchdog",
                             fmt::format("detection {}ms rounded to {}ms (polling >= 100ms)",
                                         wd.detection_ms, interval * robustness));
          add(fmt::format("qos pfc-watchdog polling-interval {}", interval));
          add(fmt::format("qos pfc-watchdog robustness {}", robustness));
          watchdog_timers_done = true;
        }
        break;
      }
      case Knob::trust:
        add(fmt::format("qos mapping {} trust {}", kProfile,
                        *want.trust == model::Trust::dscp ? "l3" : "l2"));
        break;
      case Knob::dscp_map:
        // Only entries that differ; new ones first is natural here since
        // NVUE applies the whole revision atomically.
        for (auto [dscp, prio] : *want.dscp_priority) {
          if (had.dscp_priority) {
            auto it = had.dscp_priority->find(dscp);
            if (it != had.dscp_priority->end() && it->second == prio) continue;
          }
          add(fmt::format("qos mapping {} dscp {} switch-priority {}", kProfile, dscp, prio));
        }
        break;
      case Knob::pfc:
        if (want.pfc_enabled->empty()) {
          out.push_back(fmt::format("nv unset qos pfc {} switch-priority", kProfile));
          break;
        }
        // PFC needs a lossless traffic pool, and the factory gives 100 % of
        // the buffer to default-lossy (CL 5.14 QoS guide, "Flow Control
        // Buffers": set default-lossless and default-lossy before PFC; the
        // pools may not exceed 100 % together). A switch without PFC has no
        // lossless pool yet: split the buffer as the guide's example does.
        // One with PFC already has its pools, which rocecfg leaves alone; a
        // profile that splits the buffer itself sets them in the buffers case.
        if ((!had.pfc_enabled || had.pfc_enabled->empty()) &&
            !(intent.buffers && intent.buffers->shared)) {
          add(fmt::format("qos traffic-pool default-lossless memory-percent {}",
                          kLosslessPoolPercent));
          add(fmt::format("qos traffic-pool default-lossy memory-percent {}",
                          100 - kLosslessPoolPercent));
        }
        add(fmt::format("qos pfc {} switch-priority {}", kProfile, want.pfc_enabled->to_string()));
        break;
      case Knob::buffers:
        // Only the cable length is NVUE's to take: it computes the PFC
        // headroom from it (QoS guide, "Priority Flow Control": nv set qos
        // pfc default-global cable-length; representable() drops the rest).
        if (want.buffers->cable_length_m &&
            (!had.buffers || had.buffers->cable_length_m != want.buffers->cable_length_m))
          add(fmt::format("qos pfc {} cable-length {}", kProfile, *want.buffers->cable_length_m));
        // The shared buffer's split is the two pools' memory-percent (QoS
        // guide, "Flow Control Buffers"); it replaces the PFC case's default.
        if (const auto& sh = want.buffers->shared;
            sh && (!had.buffers || !had.buffers->shared ||
                   had.buffers->shared->lossless_percent != sh->lossless_percent ||
                   had.buffers->shared->lossy_percent != sh->lossy_percent)) {
          add(fmt::format("qos traffic-pool default-lossless memory-percent {}",
                          sh->lossless_percent));
          add(fmt::format("qos traffic-pool default-lossy memory-percent {}", sh->lossy_percent));
        }
        break;
      case Knob::ets: {
        const model::Ets& e = *want.ets;
        const model::Ets* h = had.ets ? &*had.ets : nullptr;
        for (int p = 0; p < 8; ++p)
          if (!h || h->prio_tc[p] != e.prio_tc[p])
            add(fmt::format("qos egress-queue-mapping {} switch-priority {} traffic-class {}",
                            kProfile, p, e.prio_tc[p]));
        for (int t = 0; t < 8; ++t) {
          bool strict = e.tc_tsa[t] == model::Tsa::strict;
          if (e.tc_tsa[t] == model::Tsa::vendor)
            return fail(ErrorKind::unsupported, fmt::format("traffic-class {}", t),
                        "vendor-specific TSA has no NVUE equivalent");
          if (!h || h->tc_tsa[t] != e.tc_tsa[t])
            add(fmt::format("qos egress-scheduler {} traffic-class {} mode {}", kProfile, t,
                            strict ? "strict" : "dwrr"));
          if (!strict && (!h || h->tc_bandwidth_percent[t] != e.tc_bandwidth_percent[t] ||
                          h->tc_tsa[t] != e.tc_tsa[t]))
            add(fmt::format("qos egress-scheduler {} traffic-class {} bw-percent {}", kProfile, t,
                            e.tc_bandwidth_percent[t]));
        }
        break;
      }
      case Knob::ecn_priorities: {
        // ECN is per traffic class: the classes of the marked priorities, now
        // through the intended map, before through the map observed then.
        // Nothing observed means factory state, where ECN marks traffic class 0
        // (CL 5.x QoS docs: default_ecn_red_conf.egress_queue_list = [0]); it
        // must be disabled unless intended, or the switch keeps marking TC0.
        auto now = model::traffic_classes(model::prio_tc_map(intent), *want.ecn_priorities);
        std::set<TrafficClass> was = {TrafficClass::unchecked(0)};
        if (had.ecn_priorities) was = model::traffic_classes(observed_map, *had.ecn_priorities);
        for (TrafficClass t : now)
          if (!was.contains(t))
            add(fmt::format("qos congestion-control {} traffic-class {} ecn enable", kProfile,
                            t.value()));
        for (TrafficClass t : was)
          if (!now.contains(t))
            add(fmt::format("qos congestion-control {} traffic-class {} ecn disable", kProfile,
                            t.value()));
        break;
      }
      case Knob::ecn: {
        const model::Ecn& e = *want.ecn;
        if (e.min_threshold_bytes > e.max_threshold_bytes)
          return fail(ErrorKind::invalid_input, "ecn", "min threshold above max threshold");
        if (e.mark_probability_percent < 1 || e.mark_probability_percent > 100)
          return fail(ErrorKind::invalid_input, "ecn", "probability must be 1..100 %");
        PriorityMask where =
            intent.ecn_priorities.value_or(intent.pfc_enabled.value_or(PriorityMask()));
        if (where.empty())
          return fail(ErrorKind::invalid_input, "ecn",
                      "thresholds given but no ecn_priorities or lossless priorities to mark");
        for (TrafficClass t : model::traffic_classes(model::prio_tc_map(intent), where)) {
          std::string cc =
              fmt::format("qos congestion-control {} traffic-class {}", kProfile, t.value());
          add(fmt::format("{} min-threshold {}", cc, e.min_threshold_bytes));
          add(fmt::format("{} max-threshold {}", cc, e.max_threshold_bytes));
          add(fmt::format("{} probability {}", cc, e.mark_probability_percent));
        }
        break;
      }
      default:
        return fail(ErrorKind::unsupported, s.target,
                    fmt::format("knob {} is not rendered for cumulus", model::knob_name(s.knob)));
    }
  }
  // `render` without ports (every step global and from factory state): the
  // watchdog's timers are switch-wide although the watchdog is switched on
  // per port, so they are written from the intent (issue 36 item 5).
  bool switch_wide_only = std::all_of(
      changes.steps.begin(), changes.steps.end(),
      [](const plan::Step& s) { return s.target == "global" && s.before == model::Settings{}; });
  if (!watchdog_timers_done && switch_wide_only && intent.pfc_watchdog) {
    auto [interval, robustness] = watchdog_timers(intent.pfc_watchdog->detection_ms);
    add(fmt::format("qos pfc-watchdog polling-interval {}", interval));
    add(fmt::format("qos pfc-watchdog robustness {}", robustness));
  }
  for (auto& [key, ports] : port_groups) {
    std::sort(ports.begin(), ports.end(), sw::interface_less);
    add(fmt::format("interface {} {}", sw::compress_interfaces(ports), key.second));
  }
  return out;
}

}  // namespace rocecfg::sw::cumulus
