// EOS running-config -> SwitchState (see eos.h for the model). A port's QoS is
// its `qos profile` (via `service-profile`) overlaid with what the interface
// itself says; switch-wide maps and watchdog timers apply to every port.
#include <charconv>

#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/config_tree.h"
#include "../cli/ports.h"
#include "../cli/recognise.h"
#include "common/capture.h"
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
  std::string ecn_text;          // the vendor's numbers beside ours
  std::string ecn_incomparable;  // ECN on in this unit (segments, milliseconds)
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
  // `priority-flow-control pause watchdog port timer ...`: this port's own times.
  std::optional<uint32_t> wd_timeout_ms, wd_recovery_ms;
  std::map<unsigned, Queue> queues;
  std::string service_profile;
  bool trust_cleared = false;  // `no qos trust`: the port's default, not in the file

  void overlay(const Body& o) {
    if (o.mtu_bytes) mtu_bytes = o.mtu_bytes;
    if (o.trust) trust = o.trust, trust_cleared = false;
    if (o.trust_cleared) trust.reset(), trust_cleared = true;
    if (o.wd_timeout_ms) wd_timeout_ms = o.wd_timeout_ms;
    if (o.wd_recovery_ms) wd_recovery_ms = o.wd_recovery_ms;
    if (o.pfc_on) pfc_on = o.pfc_on;
    for (auto [p, v] : o.no_drop) no_drop[p] = v;
    if (o.watchdog) watchdog = o.watchdog;
    if (o.watchdog_action) watchdog_action = o.watchdog_action;
    if (!o.service_profile.empty()) service_profile = o.service_profile;
    for (const auto& [t, q] : o.queues) {
      Queue& mine = queues[t];
      if (q.strict) mine.strict = q.strict;
      if (q.bandwidth_percent) mine.bandwidth_percent = q.bandwidth_percent;
      if (q.ecn) mine.ecn = q.ecn, mine.ecn_text = q.ecn_text, mine.ecn_off = false;
      if (!q.ecn_incomparable.empty()) mine.ecn.reset(), mine.ecn_incomparable = q.ecn_incomparable;
      if (q.ecn_off) mine.ecn.reset(), mine.ecn_off = true, mine.ecn_incomparable.clear();
    }
  }
};

// EOS watchdog actions (AVD priority_flow_control schema: drop, no-drop;
// EOS also prints notify-only and errdisable): no-drop keeps forwarding the
// stuck queue, which is the profile's `forward`; errdisable shuts the port,
// which the profile cannot say.
std::optional<model::WatchdogAction> watchdog_action(std::string_view a) {
  if (a == "drop") return model::WatchdogAction::drop;
  if (a == "no-drop") return model::WatchdogAction::forward;
  if (a == "notify-only") return model::WatchdogAction::alert;
  return std::nullopt;
}

// The watchdog timers of one line: "timeout T [polling-interval (auto|P)]
// [recovery-time R [forced]]" from word `from` on (EOS prints the port
// override `priority-flow-control pause watchdog port timer ...` this way, and
// AVD's schema has timeout, polling_interval, recovery_time and forced).
// Seconds with at most two decimals; false when a word is not one of these.
bool read_timers(const std::vector<std::string_view>& w, size_t from,
                 std::optional<uint32_t>& timeout, std::optional<uint32_t>& recovery) {
  for (size_t i = from; i < w.size(); ++i) {
    if (w[i] == "forced") continue;  // recovery even while pause frames still arrive
    if (i + 1 >= w.size()) return false;
    std::string_view key = w[i], value = w[++i];
    if (key == "polling-interval" && value == "auto") continue;
    auto ms = cli::parse_seconds_ms(value);
    if (!ms) return false;
    if (key == "timeout")
      timeout = ms;
    else if (key == "recovery-time")
      recovery = ms;
    else if (key != "polling-interval")
      return false;
  }
  return true;
}

