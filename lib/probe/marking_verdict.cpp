#include "probe/marking_verdict.h"

#include <fmt/format.h>

#include "probe/grh.h"
#include "profile/workload_intent.h"

namespace rocecfg::probe {

std::string describe_tos(uint8_t tos) {
  return fmt::format("ToS {} ({})", tos, profile::describe_tos(tos));
}

namespace {

// The ToS RDMA-CM put in the address handle against the profile's
// rdma_cm.tos: every rdma_cm application (perftest -R, rping, NVMe-oF, iSER,
// SMB Direct) sends with it unless it sets its own.
void judge_cm_tos(const MarkingOutcome& o, const std::optional<uint8_t>& want,
                  const std::string& phase, std::vector<Finding>& findings) {
  const CmFacts& cm = *o.rdma_cm;
  const std::string fig = fmt::format("rdma_cm ToS ({})", phase);
  const std::string from = fmt::format("{} port {}", cm.device, cm.port);
  if (!want) {
    findings.push_back({Level::skip, "marking", fig,
                        fmt::format("RDMA-CM chose {} on {}; the profile sets no rdma_cm.tos",
                                    describe_tos(o.sent_tos), from)});
  } else if (*want == o.sent_tos) {
    findings.push_back({Level::pass, "marking", fig,
                        fmt::format("RDMA-CM chose {} on {}, the profile's rdma_cm.tos",
                                    describe_tos(o.sent_tos), from)});
  } else {
    findings.push_back(
        {Level::fail, "marking", fig,
         fmt::format("RDMA-CM sends {} from {}, the profile's rdma_cm.tos is {}: rdma_cm "
                     "applications travel outside the profile's class (configfs "
                     "rdma_cm/{}/ports/{}/default_roce_tos; rocecfg apply sets it)",
                     describe_tos(o.sent_tos), from, describe_tos(*want), cm.device, cm.port)});
  }
}

}  // namespace

void judge_marking(const MarkingRecord& rec, const Expectations& exp,
                   std::vector<Finding>& findings) {
  auto add = [&](Level l, std::string figure, std::string message) {
    findings.push_back({l, "marking", std::move(figure), std::move(message)});
  };
  const std::string& phase = rec.phase;
  if (rec.error && rec.error->message.find("unknown session kind") != std::string::npos) {
    // A server built before the marking phase (or its rdma_cm mode) refuses
    // its hello by name.
    add(Level::skip, fmt::format("marking ({})", phase),
        rec.error->message.find("session kind 5") != std::string::npos
            ? "the peer's rocecfg cannot connect the marking phase through rdma_cm (older "
              "build): the RDMA-CM ToS on the wire not observed"
            : "the peer's rocecfg has no marking phase (older build): DSCP/ECN on arrival not "
              "observed");
    return;
  }
  if (rec.error) {
    findings.push_back(
        {Level::fail, "test", fmt::format("{} marking", phase), rec.error->to_string()});
    return;
  }
  if (!rec.outcome) return;
  const MarkingOutcome& o = *rec.outcome;
  if (o.rdma_cm) judge_cm_tos(o, exp.rdma_cm_tos, phase, findings);
  const MarkingTally& t = o.arrived;
  if (t.received == 0) {
    add(Level::fail, fmt::format("marking ({})", phase),
        fmt::format("none of {} marking packets arrived", o.sent));
    return;
  }
  const uint64_t readable = t.received - t.unreadable;
  if (readable == 0) {
    add(Level::skip, fmt::format("marking ({})", phase),
        fmt::format("{} packets arrived without a readable network header (GRH)", t.received));
    return;
  }
  const uint8_t sent_dscp = tos_dscp(o.sent_tos);
  const Ecn sent_ecn = tos_ecn(o.sent_tos);
  std::map<uint8_t, uint64_t> by_dscp;
  uint64_t not_ect = 0, ce = 0;
  for (const auto& [tos, n] : t.by_tos) {
    by_dscp[tos_dscp(tos)] += n;
    if (tos_ecn(tos) == Ecn::not_ect) not_ect += n;
    if (tos_ecn(tos) == Ecn::ce) ce += n;
  }
  // Of how many: the packets whose header we read, and those lost on the way.
  const std::string of = o.sent > t.received
                             ? fmt::format("{} of {} packets ({} sent, {} lost)", readable,
                                           readable, o.sent, o.sent - t.received)
                             : fmt::format("{} of {} packets", readable, readable);

  const std::string dscp_fig = fmt::format("marking DSCP ({})", phase);
  const uint64_t kept = by_dscp.count(sent_dscp) ? by_dscp[sent_dscp] : 0;
  if (kept == readable) {
    add(Level::pass, dscp_fig, fmt::format("sent {}, received {} on {}", sent_dscp, sent_dscp, of));
  } else {
    std::string received;
    for (const auto& [d, n] : by_dscp)
      if (d != sent_dscp || by_dscp.size() > 1)
        received +=
            fmt::format("{}{}", received.empty() ? "" : ", ",
                        by_dscp.size() == 1 ? fmt::format("{}", d) : fmt::format("{} on {}", d, n));
    add(Level::fail, dscp_fig,
        fmt::format("DSCP rewritten on the path: sent {}, received {} \u2014 a switch on the "
                    "path does not trust DSCP; RoCE travels in the lossy class ({} of {} "
                    "packets rewritten)",
                    sent_dscp, received, readable - kept, readable));
  }

  const std::string ecn_fig = fmt::format("marking ECN ({})", phase);
  const model::CongestionRule rule = model::congestion_rule(exp.congestion);
  const bool want_ect = sent_ecn != Ecn::not_ect || rule.ect_required;
  if (not_ect > 0 && want_ect) {
    const bool dcqcn = rule.ect_required;
    add(dcqcn ? Level::fail : Level::warn, ecn_fig,
        fmt::format("not ECN-capable on the wire (ECT not set): sent {}, received Not-ECT on "
                    "{} of {} packets{}",
                    to_string(sent_ecn), not_ect, readable,
                    dcqcn ? "; DCQCN cannot work: switches drop or pause instead of marking" : ""));
  } else {
    add(Level::pass, ecn_fig,
        not_ect
            ? fmt::format("sent Not-ECT, received Not-ECT on {} of {} packets", not_ect, readable)
            : fmt::format("sent {}, ECN-capable on arrival on {}", to_string(sent_ecn), of));
  }

  if (sent_ecn == Ecn::ce) return;  // every packet left as CE: marks cannot be told apart
  const std::string ce_fig = fmt::format("marking CE ({})", phase);
  if (ce == 0) {
    add(Level::pass, ce_fig, fmt::format("0 of {} packets CE-marked", readable));
  } else if (phase == "loaded") {
    add(rule.ce_expected ? Level::pass : Level::warn, ce_fig,
        fmt::format("{} packets CE-marked under load (of {}; {})", ce, readable,
                    rule.ce_expected ? fmt::format("expected with {}", rule.name)
                                     : "DCQCN is not enabled: nothing slows the senders"));
  } else {
    add(Level::warn, ce_fig,
        fmt::format("{} packets CE-marked while idle (of {}): a queue on the path is congested "
                    "without our load, or marks below its ECN threshold",
                    ce, readable));
  }
}

}  // namespace rocecfg::probe
