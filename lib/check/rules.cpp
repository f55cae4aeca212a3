#include "check/rules.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "check/agreement.h"
#include "model/path_mtu.h"

namespace rocecfg::check {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::agree:
      return "agree";
    case Verdict::disagree:
      return "DISAGREE";
    case Verdict::unknown:
      return "unknown";
    case Verdict::waived:
      return "waived";
  }
  return "?";
}

namespace {

constexpr std::initializer_list<DeviceKind> kEveryDevice = {DeviceKind::host, DeviceKind::switch_};
constexpr std::initializer_list<DeviceKind> kSwitches = {DeviceKind::switch_};

std::string priorities_text(PriorityMask m) {
  return m.empty() ? "none" : "priority " + m.to_string();
}

}  // namespace

std::vector<Finding> judge_lossless_priority(const std::vector<DeviceReading>& devices,
                                             const FabricFacts&) {
  return agreement(
      "lossless_priority", "PFC on", observe(devices, kEveryDevice, [](const Endpoint& e) {
        return e.settings.pfc_enabled ? std::optional(priorities_text(*e.settings.pfc_enabled))
                                      : std::nullopt;
      }));
}

std::vector<Finding> judge_trust(const std::vector<DeviceReading>& devices, const FabricFacts&) {
  return agreement("trust", "trust", observe(devices, kEveryDevice, [](const Endpoint& e) {
                     return e.settings.trust
                                ? std::optional<std::string>(model::to_string(*e.settings.trust))
                                : std::nullopt;
                   }));
}

std::vector<Finding> judge_dscp_map(const std::vector<DeviceReading>& devices,
                                    const FabricFacts& facts) {
  // The DSCPs the fabric relies on: what the job sends, what the profile
  // maps, and what CNPs carry. Other DSCPs may differ harmlessly.
  std::vector<uint8_t> dscps = facts.lossless_dscp;
  dscps.insert(dscps.end(), facts.mapped_dscp.begin(), facts.mapped_dscp.end());
  if (facts.cnp_dscp) dscps.push_back(*facts.cnp_dscp);
  std::sort(dscps.begin(), dscps.end());
  dscps.erase(std::unique(dscps.begin(), dscps.end()), dscps.end());
  std::vector<Finding> out;
  for (uint8_t d : dscps) {
    Dscp dscp = Dscp::unchecked(d);
    auto rows = agreement(
        "dscp_map", fmt::format("DSCP {} ->", d),
        observe(devices, kEveryDevice, [&](const Endpoint& e) {
          if (!e.settings.dscp_priority) return std::optional<std::string>();
          auto it = e.settings.dscp_priority->find(dscp);
          return std::optional<std::string>(it == e.settings.dscp_priority->end()
                                                ? "unmapped (the default class)"
                                                : fmt::format("priority {}", it->second.value()));
        }));
    out.insert(out.end(), rows.begin(), rows.end());
  }
  if (dscps.empty())
    out.push_back({"dscp_map", Verdict::unknown, "fabric",
                   "the profile names no DSCP ([lossless] dscp, [dscp_map], [cnp] dscp)"});
  return out;
}

uint32_t switch_mtu_framing_bytes(std::string_view vendor) {
  // H3C Comware: `jumboframe enable N` is the largest Ethernet frame the port
  // passes (vendors/switch/h3c/h3c.h), so the IP packet gets N less the
  // framing around it: Ethernet header 14 + 802.1Q tag 4 + FCS 4 (IEEE
  // 802.3 clause 3.1.1, 802.1Q 9.3). Cumulus and SONiC (Linux netdev MTU),
  // EOS `mtu`, NX-OS `mtu` and Huawei CE `mtu` are IP MTUs.
  return vendor == "h3c" ? 14 + 4 + 4 : 0;
}