// Statements of EOS's QoS (EOS User Manual, "Quality of Service" and "Data
// Center Bridging" chapters): classification maps and profiles, PFC and its
// watchdog, WRED/ECN, DCBX, QoS policy-maps and class-maps and their
// service-policy. One the reader does not hold is listed as not understood
// (it may set what a knob reports), where any other statement is passed over.
bool qos_statement(std::string_view t) {
  std::string_view s = t.starts_with("no ") ? t.substr(3) : t;
  return cli::starts_with_statement(
      s, {"qos", "priority-flow-control", "random-detect", "dcbx", "policy-map type qos",
          "policy-map type quality-of-service", "class-map type qos", "service-policy type qos",
          "service-policy type quality-of-service"});
}

struct Parser {
  SwitchState state;
  model::DscpPriorityMap explicit_dscp;
  std::vector<std::string> dscp_text;  // the `qos map dscp` lines
  model::PrioTcMap prio_tc = model::kIdentityPrioTc;
  bool prio_tc_stated = false;
  std::optional<uint32_t> wd_timeout_ms, wd_recovery_ms;
  std::optional<model::WatchdogAction> wd_action;  // EOS default: drop
  bool wd_action_unknown = false;
  std::map<std::string, Body> profiles;
  std::vector<std::pair<std::string, Body>> interfaces;  // config order; repeats merge
  // Every statement not understood is listed, one entry per line.
  void note(const ConfigLine& l, std::string what) {
    state.unread(l.line, l.text, std::move(what));
  }

