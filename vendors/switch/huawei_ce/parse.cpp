// Huawei CE `display current-configuration` -> SwitchState (see
// huawei_ce.h). Views are separated by `#` lines and indented one space;
// backups often carry a `header ... information "..."` banner and the pager's
// `---- More ----` with ANSI cursor moves, which the config reader removes.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/config_tree.h"
#include "../cli/ports.h"
#include "../cli/recognise.h"
#include "common/capture.h"
#include "huawei_ce.h"

namespace rocecfg::sw::huawei_ce {

namespace {

using cli::after_words;
using cli::ConfigLine;
using cli::number;
using cli::starts_with_words;
using cli::words;

// Interface types as the configuration spells them; a typed command may
// write them in any case and with a space before the number (`100ge 1/0/2`).
constexpr std::string_view kInterfaceTypes[] = {"10GE",  "25GE",  "40GE", "50GE",      "100GE",
                                                "200GE", "400GE", "GE",   "Eth-Trunk", "MEth"};

// The interfaces a port group's member list names (CE6800 V300R023C00
// command reference, `port-group group-member` and `group-member`:
// `{ startIfName | type number } [ to { number | type number } ]`, up to ten
// ranges; its example is `port-group group-member 100GE 1/0/2 to 100GE
// 1/0/3`): each range as "100GE1/0/2 to 100GE1/0/3", a bare end number
// taking the start's type. Empty when a word is none of these.
std::vector<std::string> member_ranges(std::string_view list) {
  std::vector<std::string> names;  // interface names and "to", in order
  auto w = words(list);
  for (size_t i = 0; i < w.size(); ++i) {
    std::string word(w[i]);
    for (std::string_view type : kInterfaceTypes)
      if (i + 1 < w.size() && w[i].size() == type.size() &&
          std::equal(type.begin(), type.end(), w[i].begin(),
                     [](char a, char b) { return std::toupper(a) == std::toupper(b); }) &&
          !w[i + 1].empty() && std::isdigit(static_cast<unsigned char>(w[i + 1][0]))) {
        word = std::string(type) + std::string(w[++i]);
        break;
      }
    names.push_back(word);
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == "to") return {};  // "to" with no start
    std::string range = names[i];
    if (i + 2 < names.size() && names[i + 1] == "to") {
      std::string end = names[i + 2];
      if (end.find_first_not_of("0123456789/:") == std::string::npos) {  // a bare number
        std::string_view type;  // the longest type the start is spelled with
        for (std::string_view t : kInterfaceTypes)
          if (range.starts_with(t) && t.size() > type.size()) type = t;
        end = std::string(type) + end;
      }
      range += " to " + end;
      i += 2;
    }
    out.push_back(range);
  }
  return out;
}

std::optional<unsigned> phb_index(std::string_view name) {
  for (unsigned i = 0; i < kPhb.size(); ++i)
    if (kPhb[i] == name) return i;
  return std::nullopt;
}

struct PfcProfile {
  PriorityMask priorities;
  std::map<unsigned, std::pair<uint32_t, uint32_t>>
      deadlock;  // prio -> (detect, recover) multipliers
};

struct Port {
  std::optional<uint32_t> mtu_bytes;
  std::optional<model::Trust> trust;
  std::string domain = "default";
  std::optional<std::string> pfc_mode;  // manual | auto
  std::string pfc_profile = "default";
  std::map<unsigned, bool> pq;              // queue -> strict?
  std::map<unsigned, unsigned> drr_weight;  // queue -> weight
  std::map<unsigned, std::string> wred;     // queue -> drop-profile
  std::set<unsigned> ecn;
  bool ets_profile = false;  // `dcb ets enable P`: scheduling from an ets-profile
};

struct Parser {
  SwitchState state;
  std::map<std::string, PfcProfile> pfc_profiles;
  std::map<std::string, model::DscpPriorityMap> domains;  // explicit entries
  std::map<std::string, std::optional<model::Ecn>> drop_profiles;
  std::optional<uint32_t> deadlock_interval_ms;
  std::optional<uint32_t> detect_timer_ms, recovery_timer_ms;       // the timers family
  model::WatchdogAction recovery = model::WatchdogAction::forward;  // documented default
  std::vector<std::pair<std::string, Port>> ports;
  std::map<std::string, std::string> incomparable;  // drop-profile -> ECN unit we cannot convert
  std::map<std::string, std::string> ecn_text;      // drop-profile -> the vendor's numbers
  std::set<unsigned> ai_ecn_queues;                 // queues whose thresholds AI ECN sets

