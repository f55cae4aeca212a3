// Intent -> Huawei CE system-view commands (see huawei_ce.h for the model).
// Views are left with `quit`; one `interface` view per port (range views
// differ between releases, single views work on all).
#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/ports.h"
#include "huawei_ce.h"

namespace rocecfg::sw::huawei_ce {

namespace {

using model::Knob;

PriorityMask mask_of(const std::optional<PriorityMask>& m) {
  return m.value_or(PriorityMask{});
}

// "0 to 5", "7": contiguous queue runs as the qos pq/drr commands take them.
std::vector<std::string> queue_runs(const std::vector<unsigned>& queues) {
  std::vector<std::string> out;
  for (size_t i = 0; i < queues.size();) {
    size_t j = i;
    while (j + 1 < queues.size() && queues[j + 1] == queues[j] + 1) ++j;
    out.push_back(j == i ? std::to_string(queues[i])
                         : fmt::format("{} to {}", queues[i], queues[j]));
    i = j + 1;
  }
  return out;
}

void global_lines(const model::Settings& intent, const cli::RenderPlan& plan, DeadlockForm form,
                  std::vector<std::string>& out) {
  const plan::Step* dscp = plan.any_port_step(Knob::dscp_map);
  const plan::Step* trust = plan.any_port_step(Knob::trust);
  if (dscp || (trust && trust->after.trust == model::Trust::dscp)) {
    model::Settings w = intent;
    if (dscp) w.dscp_priority = dscp->after.dscp_priority;
    out.push_back(fmt::format("diffserv domain {}", kDomain));
    for (auto [d, p] : cli::dscp_entries(w))
      out.push_back(fmt::format(" ip-dscp-inbound {} phb {} green", d, kPhb[p.value()]));
    out.push_back(" quit");
  }

  const plan::Step* pfc = plan.any_port_step(Knob::pfc);
  const plan::Step* wd = plan.any_port_step(Knob::pfc_watchdog);
  if (pfc || wd) {
    PriorityMask want = pfc ? mask_of(pfc->after.pfc_enabled) : mask_of(intent.pfc_enabled);
    PriorityMask was;
    for (const auto& [port, knobs] : plan.ports)
      if (auto it = knobs.find(Knob::pfc); it != knobs.end())
        was = PriorityMask(was.bits() | mask_of(it->second.before.pfc_enabled).bits());
    std::optional<model::PfcWatchdog> watchdog;
    if (wd && wd->after.pfc_watchdog) watchdog = wd->after.pfc_watchdog;
    std::optional<DeadlockTimers> times;
    if (watchdog && form == DeadlockForm::interval_times) times = deadlock_timers(*watchdog);
    if (times)
      out.push_back(fmt::format("dcb pfc deadlock-detect interval {}", times->interval_ms));
    if (watchdog && form == DeadlockForm::timers) {
      out.push_back(fmt::format("dcb pfc deadlock-detect timer {}", watchdog->detection_ms));
      out.push_back(fmt::format("dcb pfc deadlock-recovery timer {}", watchdog->restoration_ms));
    }
    if (watchdog)
      out.push_back(fmt::format(
          "dcb pfc deadlock recovery-behavior {} slot {}",
          watchdog->action == model::WatchdogAction::drop ? "discard" : "forwarding", kSlot));
    // Without it PFC back-pressure follows 802.1p, and DSCP-trusted untagged
    // RoCE is not paused (dcb_pfc_dscp-mapping_enable.json).
    if (pfc && !want.empty() && form == DeadlockForm::interval_times &&
        intent.trust == model::Trust::dscp)
      out.push_back(fmt::format("dcb pfc dscp-mapping enable slot {}", kSlot));
    out.push_back("dcb pfc");
    for (unsigned p = 0; p < 8; ++p) {
      auto prio = Priority::unchecked(p);
      if (want.has(prio)) {
        if (pfc) out.push_back(fmt::format(" priority {}", p));
        if (times) {
          out.push_back(
              fmt::format(" priority {} deadlock-detect time {}", p, times->detect_multiplier));
          out.push_back(
              fmt::format(" priority {} deadlock-recovery time {}", p, times->recover_multiplier));
        }
      } else if (pfc && was.has(prio)) {
        out.push_back(fmt::format(" undo priority {}", p));
      }
    }
    out.push_back(" quit");
  }

  const plan::Step* ecn = plan.any_port_step(Knob::ecn);
  if (ecn && ecn->after.ecn) {
    const model::Ecn& e = *ecn->after.ecn;
    out.push_back(fmt::format("drop-profile {}", kDropProfile));
    out.push_back(fmt::format(" ecn buffer-size low-limit {} high-limit {} discard-percentage {}",
                              e.min_threshold_bytes, e.max_threshold_bytes,
                              e.mark_probability_percent));
    out.push_back(" quit");
  }
}

std::vector<std::string> port_lines(const model::Settings& want,
                                    const std::map<Knob, plan::Step>& knobs) {
  std::vector<std::string> lines;
  if (knobs.contains(Knob::mtu))
    lines.push_back(want.mtu_bytes ? fmt::format("mtu {}", *want.mtu_bytes) : "undo mtu");
  if (knobs.contains(Knob::trust)) {
    if (want.trust == model::Trust::dscp)
      lines.push_back("trust dscp");
    else if (want.trust == model::Trust::pcp)
      lines.push_back("trust 8021p outer");  // trust.json: 8021p takes inner|outer
    else
      lines.push_back("undo trust");
  }
  if ((knobs.contains(Knob::trust) || knobs.contains(Knob::dscp_map)) &&
      want.trust == model::Trust::dscp)
    lines.push_back(fmt::format("trust upstream {}", kDomain));
  if (knobs.contains(Knob::pfc))
    lines.push_back(want.pfc_enabled && !want.pfc_enabled->empty() ? "dcb pfc enable mode manual"
                                                                   : "undo dcb pfc enable");
  if (auto it = knobs.find(Knob::ets); it != knobs.end() && want.ets) {
    std::vector<unsigned> pq, drr;
    for (unsigned q = 0; q < 8; ++q)
      (want.ets->tc_tsa[q] == model::Tsa::strict ? pq : drr).push_back(q);
    for (const auto& r : queue_runs(pq)) lines.push_back("qos pq " + r);
    for (const auto& r : queue_runs(drr)) lines.push_back("qos drr " + r);
    for (unsigned q : drr)
      lines.push_back(
          fmt::format("qos queue {} drr weight {}", q, want.ets->tc_bandwidth_percent[q]));
  }
  if (knobs.contains(Knob::ecn) || knobs.contains(Knob::ecn_priorities)) {
    std::set<TrafficClass> now = model::ecn_traffic_classes(want);
    for (TrafficClass t : now) {
      lines.push_back(fmt::format("qos queue {} wred {}", t.value(), kDropProfile));
      lines.push_back(fmt::format("qos queue {} ecn", t.value()));
    }
    for (TrafficClass t : cli::ecn_queues_before(knobs, want)) {
      if (now.contains(t)) continue;
      lines.push_back(fmt::format("undo qos queue {} ecn", t.value()));
      lines.push_back(fmt::format("undo qos queue {} wred", t.value()));
    }
  }
  return lines;
}

}  // namespace

DeadlockTimers deadlock_timers(const model::PfcWatchdog& wd) {
  // The unit is one of 10/100/500/1000 ms (dcb_pfc_deadlock-detect_interval
  // .json); detection 1..15 units, recovery 0..31 (priority_deadlock-*_time
  // .json). The finest unit that states both times exactly, else the finest
  // that holds them, rounded.
  constexpr uint32_t kUnits[] = {10, 100, 500, 1000};
  for (uint32_t i : kUnits) {
    if (wd.detection_ms % i || wd.restoration_ms % i) continue;
    uint32_t d = wd.detection_ms / i, r = wd.restoration_ms / i;
    if (d >= 1 && d <= 15 && r <= 31) return {i, d, r};
  }
  for (uint32_t i : kUnits) {
    uint32_t d = (wd.detection_ms + i / 2) / i, r = (wd.restoration_ms + i / 2) / i;
    if (d <= 15 && r <= 31) return {i, std::max<uint32_t>(d, 1), r};
  }
  return {1000, 15, 31};
}

DeadlockForm deadlock_form(std::string_view model) {
  static const std::vector<std::string_view> interval{"CE6855-48XS8CQ", "CE6885-SAN",    "CE8855",
                                                      "CE8851-32CQ4BQ", "CE6885-LL",     "CE6885",
                                                      "CE6885-T",       "CE6863E-48S8CQ"};
  static const std::vector<std::string_view> timers{"CE6860-SAN",       "CE6866K",    "CE6866",
                                                    "CE6860-HAM",       "CE8850-SAN", "CE8851K",
                                                    "CE8851-32CQ8DQ-P", "CE8850-HAM"};
  // A listed name, or a listed name followed by '-' and a variant suffix.
  auto listed = [&](const std::vector<std::string_view>& names) {
    for (std::string_view n : names)
      if (model == n || (model.starts_with(n) && model.size() > n.size() && model[n.size()] == '-'))
        return true;
    return false;
  };
  if (listed(interval)) return DeadlockForm::interval_times;
  if (listed(timers)) return DeadlockForm::timers;
  return DeadlockForm::unknown;
}

model::Settings representable(const Platform& platform, const model::Settings& intent,
                              Diagnostics& warnings) {
  model::Settings out = intent;
  if (model::ets_weights_from_1_percent(out))
    cli::warn(warnings, kVendor, Knob::ets,
              "Huawei DRR weights start at 1: ETS classes of 0 % are applied as weight 1, taken "
              "from the largest classes");
  // A PHB is a priority and a queue at once (huawei_ce.h): queue n serves priority n.
  if (model::force_identity_prio_tc(out))
    cli::warn(warnings, kVendor, Knob::ets,
              "Huawei CE serves priority n from queue n (PHB): the priority -> traffic class map "
              "is applied as identity");
  if (out.pfc_watchdog) {
    model::PfcWatchdog& wd = *out.pfc_watchdog;
    model::PfcWatchdog held = wd;
    switch (deadlock_form(platform.model)) {
      case DeadlockForm::interval_times: {
        DeadlockTimers t = deadlock_timers(wd);
        held.detection_ms = t.interval_ms * t.detect_multiplier;
        held.restoration_ms = t.interval_ms * t.recover_multiplier;
        break;
      }
      case DeadlockForm::timers:
        held.detection_ms = std::clamp(wd.detection_ms, kMinTimerMs, kMaxTimerMs);
        held.restoration_ms = std::clamp(wd.restoration_ms, kMinTimerMs, kMaxTimerMs);
        break;
      case DeadlockForm::unknown:
        break;  // render() refuses
    }
    if (held.detection_ms != wd.detection_ms || held.restoration_ms != wd.restoration_ms)
      cli::warn(warnings, kVendor, Knob::pfc_watchdog,
                fmt::format("Huawei {} states deadlock times in its own units: {}ms/{}ms is "
                            "applied as {}ms/{}ms",
                            platform.model, wd.detection_ms, wd.restoration_ms, held.detection_ms,
                            held.restoration_ms));
    if (wd.action == model::WatchdogAction::alert) {
      cli::warn(warnings, kVendor, Knob::pfc_watchdog,
                "Huawei deadlock recovery forwards or discards; alert-only is applied as forward");
      held.action = model::WatchdogAction::forward;
    }
    wd = held;
  }
  return out;
}

Result<std::vector<std::string>> render(const Platform& platform, const model::Settings& intent,
                                        const std::vector<std::string>& ports,
                                        const plan::Plan& changes, Diagnostics& warnings) {
  (void)warnings;  // representable() says what this vendor cannot hold
  auto plan = cli::render_plan(changes, ports, &intent);
  if (!plan) return std::unexpected(plan.error());
  DeadlockForm form = deadlock_form(platform.model);
  bool needs_model = plan->any_port_step(Knob::pfc_watchdog) || plan->any_port_step(Knob::pfc);
  if (needs_model && form == DeadlockForm::unknown)
    return fail(ErrorKind::unsupported, "huawei-ce",
                platform.model.empty()
                    ? "the PFC deadlock and DSCP-mapping commands differ by CloudEngine model: "
                      "set `model` for this switch in the inventory (render: --model)"
                    : fmt::format("model {} is in neither documented PFC deadlock family "
                                  "(CE6855/CE6885/CE8855/CE8851-32CQ4BQ/CE6863E or "
                                  "CE6860/CE6866/CE8850/CE8851K); rocecfg does not guess",
                                  platform.model));
  std::vector<std::string> out;
  global_lines(plan->global_want(intent), *plan, form, out);
  // The MTU is refused, not clamped, where a port's step would write it.
  auto checked_lines =
      [](const model::Settings& want,
         const std::map<Knob, plan::Step>& steps) -> Result<std::vector<std::string>> {
    if (want.mtu_bytes && model::mtu_fit(*want.mtu_bytes, kMtu) != model::MtuFit::fits &&
        steps.contains(Knob::mtu))
      return fail(ErrorKind::invalid_input, "mtu",
                  fmt::format("Huawei CE takes MTU {}..{}, not {}", kMtu.min_bytes, kMtu.max_bytes,
                              *want.mtu_bytes));
    return port_lines(want, steps);
  };
  if (auto ok =
          cli::interface_stanzas(intent, *plan, ports, checked_lines, {false, " ", "quit"}, out);
      !ok)
    return std::unexpected(ok.error());
  return out;
}

}  // namespace rocecfg::sw::huawei_ce