std::vector<Finding> judge_roce_mtu(const std::vector<DeviceReading>& devices, const FabricFacts&) {
  // A host sends RoCE packets of at most its RoCE path MTU (the largest IB
  // MTU that fits its netdev MTU) plus the header stack the kernel reserves
  // for it (model/path_mtu.h, iboe_get_mtu: GRH/IPv6 40 -- IPv4's 20 fits in
  // it -- + UDP 8 + BTH 12 + XRC 4 + AtomicETH 28 (the largest extended
  // header; RETH is 16) + ICRC 4 = 96). Every switch port on the path must
  // carry that IP packet.
  std::vector<Finding> out;
  struct Sender {
    std::string where;
    uint32_t mtu_bytes, packet_bytes;
  };
  std::vector<Sender> senders;
  for (const Seen& s : observe(devices, {DeviceKind::host}, [](const Endpoint& e) {
         return e.settings.mtu_bytes ? std::optional(std::to_string(*e.settings.mtu_bytes))
                                     : std::nullopt;
       })) {
    if (!s.value) {
      out.push_back({"roce_mtu", Verdict::unknown, where(s), "MTU not observed"});
      continue;
    }
    uint32_t mtu = static_cast<uint32_t>(std::stoul(*s.value));
    uint32_t path = model::roce_path_mtu_for(mtu);
    if (path > 0) senders.push_back({where(s), mtu, path + model::kRoceHeaderBytes});
  }
  std::stable_sort(senders.begin(), senders.end(), [](const Sender& a, const Sender& b) {
    return a.packet_bytes > b.packet_bytes;
  });
  auto sender_text = [](const Sender& h) {
    return fmt::format(
        "{} sends RoCE packets up to {} bytes (MTU {}: path MTU {} + {} header bytes)", h.where,
        h.packet_bytes, h.mtu_bytes, h.packet_bytes - model::kRoceHeaderBytes,
        model::kRoceHeaderBytes);
  };
  std::optional<std::pair<uint32_t, std::string>> smallest;  // IP bytes, where
  bool short_port = false;
  for (const Seen& s : observe(devices, kSwitches, [](const Endpoint& e) {
         return e.settings.mtu_bytes ? std::optional(std::to_string(*e.settings.mtu_bytes))
                                     : std::nullopt;
       })) {
    if (!s.value) {
      out.push_back({"roce_mtu", Verdict::unknown, where(s), "MTU not observed"});
      continue;
    }
    uint32_t mtu = static_cast<uint32_t>(std::stoul(*s.value));
    uint32_t framing = switch_mtu_framing_bytes(s.device->vendor);
    uint32_t ip_bytes = mtu > framing ? mtu - framing : 0;
    if (!smallest || ip_bytes < smallest->first) smallest.emplace(ip_bytes, where(s));
    if (senders.empty() || senders.front().packet_bytes <= ip_bytes) continue;
    size_t over =
        static_cast<size_t>(std::count_if(senders.begin(), senders.end(), [&](const Sender& h) {
          return h.packet_bytes > ip_bytes;
        }));
    short_port = true;
    out.push_back(
        {"roce_mtu", Verdict::disagree, where(s),
         fmt::format(
             "MTU {} carries IP packets up to {} bytes{}; {}{}", mtu, ip_bytes,
             framing ? fmt::format(" (frame size less {} bytes of Ethernet framing)", framing) : "",
             sender_text(senders.front()),
             over > 1 ? fmt::format(" (+{} more NICs)", over - 1) : "")});
  }
  if (!short_port && !senders.empty() && smallest)
    out.insert(out.begin(),
               {"roce_mtu", Verdict::agree, "fabric",
                fmt::format("{}; the smallest switch port, {}, carries {}",
                            sender_text(senders.front()), smallest->second, smallest->first)});
  else if (senders.empty() || !smallest)
    out.push_back({"roce_mtu", Verdict::unknown, "fabric",
                   senders.empty() ? "no host MTU observed"
                                   : sender_text(senders.front()) + "; no switch MTU observed"});
  return out;
}

std::vector<Finding> judge_cnp_class(const std::vector<DeviceReading>& devices,
                                     const FabricFacts& facts) {
  // CNPs tell senders to slow down; queued behind the congestion they report
  // (or dropped with bulk traffic) they arrive too late to matter, so each
  // switch must put the CNP DSCP in a strict-priority queue.
  if (!facts.cnp_dscp)
    return {
        {"cnp_class", Verdict::unknown, "fabric", "the profile names no CNP DSCP ([cnp] dscp)"}};
  Dscp dscp = Dscp::unchecked(*facts.cnp_dscp);
  std::vector<Seen> seen = observe(devices, kSwitches, [&](const Endpoint& e) {
    const model::Settings& s = e.settings;
    if (!s.dscp_priority) return std::optional<std::string>();
    auto it = s.dscp_priority->find(dscp);
    if (it == s.dscp_priority->end())
      return std::optional<std::string>("unmapped: CNPs share the default class with bulk traffic");
    Priority p = it->second;
    if (!s.ets) return std::optional<std::string>();  // the scheduler was not read
    TrafficClass tc = s.ets->prio_tc[p.value()];
    model::Tsa tsa = s.ets->tc_tsa[tc.value()];
    return std::optional<std::string>(
        tsa == model::Tsa::strict
            ? fmt::format("priority {}, queue {}: strict", p.value(), tc.value())
            : fmt::format("priority {}, queue {}: {} {} %, not strict", p.value(), tc.value(),
                          model::to_string(tsa), s.ets->tc_bandwidth_percent[tc.value()]));
  });
  std::vector<Finding> out;
  size_t strict = 0;
  for (const Seen& s : seen) {
    if (!s.value)
      out.push_back({"cnp_class", Verdict::unknown, where(s),
                     fmt::format("CNP DSCP {}: DSCP map or scheduler not observed", dscp.value())});
    else if (s.value->ends_with(": strict"))
      ++strict;
    else
      out.push_back({"cnp_class", Verdict::disagree, where(s),
                     fmt::format("CNP DSCP {} -> {}", dscp.value(), *s.value)});
  }
  if (strict > 0 && std::none_of(out.begin(), out.end(),
                                 [](const Finding& f) { return f.verdict == Verdict::disagree; }))
    out.insert(out.begin(), {"cnp_class", Verdict::agree, "fabric",
                             fmt::format("CNP DSCP {} reaches a strict queue on every switch port "
                                         "observed",
                                         dscp.value())});
  if (seen.empty()) out.push_back({"cnp_class", Verdict::unknown, "fabric", "no switch read"});
  return out;
}