  // Every statement not understood is listed, one entry per line.
  void note(const ConfigLine& l, const std::string& what) { state.unread(l.line, l.text, what); }

  void read_queues(const ConfigLine& l, std::string_view list, bool strict, Port& p) {
    auto qs = cli::parse_number_list(list, 7);
    if (!qs) return note(l, "not understood");
    for (unsigned q : *qs) p.pq[q] = strict;
  }

  void read_interface(const ConfigLine& l) {
    auto names = cli::expand_ports({std::string(after_words(l.text, "interface"))}, port_grammar());
    if (!names) {
      ++state.passed_over;  // MEth, Vlanif, LoopBack ...
      return;
    }
    read_ports(l, *names);
  }

  // A port group's view applies each command to every member (CE6800
  // V300R023C00 command reference, `port-group group-member` and
  // `port-group`): the members of a temporary group are on its line, those
  // of a permanent one in its `group-member` lines. In a saved configuration
  // a permanent group holds only its members (the commands are under each
  // interface); in a typed session the commands follow in its view.
  void read_port_group(const ConfigLine& l) {
    std::vector<std::string> ranges;
    bool temporary = starts_with_words(l.text, "port-group group-member");
    if (temporary) ranges = member_ranges(after_words(l.text, "port-group group-member"));
    bool commands = false;
    for (const auto& c : l.children) {
      if (!temporary && starts_with_words(c.text, "group-member")) {
        auto more = member_ranges(after_words(c.text, "group-member"));
        ranges.insert(ranges.end(), more.begin(), more.end());
      } else {
        commands = true;
      }
    }
    if (!commands) {
      ++state.passed_over;  // members only: their commands are under each interface
      return;
    }
    auto names = cli::expand_ports(ranges, port_grammar());
    if (ranges.empty() || !names) return note(l, "port group members not understood");
    read_ports(l, *names);
  }

  void read_ports(const ConfigLine& l, const std::vector<std::string>& names) {
    Port p;
    for (const auto& c : l.children) {
      const std::string& t = c.text;
      auto w = words(t);
      if (starts_with_words(t, "mtu") || starts_with_words(t, "jumboframe enable")) {
        if (auto n = number(w.back(), 12288)) p.mtu_bytes = static_cast<uint32_t>(*n);
      } else if (t == "trust dscp")
        p.trust = model::Trust::dscp;
      else if (t == "trust 8021p" || t == "trust 8021p inner" || t == "trust 8021p outer")
        p.trust = model::Trust::pcp;  // trust.json: 8021p takes inner | outer (V300)
      else if (starts_with_words(t, "trust upstream"))
        p.domain = std::string(w.back());
      else if (starts_with_words(t, "dcb pfc enable")) {
        // dcb pfc enable [ profile ] [ mode { auto | manual } ] (CE6800
        // V300R023C00 configuration guide, "Enabling PFC").
        size_t i = 3;
        if (i < w.size() && w[i] != "mode") p.pfc_profile = std::string(w[i++]);
        p.pfc_mode = i + 1 < w.size() && w[i] == "mode" ? std::string(w[i + 1]) : "unstated";
      } else if (starts_with_words(t, "qos pq"))
        read_queues(c, after_words(t, "qos pq"), true, p);
      else if (starts_with_words(t, "qos drr"))
        read_queues(c, after_words(t, "qos drr"), false, p);
      else if (starts_with_words(t, "qos queue") && w.size() == 6 && w[3] == "drr" &&
               w[4] == "weight") {
        auto q = number(w[2], 7);
        auto wt = number(w[5], 100);
        if (q && wt) p.drr_weight[static_cast<unsigned>(*q)] = static_cast<unsigned>(*wt);
      } else if (starts_with_words(t, "qos queue") && w.size() == 5 && w[3] == "wred") {
        if (auto q = number(w[2], 7)) p.wred[static_cast<unsigned>(*q)] = std::string(w[4]);
      } else if (starts_with_words(t, "qos queue") && w.size() == 4 && w[3] == "ecn") {
        if (auto q = number(w[2], 7)) p.ecn.insert(static_cast<unsigned>(*q));
      } else if (starts_with_words(t, "dcb ets enable")) {
        p.ets_profile = true;
        note(c, "dcb ets-profile is not evaluated");
      } else if (starts_with_words(t, "qos") || starts_with_words(t, "dcb") ||
                 starts_with_words(t, "trust")) {
        note(c, "not understood");
      }
    }
    for (const auto& n : names) ports.emplace_back(n, p);
  }

