// EOS running-config -> SwitchState (see eos.h for the model). A port's QoS is
// its `qos profile` (via `service-profile`) overlaid with what the interface
// itself says; switch-wide maps and watchdog timers apply to every port.
#include <charconv>

#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/config_tree.h"
#include "../cli/ports.h"
#include "eos.h"

namespace rocecfg::sw::eos {

namespace {

using cli::after_words;
using cli::ConfigLine;
using cli::starts_with_words;
using cli::words;

using cli::number;

struct Queue {
  std::optional<bool> strict;
  std::optional<uint8_t> bandwidth_percent;
  std::optional<model::Ecn> ecn;
  bool ecn_off = false;
};

// What an interface or qos profile body says; unset fields inherit.
struct Body {
  std::optional<uint32_t> mtu_bytes;
  std::optional<model::Trust> trust;
  std::optional<bool> pfc_on;
  std::map<unsigned, bool> no_drop;  // priority -> no-drop?
  std::optional<bool> watchdog;
  std::optional<model::WatchdogAction> watchdog_action;
  std::map<unsigned, Queue> queues;
  std::string service_profile;

  void overlay(const Body& o) {
    if (o.mtu_bytes) mtu_bytes = o.mtu_bytes;
    if (o.trust) trust = o.trust;
    if (o.pfc_on) pfc_on = o.pfc_on;
    for (auto [p, v] : o.no_drop) no_drop[p] = v;
    if (o.watchdog) watchdog = o.watchdog;
    if (o.watchdog_action) watchdog_action = o.watchdog_action;
    if (!o.service_profile.empty()) service_profile = o.service_profile;
    for (const auto& [t, q] : o.queues) {
      Queue& mine = queues[t];
      if (q.strict) mine.strict = q.strict;
      if (q.bandwidth_percent) mine.bandwidth_percent = q.bandwidth_percent;
      if (q.ecn) mine.ecn = q.ecn, mine.ecn_off = false;
      if (q.ecn_off) mine.ecn.reset(), mine.ecn_off = true;
    }
  }
};

struct Parser {
  SwitchState state;
  std::map<uint8_t, uint8_t> explicit_dscp;
  std::array<uint8_t, 8> prio_tc{0, 1, 2, 3, 4, 5, 6, 7};
  std::optional<uint32_t> wd_timeout_ms, wd_recovery_ms;
  model::WatchdogAction wd_action = model::WatchdogAction::drop;
  std::map<std::string, Body> profiles;
  std::vector<std::pair<std::string, Body>> interfaces;  // config order; repeats merge
  std::set<std::string> noted;

  void note(const ConfigLine& l, std::string what) {
    std::string text = fmt::format("line {}: {}: {}", l.line, what, l.text);
    if (noted.insert(what).second || what.starts_with("not understood"))
      state.notes.push_back(std::move(text));
  }

  // "150 kbytes" -> bytes; segments and milliseconds need the platform.
  std::optional<uint64_t> threshold(const ConfigLine& l, std::string_view value,
                                    std::string_view unit) {
    auto v = number(value, 1ull << 40);
    if (!v) return std::nullopt;
    if (unit == "bytes") return *v;
    if (unit == "kbytes" || unit == "mbytes") {
      note(l, "ECN thresholds in " + std::string(unit) + " read as 1024-based");
      return *v * (unit == "kbytes" ? 1024ull : 1024ull * 1024);
    }
    note(l, "ECN thresholds in " + std::string(unit) +
                " depend on the platform and are not converted");
    return std::nullopt;
  }

  void read_ecn(const ConfigLine& l, Queue& q) {
    auto w = words(l.text);
    // random-detect ecn minimum-threshold A U maximum-threshold B U
    //   [max-mark-probability P] [weight W]
    std::optional<uint64_t> lo, hi;
    uint32_t prob = 100;
    for (size_t i = 2; i < w.size(); ++i) {
      if (w[i] == "minimum-threshold" && i + 2 < w.size())
        lo = threshold(l, w[i + 1], w[i + 2]), i += 2;
      else if (w[i] == "maximum-threshold" && i + 2 < w.size())
        hi = threshold(l, w[i + 1], w[i + 2]), i += 2;
      else if (w[i] == "max-mark-probability" && i + 1 < w.size()) {
        auto p = number(w[++i], 100);
        if (!p) return note(l, "not understood");
        prob = static_cast<uint32_t>(*p);
      } else if (w[i] == "weight" && i + 1 < w.size())
        ++i;
    }
    if (lo && hi) q.ecn = model::Ecn{*lo, *hi, prob}, q.ecn_off = false;
  }

