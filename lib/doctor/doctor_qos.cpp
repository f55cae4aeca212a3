// The cross-layer QoS chain, the single most common RoCE misconfiguration:
// the NIC stamps RDMA-CM's ToS (DSCP << 2 | ECN) on every packet; the
// receiving port (host or switch) must trust DSCP and map that DSCP to the
// priority that has PFC; DCQCN only works when ECN marks that priority and
// CNPs travel on a DSCP that is not stuck behind the paused queue.
#include <fmt/format.h>

#include "doctor/doctor.h"

namespace rocecfg::doctor {

namespace {

Finding finding(const std::string& check, Severity s, std::string seen, std::string why = {},
                std::string fix = {}) {
  return Finding{check, s, std::move(seen), std::move(why), std::move(fix)};
}

std::optional<uint8_t> priority_of(const model::Settings& s, uint8_t dscp) {
  auto code = Dscp::make(dscp);
  if (!s.dscp_priority || !code) return std::nullopt;
  auto it = s.dscp_priority->find(*code);
  if (it == s.dscp_priority->end()) return std::nullopt;
  return it->second.value();
}

}  // namespace

std::vector<Finding> check_qos_chain(const std::string& ifname, const profile::Intent& intent,
                                     const std::optional<model::Settings>& observed,
                                     const std::string& profile_path) {
  std::vector<Finding> out;
  const model::Settings want = intent.host_settings();
  // Judge what the NIC does now when we can see it, else the profile itself.
  const model::Settings& s = observed ? *observed : want;
  const std::string where = observed ? ifname : std::string("profile");
  const std::string apply = fmt::format("rocecfg apply {}", profile_path);

  // 1. RDMA-CM ToS -> DSCP.
  std::optional<uint8_t> tos = s.roce_tos;
  if (!tos && observed && want.roce_tos) {
    // The profile sets it; the device showed none (no RDMA device behind the
    // netdev, no rdma_cm configfs, or not readable): the fix is on the host,
    // not in the profile. The rest of the chain is judged on the profile.
    out.push_back(finding(
        "dscp", Severity::warning,
        fmt::format("{}: RDMA-CM default ToS not read (the profile sets {})", ifname,
                    *want.roce_tos),
        "rdma_cm connections send DSCP 0 unless the device's default ToS is set; it lives in "
        "the RDMA device's configfs (/sys/kernel/config/rdma_cm/DEV/ports/N/default_roce_tos)",
        fmt::format("`rocecfg audit {} -i {}` says why it could not be read; {} sets it",
                    profile_path, ifname, apply)));
    std::vector<Finding> rest = check_qos_chain(ifname, intent, std::nullopt, profile_path);
    out.insert(out.end(), rest.begin(), rest.end());
    return out;
  }
  if (!tos) {
    out.push_back(
        finding("dscp", Severity::warning, fmt::format("{}: RDMA-CM default ToS not set", where),
                "rdma_cm connections then send DSCP 0, which lands in the lossy "
                "default class on most switches",
                "set [rdma_cm] tos in the profile (e.g. 106 = DSCP 26 + ECT(0)), then " + apply));
    return out;
  }
  uint8_t dscp = static_cast<uint8_t>(*tos >> 2);
  // 2. trust and DSCP map -> priority.
  if (s.trust && *s.trust != model::Trust::dscp)
    out.push_back(finding(
        "dscp", Severity::problem,
        fmt::format("{}: trust is {}, RoCE marks DSCP {}", where, model::to_string(*s.trust), dscp),
        "routed RoCE v2 carries no VLAN PCP; with PCP trust every RoCE packet is priority 0",
        "[lossless] trust = \"dscp\" in the profile, then " + apply));
  std::optional<uint8_t> prio = priority_of(s, dscp);
  if (!prio) {
    out.push_back(
        finding("dscp", Severity::problem,
                fmt::format("{}: DSCP {} (ToS {}) is not mapped to a priority", where, dscp, *tos),
                "unmapped DSCP falls to priority 0, which has no PFC: RoCE is lossy",
                fmt::format("add {} to [lossless] dscp in the profile, then {}", dscp, apply)));
    return out;
  }
  out.push_back(
      finding("dscp", Severity::ok,
              fmt::format("{}: ToS {} -> DSCP {} -> priority {}", where, *tos, dscp, *prio)));
  // 3. PFC on that priority.
  PriorityMask pfc = s.pfc_enabled.value_or(PriorityMask());
  Priority p = Priority::unchecked(*prio);
  if (!pfc.has(p))
    out.push_back(finding(
        "pfc", Severity::problem,
        fmt::format("{}: RoCE rides priority {}, PFC is on {}", where, *prio, pfc.to_string()),
        "without PFC on the RoCE priority a full queue drops packets; RC transport then "
        "retransmits (go-back-N) and throughput collapses",
        fmt::format("[lossless] priorities must contain {}, then {}", *prio, apply)));
  else
    out.push_back(
        finding("pfc", Severity::ok,
                fmt::format("{}: PFC on priority {} ({})", where, *prio, pfc.to_string())));
  if (observed && want.pfc_enabled && observed->pfc_enabled &&
      *want.pfc_enabled != *observed->pfc_enabled)
    out.push_back(
        finding("pfc", Severity::problem,
                fmt::format("{}: PFC on {}, profile says {}", ifname,
                            observed->pfc_enabled->to_string(), want.pfc_enabled->to_string()),
                "host and switch disagree about which priority is lossless",
                apply + " (rocecfg audit shows all drift)"));
  // 4. ECN / CNP versus DCQCN.
  bool dcqcn = s.dcqcn && s.dcqcn->enabled;
  bool ecn_on_prio = s.ecn_priorities && s.ecn_priorities->has(p);
  if (dcqcn && s.ecn_priorities && !ecn_on_prio)
    out.push_back(finding(
        "ecn", Severity::problem,
        fmt::format("{}: DCQCN on, ECN marks priorities {}, RoCE is on {}", where,
                    s.ecn_priorities->to_string(), *prio),
        "DCQCN only slows senders when packets of their priority get ECN-marked; without marks "
        "congestion is handled by PFC alone (pause storms, head-of-line blocking)",
        "mark ECN on the lossless priority ([ecn] in the profile), then " + apply));
  if (dcqcn && (*tos & 0x3) == 0)
    out.push_back(finding(
        "ecn", Severity::warning, fmt::format("{}: ToS {} has ECN bits 00 (Not-ECT)", where, *tos),
        "switches do not mark Not-ECT packets, they drop or pause them; "
        "NICs usually set ECT themselves, but not all do",
        fmt::format("[rdma_cm] tos = {} (DSCP {} with ECT(0))", (dscp << 2) | 2, dscp)));
  if (s.cnp) {
    if (s.cnp->dscp.value() == dscp)
      out.push_back(finding("ecn", Severity::problem,
                            fmt::format("{}: CNPs use DSCP {}, the same as data", where, dscp),
                            "CNPs queued behind the congested data arrive too late to help",
                            "[cnp] dscp = 48 and [cnp] priority = 6 (a strict-priority class)"));
    else if (pfc.has(s.cnp->priority))
      out.push_back(
          finding("ecn", Severity::warning,
                  fmt::format("{}: CNPs on priority {}, which has PFC", where, s.cnp->priority),
                  "a paused lossless queue also delays the congestion notifications",
                  "[cnp] priority = 6 with [ets] strict = [6]"));
    else
      out.push_back(finding("ecn", Severity::ok,
                            fmt::format("{}: CNP DSCP {} priority {}{}", where, s.cnp->dscp,
                                        s.cnp->priority, dcqcn ? ", DCQCN on" : "")));
  } else if (!dcqcn && intent.congestion_algorithm() == model::CongestionAlgorithm::programmable) {
    out.push_back(finding("ecn", Severity::info,
                          fmt::format("{}: DCQCN off: programmable congestion control", where),
                          "the NIC's own algorithm reacts to congestion; CNP and ECN counters "
                          "are not judged",
                          ""));
  } else if (!dcqcn) {
    out.push_back(finding("ecn", Severity::info,
                          fmt::format("{}: DCQCN off: PFC-only fabric", where),
                          "valid (Meta runs 400G this way) if switch buffers absorb incast; "
                          "watch pause counters",
                          ""));
  }
  // 5. The switch side, from the profile: it must carry the host's frames.
  if (intent.switch_mtu_bytes && want.mtu_bytes && *intent.switch_mtu_bytes < *want.mtu_bytes)
    out.push_back(finding("mtu", Severity::problem,
                          fmt::format("profile: switch MTU {} < host MTU {}",
                                      *intent.switch_mtu_bytes, *want.mtu_bytes),
                          "the switch drops frames larger than its MTU silently",
                          "[mtu] switch_bytes >= host_bytes (9216 for 9000-byte hosts)"));
  return out;
}

}  // namespace rocecfg::doctor