  void read(const ConfigLine& l) {
    const std::string& t = l.text;
    auto w = words(t);
    if (starts_with_words(t, "dcb pfc deadlock-detect interval")) {
      if (auto n = number(w.back(), 100000)) deadlock_interval_ms = static_cast<uint32_t>(*n);
    } else if (starts_with_words(t, "dcb pfc deadlock-detect timer")) {
      if (auto n = number(w.back(), 100000)) detect_timer_ms = static_cast<uint32_t>(*n);
    } else if (starts_with_words(t, "dcb pfc deadlock-recovery timer")) {
      if (auto n = number(w.back(), 100000)) recovery_timer_ms = static_cast<uint32_t>(*n);
    } else if (starts_with_words(t, "dcb pfc deadlock recovery-behavior") && w.size() >= 5) {
      recovery = w[4] == "discard" ? model::WatchdogAction::drop : model::WatchdogAction::forward;
    } else if (starts_with_words(t, "dcb pfc") && w.size() <= 3 && !l.children.empty()) {
      PfcProfile& prof = pfc_profiles[w.size() == 3 ? std::string(w[2]) : "default"];
      for (const auto& c : l.children) {
        auto cw = words(c.text);
        if (cw.size() == 5 && cw[0] == "priority" && cw[3] == "time" &&
            (cw[2] == "deadlock-detect" || cw[2] == "deadlock-recovery")) {
          // Two documented commands (priority_deadlock-detect_time.json,
          // priority_deadlock-recovery_time.json); each defaults to 10 units.
          auto p = number(cw[1], 7);
          auto n = number(cw[4], 31);
          if (p && n) {
            auto [it, fresh] = prof.deadlock.try_emplace(static_cast<unsigned>(*p), 10u, 10u);
            (cw[2] == "deadlock-detect" ? it->second.first : it->second.second) =
                static_cast<uint32_t>(*n);
          } else {
            note(c, "not understood");
          }
        } else if (cw.size() >= 2 && cw[0] == "priority" && cw.size() != 8) {
          // " priority 3" or a list " priority 3 4" / " priority 3 to 4"
          auto list = cli::parse_number_list(after_words(c.text, "priority"), 7);
          if (!list) {
            note(c, "not understood");
            continue;
          }
          for (unsigned q : *list) prof.priorities.set(Priority::unchecked(q));
        } else if (cw.size() >= 3 && cw[0] == "undo" && cw[1] == "priority") {
          auto list = cli::parse_number_list(after_words(c.text, "undo priority"), 7);
          if (!list) {
            note(c, "not understood");
            continue;
          }
          for (unsigned q : *list) prof.priorities.clear(Priority::unchecked(q));
        } else if (cw.size() == 8 && cw[0] == "priority" && cw[2] == "deadlock-detect" &&
                   cw[5] == "deadlock-recovery") {
          auto p = number(cw[1], 7);
          auto d = number(cw[4], 15);
          auto r = number(cw[7], 15);
          if (p && d && r)
            prof.deadlock[static_cast<unsigned>(*p)] = {static_cast<uint32_t>(*d),
                                                        static_cast<uint32_t>(*r)};
          else
            note(c, "not understood");
        } else {
          note(c, "not understood");
        }
      }
    } else if (starts_with_words(t, "diffserv domain") && w.size() == 3) {
      auto& map = domains[std::string(w[2])];
      for (const auto& c : l.children) {
        auto cw = words(c.text);
        if (cw.size() < 4 || cw[0] != "ip-dscp-inbound" || cw[2] != "phb") {
          // 802.1p classification and the outbound rewrite maps are real
          // statements the profile model has no place for: listed, per line.
          if (cw.size() >= 1 && (cw[0] == "8021p-inbound" || cw[0] == "8021p-outbound" ||
                                 cw[0] == "ip-dscp-outbound"))
            note(c, cw[0] == "8021p-inbound"
                        ? "802.1p -> PHB map: not part of the profile model"
                        : "outbound rewrite map: not part of the profile model");
          else
            note(c, "not understood");
          continue;
        }
        auto d = cli::dscp_value(cw[1]);
        auto q = phb_index(cw[3]);
        if (d && q)
          map[Dscp::unchecked(*d)] = Priority::unchecked(*q);
        else
          note(c, "not understood");
      }
    } else if (starts_with_words(t, "drop-profile") && w.size() == 2) {
      auto& ecn = drop_profiles[std::string(w[1])];
      for (const auto& c : l.children) {
        auto cw = words(c.text);
        if (starts_with_words(c.text, "ecn buffer-size low-limit") && cw.size() == 8) {
          auto lo = number(cw[3], 1ull << 40);
          auto hi = number(cw[5], 1ull << 40);
          auto p = number(cw[7], 100);
          if (lo && hi && p) {
            ecn = model::Ecn{*lo, *hi, static_cast<uint32_t>(*p)};
            ecn_text[std::string(w[1])] = fmt::format("low-limit {} high-limit {} bytes", *lo, *hi);
          } else {
            note(c, "not understood");
          }
        } else if (starts_with_words(c.text, "ecn low-limit")) {
          // Percent of the queue's buffer: the byte figure depends on the
          // port's buffer (display qos ecn threshold shows it), not the file.
          incomparable[std::string(w[1])] = "percent";
          note(c, "ECN on, thresholds in percent not comparable");
        } else {
          note(c, "not understood");
        }
      }
    } else if (starts_with_words(t, "dcb ets-profile")) {
      // Read but not evaluated: its priority-group weights need the
      // queue -> priority-group binding, which is not modelled here.
      for (const auto& c : l.children) note(c, "dcb ets-profile is not evaluated");
    } else if (starts_with_words(t, "interface")) {
      read_interface(l);
    } else if (starts_with_words(t, "port-group")) {
      read_port_group(l);
    } else if (t == "ai-service") {
      read_ai_service(l);
    } else if (starts_with_words(t, "dcb pfc dscp-mapping enable")) {
      // PFC pauses the priority a packet's DSCP maps to (models that need it
      // get it from render.cpp, dcb_pfc_dscp-mapping_enable.json): what the
      // profile's DSCP map already says, no knob of its own.
    } else {
      // A QoS statement this reader does not hold is listed, never passed over.
      if (cli::starts_with_statement(t, {"qos", "dcb", "diffserv", "drop-profile", "buffer"}))
        note(l, "QoS statement not understood");
      else
        ++state.passed_over;  // not QoS: aaa, snmp-agent, bgp, user-interface ...
    }
  }