  void read_queue(const ConfigLine& stanza, Queue& q) {
    for (const auto& l : stanza.children) {
      if (l.text == "priority strict")
        q.strict = true;
      else if (l.text == "no priority")
        q.strict = false;
      else if (starts_with_words(l.text, "bandwidth percent")) {
        auto v = number(after_words(l.text, "bandwidth percent"), 100);
        if (v)
          q.bandwidth_percent = static_cast<uint8_t>(*v);
        else
          note(l, "not understood");
      } else if (l.text == "no bandwidth percent")
        q.bandwidth_percent = 0;
      else if (starts_with_words(l.text, "random-detect ecn minimum-threshold"))
        read_ecn(l, q);
      else if (l.text == "no random-detect ecn")
        q.ecn.reset(), q.ecn_off = true;
      else if (starts_with_words(l.text, "random-detect ecn"))
        continue;  // counters etc.
      else if (starts_with_words(l.text, "bandwidth") || starts_with_words(l.text, "priority") ||
               starts_with_words(l.text, "random-detect"))
        note(l, "not understood");
    }
  }

  Body read_body(const ConfigLine& stanza) {
    Body b;
    for (const auto& l : stanza.children) {
      const std::string& t = l.text;
      if (starts_with_words(t, "mtu")) {
        if (auto v = number(after_words(t, "mtu"), 65535)) b.mtu_bytes = static_cast<uint32_t>(*v);
      } else if (t == "qos trust dscp")
        b.trust = model::Trust::dscp;
      else if (t == "qos trust cos")
        b.trust = model::Trust::pcp;
      else if (t == "priority-flow-control on" || t == "priority-flow-control mode on")
        b.pfc_on = true;
      else if (t == "no priority-flow-control on" || t == "priority-flow-control mode off" ||
               t == "no priority-flow-control")
        b.pfc_on = false;
      else if (starts_with_words(t, "priority-flow-control priority") ||
               starts_with_words(t, "no priority-flow-control priority")) {
        bool no = t.starts_with("no ");
        auto w = words(t);
        auto p = w.size() == (no ? 5u : 4u) ? number(w[no ? 3 : 2], 7) : std::nullopt;
        if (!p) {
          note(l, "not understood");
          continue;
        }
        b.no_drop[static_cast<unsigned>(*p)] = !no && w.back() == "no-drop";
      } else if (t == "priority-flow-control pause watchdog")
        b.watchdog = true;
      else if (t == "no priority-flow-control pause watchdog")
        b.watchdog = false;
      else if (starts_with_words(t, "priority-flow-control pause watchdog port action")) {
        auto a = after_words(t, "priority-flow-control pause watchdog port action");
        b.watchdog_action =
            a == "notify-only" ? model::WatchdogAction::alert : model::WatchdogAction::drop;
      } else if (starts_with_words(t, "service-profile"))
        b.service_profile = after_words(t, "service-profile");
      else if (starts_with_words(t, "tx-queue") || starts_with_words(t, "uc-tx-queue")) {
        auto tw = words(t);
        auto list = tw.size() == 2 ? cli::parse_number_list(tw[1], 7)
                                   : Result<std::vector<unsigned>>(std::vector<unsigned>{});
        if (!list || list->empty()) {
          note(l, "not understood");
          continue;
        }
        for (unsigned q : *list) read_queue(l, b.queues[q]);
      } else if (starts_with_words(t, "priority-flow-control") || starts_with_words(t, "qos")) {
        note(l, "not understood");
      }
    }
    return b;
  }

  void read_global(const ConfigLine& l) {
    const std::string& t = l.text;
    auto w = words(t);
    if (starts_with_words(t, "qos map dscp") && w.size() >= 6 &&
        w[w.size() - 2] == "traffic-class") {
      std::string list(after_words(t, "qos map dscp"));
      list = list.substr(0, list.find(" to "));
      auto dscps = cli::parse_number_list(list, 63);
      auto tc = number(w.back(), 7);
      if (!dscps || !tc) return note(l, "not understood");
      for (unsigned d : *dscps) explicit_dscp[static_cast<uint8_t>(d)] = static_cast<uint8_t>(*tc);
    } else if (starts_with_words(t, "qos map traffic-class") && w.size() >= 6 &&
               w[w.size() - 2] == "tx-queue") {
      std::string list(after_words(t, "qos map traffic-class"));
      list = list.substr(0, list.find(" to "));
      auto tcs = cli::parse_number_list(list, 7);
      auto q = number(w.back(), 7);
      if (!tcs || !q) return note(l, "not understood");
      for (unsigned p : *tcs) prio_tc[p] = static_cast<uint8_t>(*q);
    } else if (starts_with_words(t, "qos map traffic-class") ||
               starts_with_words(t, "qos map cos")) {
      return;  // egress rewrite / cos maps: not classification of RoCE traffic
    } else if (starts_with_words(t, "priority-flow-control pause watchdog default timeout")) {
      wd_timeout_ms = cli::parse_seconds_ms(w.back());
    } else if (starts_with_words(t, "priority-flow-control pause watchdog default recovery-time")) {
      wd_recovery_ms = cli::parse_seconds_ms(w.back());
    } else if (starts_with_words(t, "priority-flow-control pause watchdog action")) {
      wd_action =
          w.back() == "notify-only" ? model::WatchdogAction::alert : model::WatchdogAction::drop;
    } else if (starts_with_words(t, "qos profile") && w.size() == 3) {
      profiles[std::string(w[2])].overlay(read_body(l));
    } else if (starts_with_words(t, "interface") && w.size() >= 2) {
      std::string names(after_words(t, "interface"));
      std::vector<std::string> list;
      for (size_t s = 0; s <= names.size();) {
        size_t c = names.find(',', s);
        std::string one = names.substr(s, c == std::string::npos ? std::string::npos : c - s);
        while (!one.empty() && one.front() == ' ') one.erase(0, 1);
        list.push_back(one);
        if (c == std::string::npos) break;
        s = c + 1;
      }
      auto ports = cli::expand_ports(list, port_grammar());
      if (!ports) return;  // management, loopback, VLAN interfaces
      Body body = read_body(l);
      for (const auto& p : *ports) {
        auto it = std::find_if(interfaces.begin(), interfaces.end(),
                               [&](const auto& x) { return x.first == p; });
        if (it == interfaces.end())
          interfaces.emplace_back(p, body);
        else
          it->second.overlay(body);
      }
    }
  }

