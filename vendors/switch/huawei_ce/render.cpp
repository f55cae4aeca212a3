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

void global_lines(const model::Settings& intent, const cli::RenderPlan& plan,
                  std::vector<std::string>& out) {
  const plan::Step* dscp = plan.any_port_step(Knob::dscp_map);
  const plan::Step* trust = plan.any_port_step(Knob::trust);
  if (dscp || (trust && trust->after.trust == model::Trust::dscp)) {
    model::Settings w = intent;
    if (dscp) w.dscp_priority = dscp->after.dscp_priority;
    out.push_back(fmt::format("diffserv domain {}", kDomain));
    for (auto [d, p] : cli::dscp_entries(w))
      out.push_back(fmt::format(" ip-dscp-inbound {} phb {} green", d, kPhb[p & 7]));
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
    std::optional<DeadlockTimers> timers;
    if (wd && wd->after.pfc_watchdog) timers = deadlock_timers(*wd->after.pfc_watchdog);
    if (timers)
      out.push_back(fmt::format("dcb pfc deadlock-detect interval {}", timers->interval_ms));
    out.push_back("dcb pfc");
    for (unsigned p = 0; p < 8; ++p) {
      auto prio = Priority::unchecked(p);
      if (want.has(prio)) {
        if (pfc) out.push_back(fmt::format(" priority {}", p));
        if (timers)
          out.push_back(
              fmt::format(" priority {} deadlock-detect time {} deadlock-recovery time {}", p,
                          timers->detect_multiplier, timers->recover_multiplier));
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
      lines.push_back("trust 8021p");
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
  // A round interval that states both times exactly, multipliers 1..15.
  for (uint32_t i : {100u, 50u, 20u, 10u, 200u, 250u, 500u, 1000u}) {
    if (wd.detection_ms % i || wd.restoration_ms % i) continue;
    uint32_t d = wd.detection_ms / i, r = wd.restoration_ms / i;
    if (d >= 1 && d <= 15 && r >= 1 && r <= 15) return {i, d, r};
  }
  DeadlockTimers t;
  t.interval_ms = std::clamp<uint32_t>((wd.detection_ms + 14) / 15, 10, 1000);
  auto mult = [&](uint32_t ms) {
    return std::clamp<uint32_t>((ms + t.interval_ms / 2) / t.interval_ms, 1, 15);
  };
  t.detect_multiplier = mult(wd.detection_ms);
  t.recover_multiplier = mult(wd.restoration_ms);
  return t;
}

model::Settings representable(const model::Settings& intent, Diagnostics& warnings) {
  model::Settings out = intent;
  if (model::raise_ets_weights(out, 1))
    cli::warn(warnings, kVendor, Knob::ets,
              "Huawei DRR weights start at 1: ETS classes of 0 % are applied as weight 1");
  // A PHB is a priority and a queue at once (huawei_ce.h): queue n serves priority n.
  if (model::force_identity_prio_tc(out))
    cli::warn(warnings, kVendor, Knob::ets,
              "Huawei CE serves priority n from queue n (PHB): the priority -> traffic class map "
              "is applied as identity");
  if (out.pfc_watchdog) {
    model::PfcWatchdog& wd = *out.pfc_watchdog;
    DeadlockTimers t = deadlock_timers(wd);
    model::PfcWatchdog held{t.interval_ms * t.detect_multiplier,
                            t.interval_ms * t.recover_multiplier, model::WatchdogAction::forward};
    if (held.detection_ms != wd.detection_ms || held.restoration_ms != wd.restoration_ms)
      cli::warn(
          warnings, kVendor, Knob::pfc_watchdog,
          fmt::format("Huawei states deadlock times as an interval times 1..15: {}ms/{}ms "
                      "is applied as {}ms/{}ms",
                      wd.detection_ms, wd.restoration_ms, held.detection_ms, held.restoration_ms));
    if (wd.action != model::WatchdogAction::forward)
      cli::warn(warnings, kVendor, Knob::pfc_watchdog,
                std::string("Huawei deadlock recovery ignores PFC and keeps forwarding: action ") +
                    to_string(wd.action) + " is applied as forward");
    wd = held;
  }
  return out;
}

Result<std::vector<std::string>> render(const model::Settings& intent,
                                        const std::vector<std::string>& ports,
                                        const plan::Plan& changes, Diagnostics& warnings) {
  (void)warnings;  // representable() says what this vendor cannot hold
  auto plan = cli::render_plan(changes, ports);
  if (!plan) return std::unexpected(plan.error());
  std::vector<std::string> out;
  global_lines(plan->global_want(intent), *plan, out);
  auto lines = [&](const std::string& port) -> Result<std::vector<std::string>> {
    auto it = plan->ports.find(port);
    if (it == plan->ports.end()) return std::vector<std::string>{};
    model::Settings want = plan->port_want(intent, port);
    if (want.mtu_bytes && model::mtu_fit(*want.mtu_bytes, kMtu) != model::MtuFit::fits &&
        it->second.contains(Knob::mtu))
      return fail(ErrorKind::invalid_input, "mtu",
                  fmt::format("Huawei CE takes MTU {}..{}, not {}", kMtu.min_bytes, kMtu.max_bytes,
                              *want.mtu_bytes));
    return port_lines(want, it->second);
  };
  auto open = [](const cli::PortRun& run) { return "interface " + run.first; };
  if (auto ok = cli::port_stanzas(ports, lines, open, {false, " ", "quit"}, out); !ok)
    return std::unexpected(ok.error());
  return out;
}

}  // namespace rocecfg::sw::huawei_ce