  // AI ECN (CE6800 V300R023C00 configuration guide, "Example for Configuring
  // AI ECN"): `ai-service` / ` ai-ecn` / `  ai-ecn enable` + `  assign queue
  // 4`. The switch then computes each assigned queue's ECN thresholds itself
  // (`display ai-ecn calculated state`): ECN is on, its thresholds are not
  // in the file.
  void read_ai_service(const ConfigLine& l) {
    for (const auto& c : l.children) {
      if (c.text != "ai-ecn") {
        note(c, "AI service not read");
        continue;
      }
      bool enabled = false;
      std::vector<unsigned> queues;
      for (const auto& a : c.children) {
        if (a.text == "ai-ecn enable") {
          enabled = true;
        } else if (starts_with_words(a.text, "assign queue")) {
          auto list = cli::parse_number_list(after_words(a.text, "assign queue"), 7);
          if (list)
            queues.insert(queues.end(), list->begin(), list->end());
          else
            note(a, "not understood");
        } else {
          note(a, "not understood");
        }
      }
      if (enabled) ai_ecn_queues.insert(queues.begin(), queues.end());
    }
  }

  model::Settings port_settings(const std::string& name, const Port& p,
                                model::DscpPriorityMap& explicit_map) {
    model::Settings s;
    s.mtu_bytes = p.mtu_bytes;
    s.trust = p.trust;
    auto dscp = default_domain();
    if (p.domain != "default") {
      state.policies["diffserv " + p.domain].push_back(name);
      auto it = domains.find(p.domain);
      if (it == domains.end()) {
        state.notes.push_back(name + ": diffserv domain " + p.domain + " is not defined");
      } else {
        for (auto [d, q] : it->second) dscp[d] = q, explicit_map[d] = q;
      }
    } else if (auto it = domains.find("default"); it != domains.end()) {
      for (auto [d, q] : it->second) dscp[d] = q, explicit_map[d] = q;
    }
    s.dscp_priority = dscp;
    if (explicit_map.empty())
      state.mark(name, model::Knob::dscp_map, Source::vendor_default,
                 "default diffserv domain (AF31 -> af3 -> queue 3, CS6 -> queue 6)");

    const PfcProfile* prof = nullptr;
    if (auto it = pfc_profiles.find(p.pfc_profile); it != pfc_profiles.end()) prof = &it->second;
    // The profile `default` exists on every switch and enables priority 3
    // until changed ("By default, PFC is enabled for priority 3": CE6800
    // V300R023C00 configuration guide, "Enabling PFC"); the configuration
    // shows it only when changed.
    static const PfcProfile kDefaultProfile{PriorityMask(1u << 3), {}};
    bool default_profile = !prof && p.pfc_profile == "default";
    if (default_profile) prof = &kDefaultProfile;
    PriorityMask pfc;
    if (p.pfc_mode == "manual" && prof) pfc = prof->priorities;
    s.pfc_enabled = pfc;
    if (!p.pfc_mode)
      state.mark(name, model::Knob::pfc, Source::vendor_default, "PFC off (no dcb pfc enable)");
    else if (p.pfc_mode == "manual" && default_profile)
      state.mark(name, model::Knob::pfc, Source::vendor_default,
                 "dcb pfc enable mode manual, profile default unchanged: priority 3 (CE default)");
    if (p.pfc_mode == "auto") {
      s.pfc_enabled.reset();  // DCBX decides: the file does not say
      state.notes.push_back(name + ": PFC mode auto follows DCBX negotiation; not in the file");
    } else if (p.pfc_mode && *p.pfc_mode != "manual") {
      // The guide read gives no default working mode: manual (the profile's
      // priorities) or auto (DCBX) is not in the file.
      s.pfc_enabled.reset();
      state.unread(0, name + " dcb pfc enable",
                   "PFC on with no mode stated; its default mode (manual or DCBX auto) is not "
                   "documented in the guide read: not in the file");
    }
    if (!pfc.empty() && prof && deadlock_interval_ms) {
      std::optional<std::pair<uint32_t, uint32_t>> m;
      bool all = true;
      for (unsigned q = 0; q < 8; ++q) {
        if (!pfc.has(Priority::unchecked(q))) continue;
        auto it = prof->deadlock.find(q);
        if (it == prof->deadlock.end() || (m && *m != it->second))
          all = false;
        else
          m = it->second;
      }
      if (all && m)
        s.pfc_watchdog = model::PfcWatchdog{*deadlock_interval_ms * m->first,
                                            *deadlock_interval_ms * m->second, recovery};
    }
    if (!pfc.empty() && detect_timer_ms)
      s.pfc_watchdog =
          model::PfcWatchdog{*detect_timer_ms, recovery_timer_ms.value_or(100), recovery};

    if (!s.pfc_watchdog && !deadlock_interval_ms)
      state.mark(name, model::Knob::pfc_watchdog, Source::vendor_default,
                 "no dcb pfc deadlock-detect: watchdog off");

    model::Ets ets;
    PriorityMask ecn_prios;
    std::optional<model::Ecn> ecn;
    std::string unit, text;
    std::map<unsigned, unsigned> weights;  // DRR queue -> weight
    for (unsigned q = 0; q < 8; ++q) {
      ets.prio_tc[q] = TrafficClass::unchecked(q);  // PHB n is queue n
      // "By default, the scheduling mode of queues on an interface is PQ"
      // (qos_pq_drr_lpq.json); "the default WDRR weight of queues that
      // participate in DRR scheduling is 1" (qos_queue_drr.json).
      bool strict = !p.pq.contains(q) || p.pq.at(q);
      ets.tc_tsa[q] = strict ? model::Tsa::strict : model::Tsa::ets;
      if (!strict) weights[q] = p.drr_weight.contains(q) ? p.drr_weight.at(q) : 1;
      if (ai_ecn_queues.contains(q)) {
        ecn_prios.set(Priority::unchecked(q));
        unit = "AI ECN (computed by the switch)";
      } else if (p.ecn.contains(q) && p.wred.contains(q)) {
        const std::string& dp = p.wred.at(q);
        auto it = drop_profiles.find(dp);
        if (incomparable.contains(dp)) {
          ecn_prios.set(Priority::unchecked(q));
          unit = incomparable.at(dp);
        } else if (it != drop_profiles.end() && it->second) {
          if (!ecn) ecn = it->second, text = ecn_text[dp];
          ecn_prios.set(Priority::unchecked(q));
        }
      }
    }
    // A DRR weight is a share of what the PQ queues leave, not a percent.
    for (auto [q, share] : model::weight_shares_percent(weights))
      ets.tc_bandwidth_percent[q] = share;
    // Under `dcb ets enable` the ets-profile schedules (not evaluated, its
    // lines listed): the port's ETS is not in what was read.
    if (!p.ets_profile) s.ets = ets;
    if (p.ets_profile) {
    } else if (p.pq.empty() && p.drr_weight.empty()) {
      state.mark(name, model::Knob::ets, Source::vendor_default, "every queue PQ (CE default)");
    } else {
      std::vector<std::string> w;
      unsigned total = 0;
      for (auto [q, wt] : weights) w.push_back(fmt::format("{}:{}", q, wt)), total += wt;
      state.mark(name, model::Knob::ets, Source::configured,
                 weights.empty()
                     ? std::string("every queue PQ")
                     : fmt::format("drr weight {} (shares of {})", cli::join(w, " "), total));
    }
    s.ecn_priorities = ecn_prios;
    if (!unit.empty())
      state.mark(name, model::Knob::ecn_priorities, Source::configured,
                 "ECN on, thresholds in " + unit + " not comparable");
    else if (ecn)
      s.ecn = ecn, state.mark(name, model::Knob::ecn, Source::configured, text);
    if (ecn_prios.empty())
      state.mark(name, model::Knob::ecn_priorities, Source::vendor_default, "ECN off");
    return s;
  }
};

}  // namespace

