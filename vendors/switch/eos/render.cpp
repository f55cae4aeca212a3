// Intent -> EOS configuration commands (see eos.h for the model). Commands are
// indented as `show running-config` prints them so `rocecfg render` reads
// like the config it produces; the CLI ignores the indentation, and explicit
// `exit`s close each sub-mode so nothing depends on EOS walking up modes.
#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/ports.h"
#include "eos.h"

namespace rocecfg::sw::eos {

namespace {

using model::Knob;

// Unknown only offline (`rocecfg render` without --queues): an apply reads it
// from the switch first (queue_form_command) unless the inventory states it.
std::string_view queue_keyword(const Platform& platform) {
  return platform.queue_keyword.empty() ? kTxQueue : std::string_view(platform.queue_keyword);
}

std::string ecn_line(const model::Ecn& ecn) {
  return fmt::format(
      "random-detect ecn minimum-threshold {} bytes maximum-threshold {} bytes "
      "max-mark-probability {} weight 0",
      ecn.min_threshold_bytes, ecn.max_threshold_bytes, ecn.mark_probability_percent);
}

// Per tx-queue lines for the ETS and ECN knobs of one port.
std::map<unsigned, std::vector<std::string>> queue_lines(const model::Settings& want,
                                                         const std::map<Knob, plan::Step>& knobs) {
  std::map<unsigned, std::vector<std::string>> q;
  if (auto it = knobs.find(Knob::ets); it != knobs.end() && want.ets) {
    const auto& before = it->second.before.ets;
    for (unsigned t = 0; t < 8; ++t) {
      if (want.ets->tc_tsa[t] == model::Tsa::strict) {
        q[t].push_back("priority strict");
        continue;
      }
      q[t].push_back("no priority");
      uint8_t bw = want.ets->tc_bandwidth_percent[t];
      if (bw > 0)
        q[t].push_back(fmt::format("bandwidth percent {}", bw));
      else if (before && before->tc_bandwidth_percent[t] > 0)
        q[t].push_back("no bandwidth percent");
    }
  }
  bool ecn_planned = knobs.contains(Knob::ecn) || knobs.contains(Knob::ecn_priorities);
  if (ecn_planned) {
    std::set<TrafficClass> now = model::ecn_traffic_classes(want);
    for (TrafficClass t : now) q[t.value()].push_back(ecn_line(*want.ecn));
    for (TrafficClass t : cli::ecn_queues_before(knobs, want))
      if (!now.contains(t)) q[t.value()].push_back("no random-detect ecn");
  }
  return q;
}

Result<std::vector<std::string>> port_lines(std::string_view queue_keyword,
                                            const model::Settings& want,
                                            const std::map<Knob, plan::Step>& knobs) {
  std::vector<std::string> lines;
  if (knobs.contains(Knob::mtu) && !want.mtu_bytes) lines.push_back("no mtu");
  if (knobs.contains(Knob::mtu) && want.mtu_bytes) {
    // representable() has lowered an MTU above the maximum already.
    if (model::mtu_fit(*want.mtu_bytes, kMtu) != model::MtuFit::fits)
      return fail(ErrorKind::invalid_input, "mtu",
                  fmt::format("EOS takes MTU {}..{}, not {}", kMtu.min_bytes, kMtu.max_bytes,
                              *want.mtu_bytes));
    lines.push_back(fmt::format("mtu {}", *want.mtu_bytes));
  }
  if (knobs.contains(Knob::trust) && !want.trust) lines.push_back("no qos trust");
  if (knobs.contains(Knob::trust) && want.trust)
    lines.push_back(want.trust == model::Trust::dscp ? "qos trust dscp" : "qos trust cos");
  if (auto it = knobs.find(Knob::pfc); it != knobs.end() && want.pfc_enabled) {
    PriorityMask before = it->second.before.pfc_enabled.value_or(PriorityMask{});
    if (!want.pfc_enabled->empty()) lines.push_back("priority-flow-control on");
    for (unsigned p = 0; p < 8; ++p) {
      auto prio = Priority::unchecked(p);
      if (want.pfc_enabled->has(prio))
        lines.push_back(fmt::format("priority-flow-control priority {} no-drop", p));
      else if (before.has(prio))
        lines.push_back(fmt::format("no priority-flow-control priority {} no-drop", p));
    }
    if (want.pfc_enabled->empty()) lines.push_back("no priority-flow-control on");
  }
  if (knobs.contains(Knob::pfc_watchdog))
    lines.push_back(want.pfc_watchdog ? "priority-flow-control pause watchdog"
                                      : "no priority-flow-control pause watchdog");
  for (const auto& [queue, qlines] : queue_lines(want, knobs)) {
    lines.push_back(fmt::format("{} {}", queue_keyword, queue));
    for (const auto& l : qlines) lines.push_back("   " + l);
    lines.push_back("   exit");
  }
  return lines;
}

std::vector<std::string> global_lines(const model::Settings& intent, const cli::RenderPlan& plan) {
  std::vector<std::string> lines;
  model::Settings want = plan.global_want(intent);
  // Classification: one line per traffic class, code points ascending.
  model::DscpPriorityMap entries;
  if (plan.has_global(Knob::dscp_map)) entries = cli::dscp_entries(want);
  if (plan.has_global(Knob::cnp) && want.cnp) entries[want.cnp->dscp] = want.cnp->priority;
  std::map<Priority, std::vector<std::string>> by_tc;
  for (auto [dscp, prio] : entries) by_tc[prio].push_back(std::to_string(dscp.value()));
  for (const auto& [tc, dscps] : by_tc)
    lines.push_back(fmt::format("qos map dscp {} to traffic-class {}", cli::join(dscps, " "), tc));

  if (const plan::Step* ets = plan.any_port_step(Knob::ets); ets && ets->after.ets) {
    // Priority -> queue is switch-wide on EOS; identity is the default and
    // is restored explicitly where a port observed something else.
    const auto& prio_tc = ets->after.ets->prio_tc;
    std::set<unsigned> touched;
    for (unsigned p = 0; p < 8; ++p)
      if (prio_tc[p].value() != p) touched.insert(p);
    for (const auto& [port, knobs] : plan.ports)
      if (auto it = knobs.find(Knob::ets); it != knobs.end() && it->second.before.ets)
        for (unsigned p = 0; p < 8; ++p)
          if (it->second.before.ets->prio_tc[p] != prio_tc[p]) touched.insert(p);
    for (unsigned p : touched)
      lines.push_back(fmt::format("qos map traffic-class {} to tx-queue {}", p, prio_tc[p]));
  }

  if (const plan::Step* wds = plan.any_port_step(Knob::pfc_watchdog);
      wds && wds->after.pfc_watchdog) {
    const auto& wd = *wds->after.pfc_watchdog;
    lines.push_back("priority-flow-control pause watchdog default timeout " +
                    cli::seconds_text(wd.detection_ms));
    lines.push_back("priority-flow-control pause watchdog default recovery-time " +
                    cli::seconds_text(wd.restoration_ms));
    lines.push_back(std::string("priority-flow-control pause watchdog action ") +
                    (wd.action == model::WatchdogAction::forward ? "no-drop" : "drop"));
  }
  return lines;
}

// No round-robin tx-queue above a strict one. Queues are strict by default
// and `no priority` makes one round-robin; whether a round-robin queue above
// a strict queue drags it into round-robin could not be read from a public
// Arista document here (conformance/eos.json, not_used), so rocecfg never
// builds that order: every class above the highest strict one stays strict,
// as in the ROCm guide's 7388 RoCE example (queue 6 strict, queue 7 left at
// its strict default; ROCm/gpu-cluster-networking docs/how-to/
// roce-network-config.rst).
void keep_strict_on_top(std::string_view queue_keyword, model::Settings& out,
                        Diagnostics& warnings) {
  if (!out.ets) return;
  model::Ets& e = *out.ets;
  int top = -1;
  for (int t = 0; t < 8; ++t)
    if (e.tc_tsa[t] == model::Tsa::strict) top = t;
  for (int t = top + 1; top >= 0 && t < 8; ++t) {
    if (e.tc_tsa[t] == model::Tsa::strict) continue;
    cli::warn(warnings, kVendor, Knob::ets,
              fmt::format("EOS: {} {} is above strict {} {} and stays strict (its {} % is not "
                          "applied), so no round-robin queue sits above a strict one",
                          queue_keyword, t, queue_keyword, top, e.tc_bandwidth_percent[t]));
    e.tc_tsa[t] = model::Tsa::strict;
    e.tc_bandwidth_percent[t] = 0;
  }
}

}  // namespace

model::Settings representable(const Platform& platform, const model::Settings& intent,
                              Diagnostics& warnings) {
  model::Settings out = intent;
  if (uint32_t asked = out.mtu_bytes.value_or(0); model::clamp_mtu(out, kMtu))
    cli::warn(warnings, kVendor, Knob::mtu,
              fmt::format("EOS interfaces take at most {} bytes: MTU {} is applied as {}",
                          kMtu.max_bytes, asked, kMtu.max_bytes));
  if (model::widen_ecn_to_queues(out))
    cli::warn(warnings, kVendor, Knob::ecn_priorities,
              "EOS marks ECN per tx-queue: every priority sharing a marked queue is marked");
  keep_strict_on_top(queue_keyword(platform), out, warnings);
  // Timers are seconds with at most two decimals (AVD priority_flow_control
  // schema, watchdog.timeout/recovery_time pattern): 10 ms steps.
  if (out.pfc_watchdog) {
    model::PfcWatchdog& wd = *out.pfc_watchdog;
    auto step = [](uint32_t ms) { return std::max<uint32_t>(10, (ms + 5) / 10 * 10); };
    if (step(wd.detection_ms) != wd.detection_ms || step(wd.restoration_ms) != wd.restoration_ms)
      cli::warn(warnings, kVendor, Knob::pfc_watchdog,
                fmt::format("EOS watchdog timers take 10 ms steps: {}ms/{}ms are applied as "
                            "{}ms/{}ms",
                            wd.detection_ms, wd.restoration_ms, step(wd.detection_ms),
                            step(wd.restoration_ms)));
    wd.detection_ms = step(wd.detection_ms);
    wd.restoration_ms = step(wd.restoration_ms);
  }
  // Actions are drop or no-drop (AVD priority_flow_control schema,
  // watchdog.action); no-drop keeps forwarding the stuck queue (parse.cpp).
  if (out.pfc_watchdog && out.pfc_watchdog->action == model::WatchdogAction::alert) {
    cli::warn(warnings, kVendor, Knob::pfc_watchdog,
              "EOS watchdog actions are drop or no-drop: action alert is applied as no-drop "
              "(forward)");
    out.pfc_watchdog->action = model::WatchdogAction::forward;
  }
  return out;
}

Result<std::vector<std::string>> render(const Platform& platform, const model::Settings& intent,
                                        const std::vector<std::string>& ports,
                                        const plan::Plan& changes, Diagnostics& warnings) {
  (void)warnings;  // representable() says what this vendor cannot hold
  auto plan = cli::render_plan(changes, ports, &intent);
  if (!plan) return std::unexpected(plan.error());
  std::vector<std::string> out = global_lines(intent, *plan);
  const std::string keyword(queue_keyword(platform));
  auto lines = [&keyword](const model::Settings& want, const std::map<Knob, plan::Step>& knobs) {
    return port_lines(keyword, want, knobs);
  };
  if (auto ok = cli::interface_stanzas(intent, *plan, ports, lines, {true, "   ", "exit"}, out);
      !ok)
    return std::unexpected(ok.error());
  return out;
}

}  // namespace rocecfg::sw::eos