  void read_ecn(const ConfigLine& l, Queue& q) {
    auto w = words(l.text);
    // random-detect ecn minimum-threshold A U maximum-threshold B U
    //   [max-mark-probability P] [weight W]   (units: AVD qos_profiles schema:
    //   segments | bytes | kbytes | mbytes | milliseconds)
    std::optional<cli::Threshold> lo, hi;
    std::string unit;
    uint32_t prob = 100;
    for (size_t i = 2; i < w.size(); ++i) {
      if ((w[i] == "minimum-threshold" || w[i] == "maximum-threshold") && i + 2 < w.size()) {
        (w[i] == "minimum-threshold" ? lo : hi) = cli::threshold_bytes(w[i + 1], w[i + 2]);
        unit = std::string(w[i + 2]);
        i += 2;
      } else if (w[i] == "max-mark-probability" && i + 1 < w.size()) {
        auto p = number(w[++i], 100);
        if (!p) return note(l, "not understood");
        prob = static_cast<uint32_t>(*p);
      } else if (w[i] == "weight" && i + 1 < w.size()) {
        ++i;
      } else {
        return note(l, "not understood");
      }
    }
    if (lo && hi) {
      q.ecn = model::Ecn{lo->bytes, hi->bytes, prob}, q.ecn_off = false;
      q.ecn_text = fmt::format("min {} max {}", lo->vendor_text, hi->vendor_text);
    } else {
      // Marking is on; its thresholds are in a unit we cannot convert.
      q.ecn.reset(), q.ecn_off = false, q.ecn_incomparable = unit;
      note(l, "ECN on, thresholds in " + unit + " not comparable");
    }
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
      else if (l.text == "random-detect ecn count")
        continue;  // counters only
      else
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
        b.trust = model::Trust::dscp, b.trust_cleared = false;
      else if (t == "qos trust cos")
        b.trust = model::Trust::pcp, b.trust_cleared = false;
      else if (t == "no qos trust")
        b.trust.reset(), b.trust_cleared = true;  // back to the port mode's default (issue 33)
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
      else if (starts_with_words(t, "priority-flow-control pause watchdog port timer")) {
        if (!read_timers(words(t), 5, b.wd_timeout_ms, b.wd_recovery_ms)) note(l, "not understood");
      } else if (starts_with_words(t, "priority-flow-control pause watchdog port action")) {
        auto a =
            watchdog_action(after_words(t, "priority-flow-control pause watchdog port action"));
        if (a)
          b.watchdog_action = *a;
        else
          note(l, "watchdog action with no profile equivalent");
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
      } else if (qos_statement(t)) {
        note(l, "QoS statement not understood");
      }
    }
    return b;
  }

  void read_global(const ConfigLine& l) {
    const std::string& t = l.text;
    auto w = words(t);
    if (starts_with_words(t, "qos map dscp")) {
      // qos map dscp D... to traffic-class T [drop-precedence P]
      size_t to = t.find(" to traffic-class ");
      std::string list(after_words(t.substr(0, to == std::string::npos ? 0 : to), "qos map dscp"));
      std::string tail = to == std::string::npos ? "" : t.substr(to + 18);
      auto tw = words(tail);
      auto dscps = cli::parse_number_list(list, 63);
      auto tc = tw.empty() ? std::nullopt : number(tw[0], 7);
      bool tail_ok = tw.size() == 1 ||
                     (tw.size() == 3 && tw[1] == "drop-precedence" && number(tw[2], 2).has_value());
      if (!dscps || dscps->empty() || !tc || !tail_ok) return note(l, "not understood");
      for (unsigned d : *dscps) explicit_dscp[Dscp::unchecked(d)] = Priority::unchecked(*tc);
      dscp_text.push_back(l.text);
    } else if (starts_with_words(t, "qos map traffic-class") && w.size() >= 6 &&
               w[w.size() - 2] == "tx-queue") {
      std::string list(after_words(t, "qos map traffic-class"));
      list = list.substr(0, list.find(" to "));
      auto tcs = cli::parse_number_list(list, 7);
      auto q = number(w.back(), 7);
      if (!tcs || !q) return note(l, "not understood");
      for (unsigned p : *tcs) prio_tc[p] = TrafficClass::unchecked(*q);
      prio_tc_stated = true;
    } else if (starts_with_words(t, "qos map traffic-class") &&
               t.find(" to dscp ") != std::string::npos) {
      // The egress DSCP rewrite map (EOS User Manual, "qos map traffic-class
      // to dscp"): not classification, and no profile knob holds it.
      return note(l, "egress DSCP rewrite: not part of the profile model");
    } else if (starts_with_words(t, "qos map cos")) {
      // Classification of trust-cos ports ("qos map cos to traffic-class"):
      // the profile's classification is DSCP -> priority only.
      return note(l, "CoS -> traffic-class map: not part of the profile model");
    } else if (starts_with_words(t, "qos profile") && w.size() == 3) {
      profiles[std::string(w[2])].overlay(read_body(l));
    } else if (starts_with_words(t, "priority-flow-control pause watchdog default timeout") ||
               starts_with_words(t, "priority-flow-control pause watchdog default recovery-time") ||
               starts_with_words(t,
                                 "priority-flow-control pause watchdog default polling-interval")) {
      if (!read_timers(w, 4, wd_timeout_ms, wd_recovery_ms)) note(l, "not understood");
    } else if (starts_with_words(t, "priority-flow-control pause watchdog action")) {
      wd_action = watchdog_action(w.back());
      wd_action_unknown = !wd_action;
      if (!wd_action) note(l, "watchdog action with no profile equivalent");
    } else if (qos_statement(t)) {
      // A QoS statement this reader does not hold is listed, never passed over.
      note(l, "QoS statement not understood");
    } else if (!(starts_with_words(t, "interface") && w.size() >= 2)) {
      ++state.passed_over;  // not QoS: aaa, logging, router bgp, management api ...
    } else {
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
      if (!ports) {
        ++state.passed_over;  // management, loopback, VLAN interfaces
        return;
      }
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
    using model::Knob;
    auto defaulted = [&](Knob k, std::string why) {
      state.mark(name, k, Source::vendor_default, std::move(why));
    };
    model::Settings s;
    s.mtu_bytes = body.mtu_bytes;  // EOS's default depends on port mode: not in the file
    s.trust = body.trust;          // likewise (switchports trust cos, routed ports dscp)
    PriorityMask pfc;
    if (body.pfc_on.value_or(false))
      for (auto [p, on] : body.no_drop)
        if (on) pfc.set(Priority::unchecked(p));
    s.pfc_enabled = pfc;
    if (!body.pfc_on && body.no_drop.empty()) defaulted(Knob::pfc, "PFC off (EOS default)");

    model::Ets ets;
    ets.prio_tc = prio_tc;
    PriorityMask ecn_prios;
    std::optional<model::Ecn> ecn;
    std::string ecn_text, incomparable;
    bool sched_stated = false;
    for (unsigned t = 0; t < 8; ++t) {
      const Queue q = body.queues.contains(t) ? body.queues.at(t) : Queue{};
      sched_stated |= q.strict.has_value() || q.bandwidth_percent.has_value();
      bool strict = q.strict.value_or(true);  // EOS schedules every queue strict by default
      ets.tc_tsa[t] = strict ? model::Tsa::strict : model::Tsa::ets;
      ets.tc_bandwidth_percent[t] = strict ? 0 : q.bandwidth_percent.value_or(0);
      if (q.ecn || !q.ecn_incomparable.empty()) {
        for (unsigned p = 0; p < 8; ++p)
          if (prio_tc[p].value() == t) ecn_prios.set(Priority::unchecked(p));
      }
      if (!q.ecn_incomparable.empty()) incomparable = q.ecn_incomparable;
      if (q.ecn) {
        if (ecn && *ecn != *q.ecn)
          state.unread(0, fmt::format("{} tx-queue {}", name, t),
                       "other ECN thresholds than a lower queue; the lower is reported");
        if (!ecn) ecn = q.ecn, ecn_text = q.ecn_text;
      }
    }
    s.ets = ets;
    if (!sched_stated && !prio_tc_stated)
      defaulted(Knob::ets, "every tx-queue strict priority (EOS default)");
    s.ecn_priorities = ecn_prios;
    if (ecn_prios.empty()) defaulted(Knob::ecn_priorities, "no random-detect ecn: ECN off");
    if (incomparable.empty()) {
      s.ecn = ecn;
      if (ecn) state.mark(name, Knob::ecn, Source::configured, ecn_text);
    } else {
      // On, in a unit we cannot convert: the thresholds stay unknown.
      state.mark(name, Knob::ecn_priorities, Source::configured,
                 "ECN on, thresholds in " + incomparable + " not comparable");
    }
    if (body.watchdog.value_or(false)) {
      auto action = body.watchdog_action ? body.watchdog_action : wd_action;
      if (!body.watchdog_action && !wd_action && !wd_action_unknown)
        action = model::WatchdogAction::drop;  // EOS default action
      auto timeout = body.wd_timeout_ms ? body.wd_timeout_ms : wd_timeout_ms;
      auto recovery = body.wd_recovery_ms ? body.wd_recovery_ms : wd_recovery_ms;
      if (timeout && action) {
        s.pfc_watchdog = model::PfcWatchdog{*timeout, recovery.value_or(*timeout), *action};
      } else if (!timeout) {
        state.unread(0, name + " priority-flow-control pause watchdog",
                     "PFC watchdog enabled but no default timeout is configured");
      }
    } else if (!body.watchdog) {
      defaulted(Knob::pfc_watchdog, "PFC watchdog off (EOS default)");
      s.pfc_watchdog.reset();
    }
    return s;
  }
};

}  // namespace