model::DscpPriorityMap default_domain() {
  model::DscpPriorityMap out;
  for (unsigned d = 0; d < 64; ++d) {
    // Class selectors and AFx1..AFx3 go to their class; EF to ef; the rest to be.
    bool cs = d % 8 == 0;
    bool af = d >= 10 && d <= 38 && d % 2 == 0 && (d % 8) >= 2 && (d % 8) <= 6;
    unsigned q = d == 46 ? 5 : (cs || af) ? d / 8 : 0;
    out[Dscp::unchecked(d)] = Priority::unchecked(q);
  }
  return out;
}

// What marks a text as CloudEngine's (vendors/switch/cli/recognise.h has the
// rule), each printed by Huawei and by no other format the readers know
// (Comware shares the `#` separators, `sysname`, `undo` and `return`, so those
// mark neither):
//  - the header comments of `display current-configuration`: `!Software
//    Version V200R...`, `!Last configuration was updated|saved at ...`
//    (../shared/wild-configs/huawei-ce; CE6800 V300R023C00 configuration
//    guide's configuration scripts);
//  - Huawei interface names: 100GE1/0/1, 25GE, 10GE, 40GE, 50GE, 200GE, 400GE,
//    GE1/0/0, XGigabitEthernet0/0/1, MEth0/0/0 (three numbers), Eth-Trunk1,
//    Vlanif10, Vbdif10, and the `100ge 1/0/1` a guide types;
//  - statements of Huawei alone: `diffserv domain`, `drop-profile`, `dcb pfc`,
//    `dcb ets-profile`, `device board`, `ai-service`, `user-interface`,
//    `stelnet server enable`, `vlan batch`, `aaa` (CE6800 V300R023C00
//    command reference and configuration guide);
//  - the `[~HUAWEI]` / `[*HUAWEI]` prompts of CE's two-stage commit.
std::string huawei_mark(const cli::MarkLine& l) {
  std::string_view t = l.text;
  if (l.comment)
    return t.starts_with("!Software Version V") || t.starts_with("!Last configuration was")
               ? "a CloudEngine configuration header"
               : "";
  if (l.prompt)
    return t.starts_with("[~") || t.starts_with("[*") ? "a CloudEngine two-stage-commit prompt"
                                                      : "";
  if (!l.parent.empty()) return "";
  std::string_view n = cli::interface_arg(t);
  if (!n.empty()) {
    for (std::string_view p :
         {"10GE", "25GE", "40GE", "50GE", "100GE", "200GE", "400GE", "GE", "XGigabitEthernet",
          "MEth", "10ge ", "25ge ", "40ge ", "100ge ", "200ge ", "400ge ", "ge "})
      if (cli::name_shape(n, p, 3, 3)) return "a CloudEngine interface name";
    for (std::string_view p : {"Eth-Trunk", "Vlanif", "Vbdif", "eth-trunk ", "vlanif "})
      if (cli::name_shape(n, p, 1, 1)) return "a CloudEngine interface name";
    return "";
  }
  if (cli::starts_with_statement(
          t, {"diffserv domain", "drop-profile", "dcb pfc", "dcb ets-profile", "device board",
              "ai-service", "user-interface", "stelnet server enable", "vlan batch"}))
    return "a CloudEngine statement";
  return t == "aaa" ? "a CloudEngine statement" : "";
}