  model::Settings port_settings(const std::string& name, Body body) {
    if (!body.service_profile.empty()) {
      auto it = profiles.find(body.service_profile);
      state.policies[body.service_profile].push_back(name);
      if (it == profiles.end()) {
        state.notes.push_back(
            fmt::format("{}: service-profile {} is not defined", name, body.service_profile));
      } else {
        Body merged = it->second;
        merged.overlay(body);
        merged.service_profile.clear();
        body = merged;
      }
    }
    model::Settings s;
    s.mtu_bytes = body.mtu_bytes;
    s.trust = body.trust;
    PriorityMask pfc;
    if (body.pfc_on.value_or(false))
      for (auto [p, on] : body.no_drop)
        if (on) pfc.set(Priority::unchecked(p));
    s.pfc_enabled = pfc;

    model::Ets ets;
    ets.prio_tc = prio_tc;
    PriorityMask ecn_prios;
    std::optional<model::Ecn> ecn;
    for (unsigned t = 0; t < 8; ++t) {
      const Queue q = body.queues.contains(t) ? body.queues.at(t) : Queue{};
      bool strict = q.strict.value_or(true);  // EOS schedules every queue strict by default
      ets.tc_tsa[t] = strict ? model::Tsa::strict : model::Tsa::ets;
      ets.tc_bandwidth_percent[t] = strict ? 0 : q.bandwidth_percent.value_or(0);
      if (q.ecn) {
        if (ecn && *ecn != *q.ecn)
          state.notes.push_back(fmt::format(
              "{}: tx-queue {} has other ECN thresholds than a lower queue; the lower is reported",
              name, t));
        if (!ecn) ecn = q.ecn;
        for (unsigned p = 0; p < 8; ++p)
          if (prio_tc[p] == t) ecn_prios.set(Priority::unchecked(p));
      }
    }
    s.ets = ets;
    s.ecn_priorities = ecn_prios;
    s.ecn = ecn;
    if (body.watchdog.value_or(false)) {
      if (wd_timeout_ms) {
        s.pfc_watchdog = model::PfcWatchdog{*wd_timeout_ms, wd_recovery_ms.value_or(*wd_timeout_ms),
                                            body.watchdog_action.value_or(wd_action)};
      } else {
        state.notes.push_back(name + ": PFC watchdog enabled but no default timeout is configured");
      }
    }
    return s;
  }
};

}  // namespace

Result<SwitchState> parse(std::string_view config_text) {
  cli::TreeOptions options;
  options.comment_chars = "!";
  options.eof_banners = {"banner login", "banner motd"};
  options.openers = {"interface", "qos profile", "tx-queue", "uc-tx-queue", "mc-tx-queue"};
  Parser p;
  for (const auto& line : cli::parse_tree(config_text, options)) p.read_global(line);

  PriorityMask lossless;
  for (auto& [name, body] : p.interfaces) {
    model::Settings s = p.port_settings(name, body);
    lossless = PriorityMask(lossless.bits() | s.pfc_enabled->bits());
    p.state.ports[name] = std::move(s);
  }
  auto dscp = cli::dscp_by_class_selector();  // EOS default: DSCP d -> traffic class d/8
  for (auto [d, tc] : p.explicit_dscp) dscp[d] = tc;
  p.state.global.dscp_priority = dscp;
  p.state.global.cnp = cli::infer_cnp(p.explicit_dscp, lossless);
  return std::move(p.state);
}

}  // namespace rocecfg::sw::eos