namespace {

// "200 ms", "off" (the vendor's documented default), or not observed.
std::optional<std::string> watchdog_text(const Endpoint& e) {
  if (e.settings.pfc_watchdog) return fmt::format("{} ms", e.settings.pfc_watchdog->detection_ms);
  if (e.off.contains(model::Knob::pfc_watchdog)) return "off";
  return std::nullopt;
}

}  // namespace

std::vector<Finding> judge_watchdog_hops(const std::vector<DeviceReading>& devices,
                                         const FabricFacts&) {
  return agreement("watchdog_hops", "PFC watchdog detection",
                   observe(devices, kSwitches, watchdog_text));
}

std::vector<Finding> judge_watchdog_tolerance(const std::vector<DeviceReading>& devices,
                                              const FabricFacts& facts) {
  // While a PFC storm pauses a queue, its queue pairs see no acknowledgements;
  // once the transport's retries run out (the job's tolerance) the QP errors
  // and the job dies. The watchdog must break the storm before that.
  std::vector<Finding> out;
  std::optional<std::pair<uint32_t, std::string>> longest;
  bool over = false;
  for (const Seen& s : observe(devices, kSwitches, watchdog_text)) {
    if (!s.value) {
      out.push_back({"watchdog_tolerance", Verdict::unknown, where(s),
                     "PFC watchdog detection not observed"});
      continue;
    }
    if (*s.value == "off") {
      over = true;
      out.push_back({"watchdog_tolerance", Verdict::disagree, where(s),
                     fmt::format("PFC watchdog off: a storm is never broken, the job's tolerance "
                                 "is {} ms ({})",
                                 facts.job_tolerance_ms, facts.job_tolerance_from)});
      continue;
    }
    uint32_t ms = static_cast<uint32_t>(std::stoul(*s.value));
    if (!longest || ms > longest->first) longest.emplace(ms, where(s));
    if (ms < facts.job_tolerance_ms) continue;
    over = true;
    out.push_back({"watchdog_tolerance", Verdict::disagree, where(s),
                   fmt::format("PFC watchdog detects a storm after {} ms, not before the job's "
                               "tolerance of {} ms ({})",
                               ms, facts.job_tolerance_ms, facts.job_tolerance_from)});
  }
  if (longest && !over)
    out.insert(out.begin(),
               {"watchdog_tolerance", Verdict::agree, "fabric",
                fmt::format("longest PFC watchdog detection {} ms ({}) < job tolerance {} ms ({})",
                            longest->first, longest->second, facts.job_tolerance_ms,
                            facts.job_tolerance_from)});
  else if (!longest)
    out.push_back(
        {"watchdog_tolerance", Verdict::unknown, "fabric", "no switch's PFC watchdog observed"});
  return out;
}

namespace {

constexpr std::array kRules = {
    Rule{"lossless_priority",
         "a hop without PFC on the lossless priority drops under congestion instead of pausing: "
         "the class is lossy there",
         judge_lossless_priority},
    Rule{"trust",
         "a port trusting another field classifies RoCE by a mark the sender did not set: "
         "the packets miss the lossless queue",
         judge_trust},
    Rule{"dscp_map",
         "a DSCP mapped to different priorities enters a different queue at that hop: no PFC, "
         "no ECN for it there",
         judge_dscp_map},
    Rule{"roce_mtu",
         "a port whose MTU is below the largest RoCE packet drops it: the sender sees only "
         "timeouts and retransmits",
         judge_roce_mtu},
    Rule{"cnp_class",
         "CNPs queued behind the congestion they report reach the sender too late: DCQCN "
         "reacts slowly and PFC does the work",
         judge_cnp_class},
    Rule{"watchdog_hops",
         "hops that detect a PFC storm at different times break a storm at different points: "
         "the slowest one decides how long the fabric stays paused",
         judge_watchdog_hops},
    Rule{"watchdog_tolerance",
         "a storm that outlasts the transport's retries kills the job before the watchdog "
         "breaks it",
         judge_watchdog_tolerance},
};

}  // namespace

std::span<const Rule> rules() {
  return kRules;
}

const Rule* find_rule(std::string_view name) {
  for (const Rule& r : kRules)
    if (r.name == name) return &r;
  return nullptr;
}

std::vector<Finding> judge_fabric(const std::vector<DeviceReading>& devices,
                                  const FabricFacts& facts, const std::set<std::string>& waived) {
  std::vector<Finding> out;
  for (const Rule& r : kRules) {
    std::vector<Finding> rows = r.judge(devices, facts);
    if (waived.contains(std::string(r.name)))
      for (Finding& f : rows)
        if (f.verdict == Verdict::disagree) f.verdict = Verdict::waived;
    out.insert(out.end(), rows.begin(), rows.end());
  }
  return out;
}

}  // namespace rocecfg::check