// Registered so the other readers refuse this vendor's text by these marks.
constexpr cli::Marks kMarks{
    kVendor, "CloudEngine", "`display current-configuration`",
    "`!Software Version V...` header, interface 100GE1/0/1 / 25GE1/0/1 / "
    "Eth-Trunk1, diffserv domain, drop-profile, dcb pfc, `[~HUAWEI]` prompts",
    huawei_mark};
[[maybe_unused]] const bool kMarksRegistered = cli::register_marks(&kMarks);

Result<SwitchState> parse(std::string_view config_text) {
  cli::TreeOptions options;
  options.comment_chars = "#!";  // `!Software Version ...` heads the display output
  options.delimited_banners = {"header login information", "header shell information"};
  options.openers = {"interface",       "dcb pfc",    "diffserv domain", "drop-profile",
                     "dcb ets-profile", "ai-service", "ai-ecn",          "port-group"};
  options.nested_openers = {"ai-ecn"};
  options.interface_types.assign(std::begin(kInterfaceTypes), std::end(kInterfaceTypes));
  options.not_openers = {"dcb pfc enable",          "dcb pfc deadlock",
                         "dcb pfc deadlock-detect", "dcb pfc deadlock-recovery",
                         "dcb pfc buffer",          "dcb pfc dscp-mapping",
                         "dcb pfc global",          "ai-ecn enable"};
  auto text = cli::read_config(config_text, options, kMarks);
  if (!text) return std::unexpected(text.error());
  Parser p;
  p.state.recognised_as = "CloudEngine display current-configuration";
  for (const auto& line : text->tree) p.read(line);
  for (const auto& [name, port] : p.ports) {
    model::DscpPriorityMap explicit_map;
    p.state.ports[name] = p.port_settings(name, port, explicit_map);
  }
  if (text->session) cli::only_stated(p.state, "CloudEngine configuration session");
  say_passed_over(p.state, "statements that are not QoS");
  return std::move(p.state);
}

}  // namespace rocecfg::sw::huawei_ce
