// Intent -> NX-OS configuration commands (see nxos.h for the model). Only the
// stanzas the plan touches are written; each policy is written whole when any
// of its knobs changes, because NX-OS reads a class's lines together.
#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/ports.h"
#include "nxos.h"

namespace rocecfg::sw::nxos {

namespace {

using model::Knob;

std::string ecn_line(const model::Ecn& ecn) {
  return fmt::format(
      "random-detect minimum-threshold {} bytes maximum-threshold {} bytes drop-probability {} "
      "weight 0 ecn",
      ecn.min_threshold_bytes, ecn.max_threshold_bytes, ecn.mark_probability_percent);
}

void classification(const model::Settings& want, std::vector<std::string>& out) {
  std::map<Priority, std::vector<std::string>> by_prio;
  for (auto [dscp, prio] : cli::dscp_entries(want))
    by_prio[prio].push_back(std::to_string(dscp.value()));
  for (const auto& [prio, dscps] : by_prio) {
    out.push_back(fmt::format("class-map type qos match-any ROCECFG_P{}", prio));
    out.push_back("  match dscp " + cli::join(dscps, ","));
    out.push_back("  exit");
  }
  out.push_back(fmt::format("policy-map type qos {}", kQosPolicy));
  for (const auto& [prio, dscps] : by_prio) {
    out.push_back(fmt::format("  class ROCECFG_P{}", prio));
    out.push_back(fmt::format("    set qos-group {}", prio));
    out.push_back("    exit");
  }
  out.push_back("  exit");
}

// `was`: priorities some port paused before, whose pause must now go.
void network_qos(std::optional<PriorityMask> pfc, PriorityMask was, std::optional<uint32_t> mtu,
                 std::vector<std::string>& out) {
  out.push_back(fmt::format("policy-map type network-qos {}", kNetworkQosPolicy));
  for (unsigned q = 0; q < 8; ++q) {
    std::vector<std::string> lines;
    if (pfc && pfc->has(Priority::unchecked(q)))
      lines.push_back(fmt::format("pause pfc-cos {}", q));
    else if (pfc && was.has(Priority::unchecked(q)))
      lines.push_back("no pause pfc-cos");
    if (mtu) lines.push_back(fmt::format("mtu {}", *mtu));
    if (lines.empty()) continue;
    out.push_back("  class type network-qos " + network_qos_class(q));
    for (const auto& l : lines) out.push_back("    " + l);
    out.push_back("    exit");
  }
  out.push_back("  exit");
  out.push_back("system qos");
  out.push_back(fmt::format("  service-policy type network-qos {}", kNetworkQosPolicy));
  out.push_back("  exit");
}

void queuing(const model::Settings& want, const cli::RenderPlan& plan,
             std::vector<std::string>& out) {
  bool ets = plan.has_global(Knob::ets) && want.ets;
  bool ecn = plan.has_global(Knob::ecn) || plan.has_global(Knob::ecn_priorities);
  std::optional<model::Ets> before_ets;
  if (auto it = plan.global.find(Knob::ets); it != plan.global.end())
    before_ets = it->second.before.ets;
  PriorityMask was_ecn;
  if (auto it = plan.global.find(Knob::ecn_priorities); it != plan.global.end())
    was_ecn = it->second.before.ecn_priorities.value_or(PriorityMask{});
  PriorityMask now_ecn = want.ecn ? want.ecn_priorities.value_or(PriorityMask{}) : PriorityMask{};

  out.push_back(fmt::format("policy-map type queuing {}", kQueuingPolicy));
  for (unsigned q = 0; q < 8; ++q) {
    std::vector<std::string> lines;
    if (ets) {
      bool was_strict = before_ets && before_ets->tc_tsa[q] == model::Tsa::strict;
      if (want.ets->tc_tsa[q] == model::Tsa::strict) {
        lines.push_back("priority level 1");
      } else {
        if (was_strict) lines.push_back("no priority level 1");
        lines.push_back(
            fmt::format("bandwidth remaining percent {}", want.ets->tc_bandwidth_percent[q]));
      }
    }
    if (ecn) {
      auto prio = Priority::unchecked(q);
      if (now_ecn.has(prio))
        lines.push_back(ecn_line(*want.ecn));
      else if (was_ecn.has(prio))
        lines.push_back("no random-detect");
    }
    if (lines.empty()) continue;
    out.push_back("  class type queuing " + queuing_class(q));
    for (const auto& l : lines) out.push_back("    " + l);
    out.push_back("    exit");
  }
  out.push_back("  exit");
  out.push_back("system qos");
  out.push_back(fmt::format("  service-policy type queuing output {}", kQueuingPolicy));
  out.push_back("  exit");
}

void watchdog(const model::PfcWatchdog& wd, std::vector<std::string>& out) {
  WatchdogTimers t = watchdog_timers(wd);
  out.push_back("priority-flow-control watch-dog-interval on");
  out.push_back(fmt::format("priority-flow-control watch-dog interval {}", t.interval_ms));
  out.push_back(
      fmt::format("priority-flow-control watch-dog shutdown-multiplier {}", t.shutdown_multiplier));
  out.push_back(
      fmt::format("priority-flow-control auto-restore multiplier {}", t.restore_multiplier));
}

Result<std::vector<std::string>> port_lines(const model::Settings& want,
                                            const std::map<Knob, plan::Step>& knobs) {
  std::vector<std::string> lines;
  if (knobs.contains(Knob::mtu)) {
    if (!want.mtu_bytes)
      lines.push_back("no mtu");
    else if (model::mtu_fit(*want.mtu_bytes, kMtu) != model::MtuFit::fits)
      return fail(ErrorKind::invalid_input, "mtu",
                  fmt::format("NX-OS takes MTU {}..{}, not {}", kMtu.min_bytes, kMtu.max_bytes,
                              *want.mtu_bytes));
    else
      lines.push_back(fmt::format("mtu {}", *want.mtu_bytes));
  }
  if (knobs.contains(Knob::pfc))
    lines.push_back(want.pfc_enabled && !want.pfc_enabled->empty()
                        ? "priority-flow-control mode on"
                        : "priority-flow-control mode off");
  if (knobs.contains(Knob::pfc_watchdog))
    lines.push_back(want.pfc_watchdog ? "priority-flow-control watch-dog-interval on"
                                      : "priority-flow-control watch-dog-interval off");
  if (knobs.contains(Knob::trust) || knobs.contains(Knob::dscp_map)) {
    bool classify = want.trust == model::Trust::dscp;
    lines.push_back(
        fmt::format("{}service-policy type qos input {}", classify ? "" : "no ", kQosPolicy));
  }
  return lines;
}

}  // namespace

std::string network_qos_class(unsigned queue) {
  return queue == 0 ? "c-8q-nq-default" : fmt::format("c-8q-nq{}", queue);
}

std::string queuing_class(unsigned queue) {
  return queue == 0 ? "c-out-8q-q-default" : fmt::format("c-out-8q-q{}", queue);
}

WatchdogTimers watchdog_timers(const model::PfcWatchdog& wd) {
  // The finest polling interval that states both times exactly.
  for (uint32_t i = 100; i <= 1000; ++i) {
    if (wd.detection_ms % i || wd.restoration_ms % i) continue;
    uint32_t s = wd.detection_ms / i, r = wd.restoration_ms / i;
    if (s >= 1 && s <= 10 && r >= 1 && r <= 100) return {i, s, r};
  }
  WatchdogTimers t;
  t.interval_ms = std::clamp<uint32_t>((wd.detection_ms + 9) / 10, 100, 1000);
  auto mult = [&](uint32_t ms, uint32_t max) {
    return std::clamp<uint32_t>((ms + t.interval_ms / 2) / t.interval_ms, 1, max);
  };
  t.shutdown_multiplier = mult(wd.detection_ms, 10);
  t.restore_multiplier = mult(wd.restoration_ms, 100);
  return t;
}

model::Settings representable(const Platform& platform, const model::Settings& intent,
                              Diagnostics& warnings) {
  (void)platform;  // no form here differs by model
  model::Settings out = intent;
  if (uint32_t asked = out.mtu_bytes.value_or(0); model::clamp_mtu(out, kMtu))
    cli::warn(warnings, kVendor, Knob::mtu,
              fmt::format("NX-OS takes at most {} bytes: MTU {} is applied as {}", kMtu.max_bytes,
                          asked, kMtu.max_bytes));
  if (model::force_identity_prio_tc(out))
    cli::warn(warnings, kVendor, Knob::ets,
              "NX-OS serves qos-group n from queue n: the priority -> traffic class map is "
              "applied as identity");
  if (out.pfc_watchdog) {
    model::PfcWatchdog& wd = *out.pfc_watchdog;
    WatchdogTimers t = watchdog_timers(wd);
    model::PfcWatchdog held{t.interval_ms * t.shutdown_multiplier,
                            t.interval_ms * t.restore_multiplier, model::WatchdogAction::drop};
    if (held.detection_ms != wd.detection_ms || held.restoration_ms != wd.restoration_ms)
      cli::warn(
          warnings, kVendor, Knob::pfc_watchdog,
          fmt::format("NX-OS states watchdog times as a 100-1000 ms interval times a "
                      "multiplier: {}ms/{}ms is applied as {}ms/{}ms",
                      wd.detection_ms, wd.restoration_ms, held.detection_ms, held.restoration_ms));
    if (wd.action != model::WatchdogAction::drop)
      cli::warn(warnings, kVendor, Knob::pfc_watchdog,
                std::string("the NX-OS watchdog always drops: action ") + to_string(wd.action) +
                    " is applied as drop");
    wd = held;
  }
  return out;
}

Result<std::vector<std::string>> render(const Platform& platform, const model::Settings& intent,
                                        const std::vector<std::string>& ports,
                                        const plan::Plan& changes, Diagnostics& warnings) {
  (void)warnings;  // representable() already said what NX-OS cannot hold
  (void)platform;
  // NX-OS holds the switch-wide half of several port knobs: the
  // classification policy, network-qos (pause pfc-cos, MTU) and the watchdog
  // timers. Without ports they come from the intent (RenderPlan::switch_wide).
  auto plan = cli::render_plan(changes, ports, &intent);
  if (!plan) return std::unexpected(plan.error());
  std::vector<std::string> out;
  model::Settings want = plan->global_want(intent);

  // Classification is defined once; ports attach it below.
  if (const plan::Step* s = plan->any_port_step(Knob::dscp_map)) {
    model::Settings w = want;
    w.dscp_priority = s->after.dscp_priority;
    classification(w, out);
  } else if (const plan::Step* t = plan->any_port_step(Knob::trust);
             t && t->after.trust == model::Trust::dscp) {
    classification(want, out);
  }
  const plan::Step* pfc = plan->any_port_step(Knob::pfc);
  const plan::Step* mtu = plan->any_port_step(Knob::mtu);
  PriorityMask was;
  for (const auto& [port, knobs] : plan->ports)
    if (auto it = knobs.find(Knob::pfc); it != knobs.end() && it->second.before.pfc_enabled)
      was = PriorityMask(was.bits() | it->second.before.pfc_enabled->bits());
  if (pfc || mtu)
    network_qos(pfc ? std::optional(pfc->after.pfc_enabled.value_or(PriorityMask{})) : std::nullopt,
                was, mtu ? mtu->after.mtu_bytes : std::nullopt, out);
  if (plan->has_global(Knob::ets) || plan->has_global(Knob::ecn) ||
      plan->has_global(Knob::ecn_priorities))
    queuing(want, *plan, out);
  if (const plan::Step* wd = plan->any_port_step(Knob::pfc_watchdog); wd && wd->after.pfc_watchdog)
    watchdog(*wd->after.pfc_watchdog, out);

  if (auto ok = cli::interface_stanzas(intent, *plan, ports, port_lines, {true, "  ", "exit"}, out);
      !ok)
    return std::unexpected(ok.error());
  return out;
}

}  // namespace rocecfg::sw::nxos
