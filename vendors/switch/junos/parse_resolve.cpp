// CosModel::resolve: each interface's bindings (its own, over any wildcard
// binding such as `class-of-service interfaces et-*`; Junos applies the
// explicit one where both exist) turned into rocecfg's model. The rules are
// in parse_model.cpp's header note.
#include <fmt/format.h>

#include "../cli/common.h"
#include "parse_model.h"

namespace rocecfg::sw::junos {

namespace {

using model::Knob;
using sw::Source;

bool binds(std::string_view key, std::string_view name) {
  size_t star = key.find('*');
  if (star == std::string_view::npos) return key == name;
  return name.starts_with(key.substr(0, star));
}

}  // namespace

void CosModel::resolve(SwitchState& state) const {
  // The IEEE 802.1p classifier that says which priority each class stands
  // for: the one a port binds, else the only one defined.
  auto pcp_table = [&](const CosBinding& b) -> const std::map<unsigned, std::string>* {
    if (b.pcp_classifier && pcp_classifiers_.contains(*b.pcp_classifier))
      return &pcp_classifiers_.at(*b.pcp_classifier);
    if (pcp_classifiers_.size() == 1) return &pcp_classifiers_.begin()->second;
    return nullptr;
  };
  auto class_priority = [&](const std::string& fc,
                            const std::map<unsigned, std::string>* pcp) -> std::optional<unsigned> {
    if (auto it = classes_.find(fc);
        it != classes_.end() && it->second.no_loss && it->second.pfc_priority)
      return it->second.pfc_priority;
    std::optional<unsigned> found;
    if (pcp)
      for (const auto& [p, c] : *pcp)
        if (c == fc) {
          if (found) return std::nullopt;  // several priorities: none is the class's
          found = p;
        }
    return found;
  };
  auto queue_of = [&](const std::string& fc) -> std::optional<unsigned> {
    auto it = classes_.find(fc);
    return it == classes_.end() ? std::nullopt : it->second.queue;
  };

  std::map<std::string, size_t> dscp_use;
  std::optional<CosBinding> first_binding;
  std::set<model::Ecn> ecn_seen;  // the ECN thresholds the ports' marking schedulers use
  for (const std::string& port : ports_) {
    CosBinding b;
    for (const auto& [key, bind] : bindings_)
      if (key.find('*') != std::string::npos && binds(key, port)) b.overlay(bind);
    if (auto it = bindings_.find(port); it != bindings_.end()) b.overlay(it->second);
    model::Settings s;
    if (auto it = mtu_.find(port); it != mtu_.end()) s.mtu_bytes = it->second;

    if (!b.congestion_profile) {
      s.pfc_enabled = PriorityMask{};
      state.mark(port, Knob::pfc, Source::vendor_default, "no congestion-notification-profile");
      state.mark(port, Knob::pfc_watchdog, Source::vendor_default, "no pfc-watchdog");
    } else if (!congestion_.contains(*b.congestion_profile)) {
      state.notes.push_back(port + ": congestion-notification-profile " + *b.congestion_profile +
                            " is not defined");
    } else {
      const CongestionProfile& p = congestion_.at(*b.congestion_profile);
      PriorityMask mask;
      for (unsigned c : p.input_pcp) mask.set(Priority::unchecked(c));
      if (!p.input_dscp.empty()) {
        for (const auto& [c, q] : p.output_pcp_queues) mask.set(Priority::unchecked(c));
        state.notes.push_back(port + ": DSCP-based PFC (profile " + *b.congestion_profile +
                              "): pause priorities from its output code points");
      }
      s.pfc_enabled = mask;
      state.policies["congestion-notification-profile " + *b.congestion_profile].push_back(port);
      if (p.watchdog) {
        unsigned poll = p.poll_ms.value_or(kWatchdogPollMs);
        unsigned detection = p.detection_polls.value_or(kWatchdogDetectionPolls);
        s.pfc_watchdog = model::PfcWatchdog{
            poll * detection, p.recovery_ms.value_or(kWatchdogRecoveryMs),
            p.action.value_or("drop") == "forward" ? model::WatchdogAction::forward
                                                   : model::WatchdogAction::drop};
        // A bare `pfc-watchdog` runs on the documented defaults; one that
        // states its timers is configured, a default for what it leaves out.
        if (!p.poll_ms && !p.detection_polls && !p.recovery_ms)
          state.mark(port, Knob::pfc_watchdog, Source::vendor_default,
                     "pfc-watchdog with Junos defaults (poll 100 ms, detection 2, recovery "
                     "200 ms, action drop)");
        else if (!p.poll_ms || !p.detection_polls || !p.recovery_ms || !p.action)
          state.notes.push_back(port + ": pfc-watchdog of " + *b.congestion_profile +
                                " takes Junos defaults for what it does not state (poll 100 ms, "
                                "detection 2, recovery 200 ms, action drop)");
      } else {
        state.mark(port, Knob::pfc_watchdog, Source::configured,
                   "no pfc-watchdog in " + *b.congestion_profile);
      }
    }

    if (b.dscp_classifier) {
      s.trust = model::Trust::dscp;
      ++dscp_use[*b.dscp_classifier];
      state.policies["classifiers dscp " + *b.dscp_classifier].push_back(port);
    } else if (b.pcp_classifier) {
      s.trust = model::Trust::pcp;
    }

    const auto* pcp = pcp_table(b);
    if (b.scheduler_map && scheduler_maps_.contains(*b.scheduler_map)) {
      const auto& map = scheduler_maps_.at(*b.scheduler_map);
      state.policies["scheduler-map " + *b.scheduler_map].push_back(port);
      std::array<std::optional<unsigned>, 8> prio_queue;
      if (pcp)
        for (const auto& [p, fc] : *pcp) prio_queue[p] = queue_of(fc);
      for (const auto& [name, fc] : classes_)
        if (fc.no_loss && fc.pfc_priority && fc.queue) prio_queue[*fc.pfc_priority] = fc.queue;
      std::map<unsigned, const Scheduler*> queue_sched;
      for (const auto& [fc, sched] : map) {
        auto q = queue_of(fc);
        auto it = schedulers_.find(sched);
        if (!q || it == schedulers_.end()) {
          state.notes.push_back(port + ": scheduler-map " + *b.scheduler_map + " class " + fc +
                                (q ? " names an undefined scheduler" : " has no queue-num"));
          continue;
        }
        queue_sched[*q] = &it->second;
      }
      bool complete = std::all_of(prio_queue.begin(), prio_queue.end(),
                                  [](const auto& q) { return q && *q < 8; });
      if (complete) {
        model::Ets e;
        for (unsigned p = 0; p < 8; ++p) e.prio_tc[p] = TrafficClass::unchecked(*prio_queue[p]);
        e.tc_tsa.fill(model::Tsa::ets);
        for (const auto& [q, sc] : queue_sched) {
          if (q >= 8) continue;
          if (sc->priority == "strict-high")
            e.tc_tsa[q] = model::Tsa::strict;
          else
            e.tc_bandwidth_percent[q] = static_cast<uint8_t>(sc->rate_percent.value_or(0));
        }
        s.ets = e;
      } else {
        state.notes.push_back(port +
                              ": ETS not read: no IEEE 802.1p classifier states the queue of "
                              "every priority");
      }
      PriorityMask ecn;
      for (unsigned p = 0; p < 8; ++p)
        if (prio_queue[p] && queue_sched.contains(*prio_queue[p]) &&
            queue_sched.at(*prio_queue[p])->ecn)
          ecn.set(Priority::unchecked(p));
      s.ecn_priorities = ecn;
      for (const auto& [q, sc] : queue_sched) {
        if (!sc->ecn) continue;
        if (!sc->drop_profile) {
          state.notes.push_back(fmt::format(
              "{}: queue {} marks ECN with no drop profile (Junos's default): thresholds not read",
              port, q));
          continue;
        }
        auto e = ecn_of(*sc->drop_profile);
        if (auto* why = std::get_if<std::string>(&e))
          state.notes.push_back(fmt::format("{}: queue {}: ECN not read: {}", port, q, *why));
        else
          ecn_seen.insert(std::get<model::Ecn>(e));
      }
    } else if (b.scheduler_map) {
      state.notes.push_back(port + ": scheduler-map " + *b.scheduler_map + " is not defined");
    }
    if (!first_binding) first_binding = b;
    state.ports[port] = std::move(s);
  }

  // Switch-wide ECN: the one drop profile every marking queue uses.
  if (ecn_seen.size() == 1)
    state.global.ecn = *ecn_seen.begin();
  else if (ecn_seen.size() > 1)
    state.notes.push_back(fmt::format(
        "marking queues use {} different ECN drop profiles: no switch-wide thresholds read",
        ecn_seen.size()));

  resolve_shared_buffer(state);

  // Switch-wide: the DSCP classifier most ports bind.
  if (dscp_use.empty()) return;
  auto top = std::max_element(dscp_use.begin(), dscp_use.end(),
                              [](const auto& a, const auto& b) { return a.second < b.second; });
  if (dscp_use.size() > 1)
    state.notes.push_back("ports bind " + std::to_string(dscp_use.size()) +
                          " DSCP classifiers; the switch-wide map is " + top->first +
                          " (the one most ports bind)");
  const auto* pcp = first_binding ? pcp_table(*first_binding) : nullptr;
  model::DscpPriorityMap map;
  if (auto it = dscp_classifiers_.find(top->first); it != dscp_classifiers_.end()) {
    for (const auto& [cp, fc] : it->second) {
      auto prio = class_priority(fc, pcp);
      if (!prio) {
        state.notes.push_back(fmt::format(
            "DSCP {} -> class {}: the class states no 802.1p priority (no pfc-priority, no "
            "IEEE 802.1p classifier entry): not read",
            cp, fc));
        continue;
      }
      map[Dscp::unchecked(cp)] = Priority::unchecked(*prio);
    }
  } else {
    state.notes.push_back("DSCP classifier " + top->first + " is bound but not defined");
    return;
  }
  // The CNP marking is one of these entries (engine.h switch_intent): a
  // configuration never says which, so no CNP class is inferred.
  state.global.dscp_priority = map;
}

}  // namespace rocecfg::sw::junos

