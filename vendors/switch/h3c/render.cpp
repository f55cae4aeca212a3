// Intent -> H3C Comware system-view commands (see h3c.h for the model).
// Views are left with `quit`; one `interface` view per port.
#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/ports.h"
#include "h3c.h"

namespace rocecfg::sw::h3c {

namespace {

using model::Knob;

std::string priority_list(PriorityMask m) {
  std::vector<std::string> out;
  for (unsigned p = 0; p < 8; ++p)
    if (m.has(Priority::unchecked(p))) out.push_back(std::to_string(p));
  return cli::join(out, ",");
}

uint32_t units(uint32_t ms) {
  return std::clamp<uint32_t>((ms + kDeadlockUnitMs / 2) / kDeadlockUnitMs, 1, 15);
}

void global_lines(const model::Settings& intent, const cli::RenderPlan& plan,
                  std::vector<std::string>& out) {
  model::Settings want = plan.global_want(intent);
  if (plan.has_global(Knob::dscp_map) || plan.has_global(Knob::cnp)) {
    out.push_back("qos map-table dscp-dot1p");
    for (auto [d, p] : cli::dscp_entries(want))
      out.push_back(fmt::format(" import {} export {}", d, p));
    out.push_back(" quit");
  }
  if (const plan::Step* ets = plan.any_port_step(Knob::ets); ets && ets->after.ets) {
    // Stated in full: the default dot1p-lp map is not identity.
    out.push_back("qos map-table dot1p-lp");
    for (unsigned p = 0; p < 8; ++p)
      out.push_back(fmt::format(" import {} export {}", p, ets->after.ets->prio_tc[p]));
    out.push_back(" quit");
  }
  const plan::Step* ecn = plan.any_port_step(Knob::ecn);
  const plan::Step* ecn_p = plan.any_port_step(Knob::ecn_priorities);
  if (ecn || ecn_p) {
    model::Settings w = intent;
    if (ecn) w.ecn = ecn->after.ecn;
    if (ecn_p) w.ecn_priorities = ecn_p->after.ecn_priorities;
    std::set<TrafficClass> now = model::ecn_traffic_classes(w, kDefaultDot1pLp), was;
    for (const auto& [port, knobs] : plan.ports)
      for (TrafficClass t : cli::ecn_queues_before(knobs, w, kDefaultDot1pLp)) was.insert(t);
    out.push_back(fmt::format("qos wred queue table {}", kWredTable));
    for (TrafficClass t : now) {
      unsigned q = t.value();
      out.push_back(
          fmt::format(" queue {} drop-level 0 low-limit {} high-limit {} discard-probability {}", q,
                      cells(w.ecn->min_threshold_bytes), cells(w.ecn->max_threshold_bytes),
                      w.ecn->mark_probability_percent));
      out.push_back(fmt::format(" queue {} weighting-constant 0", q));
      out.push_back(fmt::format(" queue {} ecn", q));
    }
    for (TrafficClass t : was)
      if (!now.contains(t)) out.push_back(fmt::format(" undo queue {} ecn", t.value()));
    out.push_back(" quit");
  }
}

// The switch-wide deadlock timers, sent after the interface stanzas: "the
// specified CoS value must be within the 802.1p priority list specified by
// using the priority-flow-control no-drop dot1p command", and PFC with its
// no-drop priorities comes first (H3C S6850 configuration guide, "PFC
// deadlock detection", restrictions and prerequisites). The timer unit
// follows `priority-flow-control deadlock precision` (default normal, same
// section); rocecfg's 100 ms unit is normal's, so it states normal first.
void deadlock_lines(const model::Settings& intent, const cli::RenderPlan& plan,
                    std::vector<std::string>& out) {
  if (const plan::Step* wd = plan.any_port_step(Knob::pfc_watchdog); wd && wd->after.pfc_watchdog) {
    out.push_back("priority-flow-control deadlock precision normal");
    PriorityMask prios = intent.pfc_enabled.value_or(PriorityMask{});
    if (const plan::Step* pfc = plan.any_port_step(Knob::pfc))
      prios = pfc->after.pfc_enabled.value_or(PriorityMask{});
    for (unsigned p = 0; p < 8; ++p) {
      if (!prios.has(Priority::unchecked(p))) continue;
      out.push_back(fmt::format("priority-flow-control deadlock cos {} interval {}", p,
                                units(wd->after.pfc_watchdog->detection_ms)));
      out.push_back(fmt::format("priority-flow-control deadlock auto-recover cos {} delay {}", p,
                                units(wd->after.pfc_watchdog->restoration_ms)));
    }
    // What happens to packets during the recovery delay (ILN guide, "PFC
    // deadlock detection", step 5; default forwarding).
    out.push_back(
        std::string("priority-flow-control deadlock auto-recover action ") +
        (wd->after.pfc_watchdog->action == model::WatchdogAction::drop ? "discard" : "forwarding"));
  }
}

Result<std::vector<std::string>> port_lines(const model::Settings& want,
                                            const std::map<Knob, plan::Step>& knobs) {
  std::vector<std::string> lines;
  if (knobs.contains(Knob::mtu)) {
    if (!want.mtu_bytes)
      lines.push_back("undo jumboframe enable");
    else if (model::mtu_fit(*want.mtu_bytes, kMtu) != model::MtuFit::fits)
      return fail(ErrorKind::invalid_input, "mtu",
                  fmt::format("H3C jumbo frames are {}..{} bytes, not {}", kMtu.min_bytes,
                              kMtu.max_bytes, *want.mtu_bytes));
    else
      lines.push_back(fmt::format("jumboframe enable {}", *want.mtu_bytes));
  }
  if (knobs.contains(Knob::trust)) {
    if (want.trust == model::Trust::dscp)
      lines.push_back("qos trust dscp");
    else if (want.trust == model::Trust::pcp)
      lines.push_back("qos trust dot1p");
    else
      lines.push_back("undo qos trust");
  }
  if (knobs.contains(Knob::pfc)) {
    PriorityMask m = want.pfc_enabled.value_or(PriorityMask{});
    if (m.empty()) {
      lines.push_back("undo priority-flow-control enable");
    } else {
      lines.push_back("priority-flow-control enable");
      lines.push_back("priority-flow-control no-drop dot1p " + priority_list(m));
    }
  }
  if (knobs.contains(Knob::pfc_watchdog))
    lines.push_back(want.pfc_watchdog ? "priority-flow-control deadlock enable"
                                      : "undo priority-flow-control deadlock enable");
  if (knobs.contains(Knob::ets) && want.ets) {
    lines.push_back("qos wrr byte-count");
    for (unsigned q = 0; q < 8; ++q) {
      if (want.ets->tc_tsa[q] == model::Tsa::strict)
        lines.push_back(fmt::format("qos wrr {} group sp", q));
      else
        lines.push_back(
            fmt::format("qos wrr {} group 1 byte-count {}", q, want.ets->tc_bandwidth_percent[q]));
    }
  }
  if (knobs.contains(Knob::ecn) || knobs.contains(Knob::ecn_priorities))
    lines.push_back(model::ecn_traffic_classes(want, kDefaultDot1pLp).empty()
                        ? "undo qos wred apply"
                        : fmt::format("qos wred apply {}", kWredTable));
  return lines;
}

}  // namespace

uint64_t cells(uint64_t bytes) {
  return (bytes + kCellBytes - 1) / kCellBytes;
}

model::Settings representable(const Platform& platform, const model::Settings& intent,
                              Diagnostics& warnings) {
  (void)platform;  // no form here differs by model
  model::Settings out = intent;
  if (model::ets_weights_from_1_percent(out))
    cli::warn(warnings, kVendor, Knob::ets,
              "H3C WRR weights start at 1: ETS classes of 0 % are applied as weight 1, taken from "
              "the largest classes");
  if (model::widen_ecn_to_queues(out, kDefaultDot1pLp))
    cli::warn(warnings, kVendor, Knob::ecn_priorities,
              "H3C marks ECN per queue: every priority sharing a marked queue is marked");
  if (out.ecn) {
    model::Ecn held = *out.ecn;
    held.min_threshold_bytes = cells(held.min_threshold_bytes) * kCellBytes;
    held.max_threshold_bytes = cells(held.max_threshold_bytes) * kCellBytes;
    // Said whenever ECN is applied: the unit is an assumption the public
    // references do not settle (conformance/h3c.json, the queue low-limit form).
    cli::warn(warnings, kVendor, Knob::ecn,
              fmt::format("H3C WRED limits are queue lengths in a unit the public references do "
                          "not state; rocecfg assumes {}-byte cells: {}B/{}B are applied as "
                          "{}B/{}B ({}/{} cells): check the ASIC's cell size",
                          kCellBytes, out.ecn->min_threshold_bytes, out.ecn->max_threshold_bytes,
                          held.min_threshold_bytes, held.max_threshold_bytes,
                          cells(held.min_threshold_bytes), cells(held.max_threshold_bytes)));
    out.ecn = held;
  }
  if (out.pfc_watchdog) {
    model::PfcWatchdog& wd = *out.pfc_watchdog;
    // The recovery delay forwards or discards (`auto-recover action discard |
    // forwarding`); an alert-only watchdog has no equivalent.
    model::PfcWatchdog held{
        units(wd.detection_ms) * kDeadlockUnitMs, units(wd.restoration_ms) * kDeadlockUnitMs,
        wd.action == model::WatchdogAction::alert ? model::WatchdogAction::forward : wd.action};
    if (held.detection_ms != wd.detection_ms || held.restoration_ms != wd.restoration_ms)
      cli::warn(
          warnings, kVendor, Knob::pfc_watchdog,
          fmt::format("H3C deadlock times are 1..15 x 100 ms: {}ms/{}ms are applied as "
                      "{}ms/{}ms",
                      wd.detection_ms, wd.restoration_ms, held.detection_ms, held.restoration_ms));
    if (wd.action == model::WatchdogAction::alert)
      cli::warn(warnings, kVendor, Knob::pfc_watchdog,
                "H3C deadlock recovery forwards or discards: action alert is applied as forward");
    wd = held;
  }
  return out;
}

Result<std::vector<std::string>> render(const Platform& platform, const model::Settings& intent,
                                        const std::vector<std::string>& ports,
                                        const plan::Plan& changes, Diagnostics& warnings) {
  (void)warnings;  // representable() says what H3C cannot hold
  (void)platform;
  auto plan = cli::render_plan(changes, ports, &intent);
  if (!plan) return std::unexpected(plan.error());
  std::vector<std::string> out;
  global_lines(intent, *plan, out);
  if (auto ok = cli::interface_stanzas(intent, *plan, ports, port_lines, {false, " ", "quit"}, out);
      !ok)
    return std::unexpected(ok.error());
  deadlock_lines(intent, *plan, out);
  return out;
}

}  // namespace rocecfg::sw::h3c