// What marks a text as EOS's (vendors/switch/cli/recognise.h has the rule),
// each printed by EOS and by no other format the readers know:
//  - the header comments of `show running-config` and a saved startup-config:
//    `! Command: show running-config` (with a space: NX-OS prints
//    `!Command:`), `! device: NAME (MODEL, EOS-4.x)`, `! Startup-config last
//    modified at ...`, `! boot system flash:...` (EOS User Manual,
//    "Configuration files"; every file of ../shared/wild-configs/eos);
//  - EOS interface names: `Ethernet1` (a fixed switch's port: one number;
//    NX-OS always has a slot), `Management1`, `Port-Channel10` (NX-OS and Dell
//    spell it `port-channel`, IOS `Port-channel`), `Vxlan1`, and the
//    `(config-if-Et1)` prompts of a typed session;
//  - statements of EOS alone: `transceiver qsfp default-mode`, `service routing
//    protocols model`, `no aaa root`, `management api ...`, `daemon
//    TerminAttr`, `vrf instance`, `vlan internal order`, `qos profile`,
//    `qos map dscp|traffic-class ...`, `priority-flow-control pause watchdog
//    ...`, and `service-profile` / `tx-queue N` / `uc-tx-queue N` /
//    `priority-flow-control on` / `priority-flow-control priority N no-drop`
//    in a stanza
//    (AVD eos_cli_config_gen templates, aristanetworks/avd; EOS User Manual
//    QoS chapter).
std::string eos_mark(const cli::MarkLine& l) {
  std::string_view t = l.text;
  if (l.comment) {
    for (std::string_view h : {"! Command: show ", "! device: ", "! Startup-config last modified",
                               "! boot system flash:"})
      if (t.starts_with(h)) return "an EOS configuration header";
    return "";
  }
  if (l.prompt) {
    for (std::string_view m : {"(config-if-Et", "(config-if-Ma", "(config-if-Po", "(config-qos-"})
      if (t.find(m) != std::string_view::npos) return "an EOS configuration-mode prompt";
    return "";
  }
  if (!l.parent.empty()) {
    auto w = words(t);
    // `priority-flow-control on` and `... priority N no-drop` are EOS's
    // spelling (NX-OS and Dell OS10 write `priority-flow-control mode on`,
    // Comware `priority-flow-control enable` / `no-drop dot1p N`).
    if ((w[0] == "service-profile" && w.size() == 2) ||
        ((w[0] == "tx-queue" || w[0] == "uc-tx-queue") && w.size() == 2) ||
        t == "priority-flow-control on" ||
        (w.size() == 4 && w[0] == "priority-flow-control" && w[1] == "priority" &&
         (w[3] == "no-drop" || w[3] == "drop")))
      return "an EOS QoS statement";
    return "";
  }
  std::string_view n = cli::interface_arg(t);
  if (!n.empty()) {
    if (cli::name_shape(n, "Ethernet", 1, 1) || cli::name_shape(n, "Management", 1, 1) ||
        cli::name_shape(n, "Port-Channel", 1, 1) || cli::name_shape(n, "Vxlan", 1, 1) ||
        cli::name_shape(n, "Recirc-Channel", 1, 1))
      return "an EOS interface name";
    return "";
  }
  if (cli::starts_with_statement(
          t, {"transceiver qsfp default-mode", "service routing protocols model", "no aaa root",
              "management api", "daemon TerminAttr", "vrf instance", "vlan internal order",
              "qos profile", "qos map dscp", "qos map traffic-class",
              "priority-flow-control pause watchdog"}))
    return "an EOS statement";
  return "";
}