namespace rocecfg::sw::junos {

// The shared buffer's split as render.cpp writes it: the ingress lossless,
// lossless-headroom and lossy partitions, and an egress that agrees with
// them (lossless equal; lossy equal, or with a multicast partition the share
// lossless and multicast leave). Anything else is said, and the split is not
// read: a half-agreeing egress is not the profile's split, nor drift from it
// that rocecfg could name.
void CosModel::resolve_shared_buffer(SwitchState& state) const {
  auto percent = [&](const char* way, const char* part) -> std::optional<unsigned> {
    auto it = partition_percent_.find({way, part});
    return it == partition_percent_.end() ? std::nullopt : std::optional<unsigned>(it->second);
  };
  if (partition_percent_.empty()) return;
  auto lossless = percent("ingress", "lossless"),
       headroom = percent("ingress", "lossless-headroom"), lossy = percent("ingress", "lossy");
  auto out_lossless = percent("egress", "lossless"), out_lossy = percent("egress", "lossy"),
       multicast = percent("egress", "multicast");
  // QFX5130/5220/5230/5240 want ingress and egress lossless alike (Juniper
  // QFX5K buffer architecture note; Apstra AI JVD configlet).
  if (lossless && out_lossless && lossless != out_lossless)
    state.notes.push_back(fmt::format(
        "shared-buffer lossless partition: ingress {} % but egress {} %; QFX5130/5220/5230/5240 "
        "require them to match",
        *lossless, *out_lossless));
  if (!lossless || !lossy) {
    state.notes.push_back(
        "shared-buffer: no ingress lossless and lossy partitions; the split is not read");
    return;
  }
  bool egress_agrees = out_lossless == lossless &&
                       (multicast ? out_lossy && *out_lossy + *out_lossless + *multicast == 100
                                  : out_lossy == lossy);
  if (!egress_agrees) {
    state.notes.push_back(fmt::format(
        "shared-buffer: egress partitions (lossless {}, lossy {}{}) do not follow the ingress "
        "split (lossless {}, lossy {}); the split is not read",
        out_lossless ? std::to_string(*out_lossless) : "-",
        out_lossy ? std::to_string(*out_lossy) : "-",
        multicast ? fmt::format(", multicast {}", *multicast) : "", *lossless, *lossy));
    return;
  }
  if (!state.global.buffers) state.global.buffers.emplace();
  state.global.buffers->shared = model::SharedSplit{*lossless, *lossy, headroom, multicast};
  state.mark(kGlobalTarget, Knob::buffers, Source::configured, "shared-buffer");
}

}  // namespace rocecfg::sw::junos
