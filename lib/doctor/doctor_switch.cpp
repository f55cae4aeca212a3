#include "doctor/doctor_switch.h"

#include <fmt/format.h>

namespace rocecfg::doctor {

namespace {

std::string mask_text(const std::optional<PriorityMask>& m) {
  return m && !m->empty() ? "priority " + m->to_string() : "no priority";
}

// One drifted step, compared with the host: a finding if it breaks the
// end-to-end chain, else plain drift.
Finding judge_step(const sw::SwitchResult& r, const plan::Step& s, const HostSide& host,
                   const std::string& fix) {
  const model::Settings& sw = s.before;
  const model::Settings& h = host.settings;
  // engine targets: "global" for switch-wide knobs, else the port range
  std::string where = s.target.empty() || s.target == "global" || s.target == r.name ? r.name
                      : s.target.starts_with(r.name + " ")                           ? s.target
                                                           : r.name + " " + s.target;
  switch (s.knob) {
    case model::Knob::mtu:
      if (h.mtu_bytes && (!sw.mtu_bytes || *sw.mtu_bytes < *h.mtu_bytes))
        return {"mtu", Severity::problem,
                fmt::format("{} MTU {}, below host {} MTU {}", where,
                            sw.mtu_bytes ? std::to_string(*sw.mtu_bytes) : "default", host.ifname,
                            *h.mtu_bytes),
                "full-size RoCE frames from the host are dropped at the switch, and the host "
                "sees only timeouts and retransmits",
                fix};
      break;
    case model::Knob::pfc:
      if (h.pfc_enabled)
        for (uint8_t p = 0; p < 8; ++p) {
          Priority prio = *Priority::make(p);
          if (h.pfc_enabled->has(prio) && !(sw.pfc_enabled && sw.pfc_enabled->has(prio)))
            return {"pfc", Severity::problem,
                    fmt::format("{} PFC on {}, host {} PFC on {}", where, mask_text(sw.pfc_enabled),
                                host.ifname, mask_text(h.pfc_enabled)),
                    fmt::format("under congestion the switch drops priority {} instead of "
                                "pausing: the lossless class is lossy at this hop",
                                p),
                    fix};
        }
      break;
    case model::Knob::dscp_map:
      if (h.dscp_priority)
        for (const auto& [dscp, prio] : *h.dscp_priority) {
          std::optional<Priority> theirs;
          if (sw.dscp_priority)
            if (auto it = sw.dscp_priority->find(dscp); it != sw.dscp_priority->end())
              theirs = it->second;
          if (theirs != prio)
            return {"dscp", Severity::problem,
                    fmt::format("{} classifies DSCP {} to {}, host {} to priority {}", where, dscp,
                                theirs ? fmt::format("priority {}", *theirs) : "the default",
                                host.ifname, prio),
                    "RoCE packets leave the host in the lossless class and enter a different "
                    "queue at the switch: no PFC, no ECN for them there",
                    fix};
        }
      break;
    case model::Knob::ecn_priorities:
      if (h.dcqcn && h.dcqcn->enabled && h.pfc_enabled)
        for (uint8_t p = 0; p < 8; ++p) {
          Priority prio = *Priority::make(p);
          if (h.pfc_enabled->has(prio) && !(sw.ecn_priorities && sw.ecn_priorities->has(prio)))
            return {"ecn", Severity::problem,
                    fmt::format("{} ECN marking on {}, host {} runs DCQCN on priority {}", where,
                                mask_text(sw.ecn_priorities), host.ifname, p),
                    "without marks there are no CNPs: DCQCN never slows senders and congestion "
                    "is left to PFC alone",
                    fix};
        }
      break;
    default:
      break;
  }
  return {std::string(model::knob_name(s.knob)), Severity::warning,
          fmt::format("{} {}: {}, profile {}", where, model::knob_name(s.knob),
                      model::knob_value_text(s.before, s.knob),
                      model::knob_value_text(s.after, s.knob)),
          "the switch differs from the profile (host and switch still agree on this hop)", fix};
}

}  // namespace

std::vector<Finding> check_switches(const std::vector<sw::SwitchResult>& audits,
                                    const model::Settings& /*switch_intent*/, const HostSide& host,
                                    const std::string& fix_command) {
  std::vector<Finding> out;
  for (const sw::SwitchResult& r : audits) {
    std::string fix = fmt::format("{} --switch {}", fix_command, r.name);
    if (r.outcome == sw::SwitchOutcome::in_sync) {
      out.push_back(
          {"switch", Severity::ok,
           fmt::format("{}: MTU, PFC, DSCP map and ECN as the profile says (read live)", r.name),
           "", ""});
      continue;
    }
    if (r.outcome != sw::SwitchOutcome::drift) {
      out.push_back(
          {"switch", Severity::warning,
           fmt::format("{}: not read ({}): {}", r.name, sw::to_string(r.outcome), r.reason),
           "the switch half of the chain is unchecked",
           "check the inventory entry, SSH reachability and the host key"});
      continue;
    }
    for (const plan::Step& s : r.plan.steps)
      if (s.kind == plan::StepKind::change) out.push_back(judge_step(r, s, host, fix));
  }
  return out;
}

}  // namespace rocecfg::doctor