// Registered so the other readers refuse this vendor's text by these marks.
constexpr cli::Marks kMarks{
    kVendor, "EOS", "`show running-config`",
    "`! device: ... EOS-4.x` or `! Command: show running-config` headers, "
    "interface Ethernet1 / Management1 / Port-Channel1, EOS-only statements "
    "(transceiver qsfp default-mode, management api, qos profile, ...)",
    eos_mark};
[[maybe_unused]] const bool kMarksRegistered = cli::register_marks(&kMarks);

Result<SwitchState> parse(std::string_view config_text) {
  cli::TreeOptions options;
  options.comment_chars = "!";
  options.eof_banners = {"banner login", "banner motd"};
  // class-map and policy-map own their lines, so a QoS policy's `class` and
  // `set traffic-class` lines stay under the statement listed as not understood.
  options.openers = {"interface",   "qos profile", "tx-queue",   "uc-tx-queue",
                     "mc-tx-queue", "class-map",   "policy-map", "class"};
  options.nested_openers = {"tx-queue", "uc-tx-queue", "mc-tx-queue", "class"};
  options.interface_types = {"Ethernet", "Port-Channel", "Management"};
  auto text = cli::read_config(config_text, options, kMarks);
  if (!text) return std::unexpected(text.error());
  Parser p;
  p.state.recognised_as = "EOS running-config";
  for (const auto& line : text->tree) p.read_global(line);

  for (auto& [name, body] : p.interfaces) p.state.ports[name] = p.port_settings(name, body);
  // Classification: only the entries the file states. The EOS default map
  // was not found in a primary source this project could check, so DSCPs
  // the file does not map are "not in the file", never assumed d/8.
  if (!p.explicit_dscp.empty()) {
    p.state.global.dscp_priority = p.explicit_dscp;
    p.state.mark(kGlobalTarget, model::Knob::dscp_map, Source::configured,
                 cli::join(p.dscp_text, "; "));
  }
  if (text->session) cli::only_stated(p.state, "EOS configuration session");
  say_passed_over(p.state, "statements that are not QoS");
  return std::move(p.state);
}

}  // namespace rocecfg::sw::eos
