// NX-OS running-config -> SwitchState (see nxos.h for the model). Policies
// are collected first; only the ones `system qos` and the interfaces attach
// take effect, and unattached ones are ignored (not an error: operators keep
// spares).
#include <cctype>

#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/config_tree.h"
#include "../cli/ports.h"
#include "../cli/recognise.h"
#include "common/capture.h"
#include "nxos.h"

namespace rocecfg::sw::nxos {

namespace {

using cli::after_words;
using cli::ConfigLine;
using cli::number;
using cli::starts_with_words;
using cli::words;

// Queue n of a system class name, or nullopt.
std::optional<unsigned> class_queue(std::string_view name, std::string_view prefix) {
  if (name == std::string(prefix) + "-default") return 0;
  if (!name.starts_with(prefix)) return std::nullopt;
  auto n = number(name.substr(prefix.size()), 7);
  return n ? std::optional<unsigned>(static_cast<unsigned>(*n)) : std::nullopt;
}

struct QueueClass {
  std::optional<bool> strict;
  std::optional<uint8_t> bandwidth_percent;
  std::optional<model::Ecn> ecn;
  std::string ecn_text;          // the vendor's numbers beside ours
  std::string ecn_incomparable;  // ECN on in a unit we cannot convert
};

// What interface stanzas say; unset fields keep the NX-OS default (PFC mode
// auto, watchdog as the switch says, no qos policy). A repeated stanza adds.
struct Port {
  std::optional<uint32_t> mtu_bytes;
  std::optional<std::string> pfc_mode;
  std::optional<bool> watchdog;
  std::optional<std::string> qos_policy;  // "" after `no service-policy`

  void overlay(const Port& o) {
    if (o.mtu_bytes) mtu_bytes = o.mtu_bytes;
    if (o.pfc_mode) pfc_mode = o.pfc_mode;
    if (o.watchdog) watchdog = o.watchdog;
    if (o.qos_policy) qos_policy = o.qos_policy;
  }
};

// Statements of NX-OS's QoS (Nexus 9000 Quality of Service Configuration
// Guide: classification, network-qos, queuing, "Configuring Priority Flow
// Control", "hardware qos" buffer and DSCP-to-queue settings). One the reader
// does not hold is listed as not understood (it may set what a knob
// reports), where any other statement is passed over.
bool qos_statement(std::string_view t) {
  std::string_view s = t.starts_with("no ") ? t.substr(3) : t;
  return cli::starts_with_statement(
      s, {"qos", "hardware qos", "priority-flow-control", "system qos", "policy-map type qos",
          "policy-map type network-qos", "policy-map type queuing", "class-map type qos",
          "class-map type network-qos", "class-map type queuing", "service-policy type qos",
          "service-policy type network-qos", "service-policy type queuing"});
}

struct Parser {
  SwitchState state;
  std::map<std::string, std::vector<unsigned>> class_dscps;  // type qos class-map -> DSCPs
  // type qos policy -> ordered (class, qos-group)
  std::map<std::string, std::vector<std::pair<std::string, unsigned>>> qos_policies;
  std::map<std::string, std::map<unsigned, std::pair<PriorityMask, std::optional<uint32_t>>>>
      nq_policies;  // policy -> queue -> (pause cos, mtu)
  std::map<std::string, std::map<unsigned, QueueClass>> queuing_policies;
  std::string system_nq, system_queuing;
  bool wd_on = false;
  // The watchdog's times are interval x shutdown-multiplier and interval x
  // auto-restore multiplier. NX-OS hides default-valued lines from `show
  // running-config`, and the defaults (an earlier reading here had 100 ms,
  // 1, 10) were not found in Cisco's Nexus 9000 QoS guide as read for this
  // project (10.5(x) "Configuring Priority Flow Control" describes the
  // restore time as auto + fixed multiplier, no default figure): a time whose
  // line is missing is unknown, and so is the port's watchdog (a note says
  // it is on).
  std::optional<uint32_t> wd_interval_ms, wd_shutdown, wd_restore;
  std::vector<std::pair<std::string, Port>> ports;
  std::map<std::string, std::vector<unsigned>> class_cos;  // type qos class-map -> CoS values
  bool wd_global_stated = false;
  bool wd_unreadable = false;  // a watch-dog line not understood: the watchdog is unknown

  // Every statement not understood is listed, one entry per line.
  void note(const ConfigLine& l, const std::string& what) { state.unread(l.line, l.text, what); }

  void read_queue_class(const ConfigLine& stanza, QueueClass& q) {
    for (const auto& l : stanza.children) {
      auto w = words(l.text);
      if (starts_with_words(l.text, "priority"))
        q.strict = true;
      else if (starts_with_words(l.text, "no priority"))
        q.strict = false;
      else if (starts_with_words(l.text, "bandwidth remaining percent") ||
               starts_with_words(l.text, "bandwidth percent")) {
        if (auto n = number(w.back(), 100))
          q.bandwidth_percent = static_cast<uint8_t>(*n);
        else
          note(l, "not understood");
      } else if (starts_with_words(l.text, "random-detect minimum-threshold")) {
        if (w.back() != "ecn") {
          note(l, "WRED without ecn drops instead of marking");
          continue;
        }
        std::optional<cli::Threshold> lo, hi;
        std::string unit;
        uint32_t prob = 100;
        for (size_t i = 1; i + 1 < w.size(); ++i) {
          if ((w[i] == "minimum-threshold" || w[i] == "maximum-threshold") && i + 2 < w.size()) {
            (w[i] == "minimum-threshold" ? lo : hi) = cli::threshold_bytes(w[i + 1], w[i + 2]);
            unit = std::string(w[i + 2]);
          }
          if (w[i] == "drop-probability")
            if (auto p = number(w[i + 1], 100)) prob = static_cast<uint32_t>(*p);
        }
        if (lo && hi) {
          q.ecn = model::Ecn{lo->bytes, hi->bytes, prob};
          q.ecn_text = fmt::format("min {} max {}", lo->vendor_text, hi->vendor_text);
        } else {
          q.ecn.reset(), q.ecn_incomparable = unit;
          note(l, "ECN on, thresholds in " + unit + " not comparable");
        }
      } else if (l.text == "no random-detect") {
        q.ecn.reset();
      } else {
        note(l, "not understood");
      }
    }
  }

  void read_policy(const ConfigLine& l) {
    auto w = words(l.text);
    if (!qos_statement(l.text)) {
      ++state.passed_over;  // not QoS: control-plane (CoPP), pbr ...
      return;
    }
    if (w.size() != 4) return note(l, "QoS statement not understood");
    std::string name(w[3]);
    if (w[2] == "qos") {
      auto& classes = qos_policies[name];
      for (const auto& c : l.children) {
        auto cw = words(c.text);
        if (cw.size() < 2 || cw[0] != "class") {
          note(c, "not understood");
          continue;
        }
        for (const auto& s : c.children) {
          auto g = starts_with_words(s.text, "set qos-group") ? number(words(s.text).back(), 7)
                                                              : std::nullopt;
          if (g)
            classes.emplace_back(std::string(cw.back()), static_cast<unsigned>(*g));
          else
            note(s, "not understood");
        }
      }
    } else if (w[2] == "network-qos") {
      auto& classes = nq_policies[name];
      for (const auto& c : l.children) {
        auto cw = words(c.text);
        auto q = starts_with_words(c.text, "class type network-qos") && cw.size() == 4
                     ? class_queue(cw[3], "c-8q-nq")
                     : std::nullopt;
        if (!q) {
          note(c, "not understood");
          continue;
        }
        auto& [pause, mtu] = classes[*q];
        for (const auto& s : c.children) {
          auto sw = words(s.text);
          if (starts_with_words(s.text, "mtu")) {
            if (auto n = number(sw.back(), 9216))
              mtu = static_cast<uint32_t>(*n);
            else
              note(s, "not understood");
          } else if (starts_with_words(s.text, "pause") &&
                     s.text.find("pfc-cos") != std::string::npos) {
            auto list = cli::parse_number_list(
                after_words(s.text.substr(s.text.find("pfc-cos")), "pfc-cos"), 7);
            if (!list)
              note(s, "not understood");
            else
              for (unsigned p : *list) pause.set(Priority::unchecked(p));
          } else if (s.text == "no pause pfc-cos") {
            pause = PriorityMask{};
          } else {
            note(s, "not understood");
          }
        }
      }
    } else if (w[2] == "queuing") {
      auto& classes = queuing_policies[name];
      for (const auto& c : l.children) {
        auto cw = words(c.text);
        auto q = starts_with_words(c.text, "class type queuing") && cw.size() == 4
                     ? class_queue(cw[3], "c-out-8q-q")
                     : std::nullopt;
        if (q)
          read_queue_class(c, classes[*q]);
        else
          note(c, "not understood");
      }
    }
  }

  void read_interface(const ConfigLine& l) {
    // NX-OS writes ranges as "Ethernet1/1-2", "Ethernet1/1 - 2" and lists
    // as "Ethernet1/1, Ethernet1/3": one spelling before expanding.
    std::string arg(after_words(l.text, "interface"));
    std::string joined;
    for (size_t i = 0; i < arg.size(); ++i) {
      if (arg[i] == ' ' && ((i + 1 < arg.size() && (arg[i + 1] == '-' || arg[i + 1] == ',')) ||
                            (i > 0 && (arg[i - 1] == '-' || arg[i - 1] == ','))))
        continue;
      joined += arg[i];
    }
    std::vector<std::string> list;
    for (size_t st = 0; st <= joined.size();) {
      size_t c = joined.find(',', st);
      list.push_back(joined.substr(st, c == std::string::npos ? std::string::npos : c - st));
      if (c == std::string::npos) break;
      st = c + 1;
    }
    // "Ethernet1/1-2" after a comma may be written as "1/3-4" without the type.
    auto names = cli::expand_ports(list, port_grammar());
    if (!names) {
      ++state.passed_over;  // mgmt0, loopbacks, VLAN interfaces
      return;
    }
    Port p;
    for (const auto& c : l.children) {
      auto w = words(c.text);
      if (starts_with_words(c.text, "mtu")) {
        if (auto n = number(w.back(), 65535)) p.mtu_bytes = static_cast<uint32_t>(*n);
      } else if (starts_with_words(c.text, "priority-flow-control mode") && w.size() >= 3) {
        p.pfc_mode = std::string(w[2]);
      } else if (starts_with_words(c.text, "priority-flow-control watch-dog-interval")) {
        p.watchdog = w.back() == "on";
      } else if (starts_with_words(c.text, "service-policy type qos input")) {
        p.qos_policy = std::string(w.back());
      } else if (starts_with_words(c.text, "no service-policy type qos input")) {
        p.qos_policy = "";
      } else if (starts_with_words(c.text, "service-policy type queuing")) {
        note(c, "per-port queuing policies are not read; the system policy is reported");
      } else if (qos_statement(c.text)) {
        note(c, "QoS statement not understood");
      }
    }
    for (const auto& n : *names) {
      auto it = std::find_if(ports.begin(), ports.end(), [&](auto& x) { return x.first == n; });
      if (it == ports.end())
        ports.emplace_back(n, p);
      else
        it->second.overlay(p);
    }
  }

  void read(const ConfigLine& l) {
    const std::string& t = l.text;
    auto w = words(t);
    if (starts_with_words(t, "class-map type qos") && w.size() >= 4) {
      auto& dscps = class_dscps[std::string(w.back())];
      for (const auto& m : l.children) {
        if (starts_with_words(m.text, "match cos")) {
          auto list = cli::parse_number_list(after_words(m.text, "match cos"), 7);
          if (list)
            class_cos[std::string(w.back())] = *list;
          else
            note(m, "not understood");
          continue;
        }
        if (!starts_with_words(m.text, "match dscp")) {
          note(m, "not understood");
          continue;
        }
        std::string list(after_words(m.text, "match dscp"));
        for (char& ch : list)
          if (ch == ',') ch = ' ';
        for (auto word : words(list)) {
          if (auto d = cli::dscp_value(word)) {
            dscps.push_back(*d);
            continue;
          }
          if (auto r = cli::parse_number_list(word, 63))
            dscps.insert(dscps.end(), r->begin(), r->end());
          else
            note(m, "not understood");
        }
      }
    } else if (starts_with_words(t, "policy-map type")) {
      read_policy(l);
    } else if (t == "system qos") {
      for (const auto& c : l.children) {
        auto cw = words(c.text);
        if (starts_with_words(c.text, "service-policy type network-qos") && cw.size() == 4)
          system_nq = cw.back();
        else if (starts_with_words(c.text, "service-policy type queuing output") && cw.size() == 5)
          system_queuing = cw.back();
        else  // e.g. a switch-wide `service-policy type qos input`: not read
          note(c, "QoS statement not understood");
      }
    } else if (starts_with_words(t, "priority-flow-control watch-dog-interval") &&
               (w.back() == "on" || w.back() == "off")) {
      wd_on = w.back() == "on";
      wd_global_stated = true;
    } else if (starts_with_words(t, "priority-flow-control watch-dog interval") &&
               number(w.back(), 1000)) {
      wd_interval_ms = static_cast<uint32_t>(*number(w.back(), 1000));
    } else if (starts_with_words(t, "priority-flow-control watch-dog shutdown-multiplier") &&
               number(w.back(), 10)) {
      wd_shutdown = static_cast<uint32_t>(*number(w.back(), 10));
    } else if (starts_with_words(t, "priority-flow-control auto-restore multiplier") &&
               number(w.back(), 100)) {
      wd_restore = static_cast<uint32_t>(*number(w.back(), 100));
    } else if (starts_with_words(t, "interface")) {
      read_interface(l);
    } else if (qos_statement(t)) {
      // A QoS statement this reader does not hold is listed, never passed over.
      note(l, "QoS statement not understood");
      wd_unreadable |= t.starts_with("priority-flow-control watch-dog") ||
                       t.starts_with("priority-flow-control auto-restore");
    } else {
      ++state.passed_over;  // not QoS: feature, vrf context, router bgp, logging ...
    }
  }

  // DSCP -> qos-group by a qos policy: first matching class wins, the rest
  // go to qos-group 0.
  model::DscpPriorityMap classify(const std::string& policy, model::DscpPriorityMap* explicit_map) {
    model::DscpPriorityMap out;
    for (const auto& [cls, group] : qos_policies[policy]) {
      auto it = class_dscps.find(cls);
      if (it == class_dscps.end()) continue;
      for (unsigned d : it->second) {
        if (out.contains(Dscp::unchecked(d))) continue;
        out[Dscp::unchecked(d)] = Priority::unchecked(group);
        if (explicit_map) (*explicit_map)[Dscp::unchecked(d)] = Priority::unchecked(group);
      }
    }
    for (unsigned d = 0; d < 64; ++d) out.try_emplace(Dscp::unchecked(d), Priority{});
    return out;
  }
};

}  // namespace

// What marks a text as NX-OS's (vendors/switch/cli/recognise.h has the rule),
// each printed by NX-OS and by no other format the readers know:
//  - the header comments of `show running-config`: `!Command: show ...` (no
//    space after "!": EOS prints one), `!Time: ...`, `!Running configuration
//    last done at: ...`, `!Startup config saved at: ...`; the release line
//    `version 9.3(8)` (parentheses: IOS prints `version 17.1`) (Nexus 9000
//    Fundamentals Configuration Guide; every file of ../shared/wild-configs/nxos);
//  - statements of NX-OS alone: `feature ...`, `vdc ... id ...`, `vrf context`,
//    `boot nxos`, `copp profile`, `system jumbomtu`, `system qos`,
//    `policy-map|class-map type network-qos|queuing`, `cfs ...`, `nv overlay`,
//    `hardware access-list tcam`, `priority-flow-control watch-dog...`, and
//    `pause pfc-cos` / `priority-flow-control watch-dog-interval` in a stanza
//    (Nexus 9000 QoS Configuration Guide, "Configuring Priority Flow Control",
//    network-qos and queuing policies);
//  - `interface mgmt0` and `nve1`, and the `(config-pmap-...)`,
//    `(config-cmap-...)`, `(config-sys-qos)` prompts of a typed session.
std::string nxos_mark(const cli::MarkLine& l) {
  std::string_view t = l.text;
  if (l.comment) {
    for (std::string_view h :
         {"!Command: ", "!Time: ", "!Running configuration last done", "!Startup config saved"})
      if (t.starts_with(h)) return "an NX-OS configuration header";
    return "";
  }
  if (l.prompt) {
    for (std::string_view m : {"(config-pmap-", "(config-cmap-", "(config-sys-qos)"})
      if (t.find(m) != std::string_view::npos) return "an NX-OS configuration-mode prompt";
    return "";
  }
  if (!l.parent.empty()) {
    if (starts_with_words(t, "pause pfc-cos") ||
        starts_with_words(t, "priority-flow-control watch-dog-interval"))
      return "an NX-OS QoS statement";
    return "";
  }
  std::string_view n = cli::interface_arg(t);
  if (!n.empty())
    return cli::name_shape(n, "mgmt", 1, 1) || cli::name_shape(n, "nve", 1, 1)
               ? "an NX-OS interface name"
               : "";
  auto w = words(t);
  if (w[0] == "version" && w.size() >= 2 && w[1].find('(') != std::string_view::npos &&
      std::isdigit(static_cast<unsigned char>(w[1][0])))
    return "an NX-OS release line";
  if (cli::starts_with_statement(
          t, {"feature", "vdc", "vrf context", "boot nxos", "copp profile", "system jumbomtu",
              "system qos", "policy-map type network-qos", "policy-map type queuing",
              "class-map type network-qos", "class-map type queuing", "cfs", "nv overlay",
              "hardware access-list tcam", "priority-flow-control watch-dog"}))
    return "an NX-OS statement";
  return "";
}

// Registered so the other readers refuse this vendor's text by these marks.
constexpr cli::Marks kMarks{kVendor, "NX-OS", "`show running-config`",
                            "`!Command: show running-config` / `!Time:` headers, `version 9.3(8)`, "
                            "`feature ...`, `vrf context`, `system qos`, network-qos and queuing "
                            "policy-maps, interface mgmt0",
                            nxos_mark};
[[maybe_unused]] const bool kMarksRegistered = cli::register_marks(&kMarks);

Result<SwitchState> parse(std::string_view config_text) {
  cli::TreeOptions options;
  options.comment_chars = "!";
  options.delimited_banners = {"banner motd", "banner exec"};
  options.openers = {"interface", "class-map", "policy-map", "class", "system qos"};
  options.nested_openers = {"class"};
  options.interface_types = {"Ethernet", "port-channel", "mgmt"};
  auto text = cli::read_config(config_text, options, kMarks);
  if (!text) return std::unexpected(text.error());
  Parser p;
  p.state.recognised_as = "NX-OS running-config";
  for (const auto& line : text->tree) p.read(line);
  using model::Knob;

  // Switch-wide: the queuing policy under `system qos` (NX-OS default:
  // everything in the default queue).
  model::Ets ets;
  ets.prio_tc = model::kIdentityPrioTc;
  ets.tc_tsa.fill(model::Tsa::ets);
  ets.tc_bandwidth_percent = {100, 0, 0, 0, 0, 0, 0, 0};
  PriorityMask ecn_prios;
  std::optional<model::Ecn> ecn;
  std::string ecn_text, incomparable;
  if (!p.system_queuing.empty()) {
    ets.tc_bandwidth_percent.fill(0);
    p.state.policies["queuing " + p.system_queuing] = {"system qos"};
    for (const auto& [q, c] : p.queuing_policies[p.system_queuing]) {
      bool strict = c.strict.value_or(false);
      ets.tc_tsa[q] = strict ? model::Tsa::strict : model::Tsa::ets;
      ets.tc_bandwidth_percent[q] = strict ? 0 : c.bandwidth_percent.value_or(0);
      if (!c.ecn_incomparable.empty()) {
        incomparable = c.ecn_incomparable;
        ecn_prios.set(Priority::unchecked(q));
      }
      if (c.ecn) {
        if (ecn && *ecn != *c.ecn)
          p.state.unread(0, fmt::format("{} queue {}", p.system_queuing, q),
                         "other ECN thresholds than a lower queue; the lower is reported");
        if (!ecn) ecn = c.ecn, ecn_text = c.ecn_text;
        ecn_prios.set(Priority::unchecked(q));
      }
    }
  } else {
    p.state.mark(kGlobalTarget, Knob::ets, Source::vendor_default,
                 "no system queuing policy: every class in the default queue");
  }
  p.state.global.ets = ets;
  p.state.global.ecn_priorities = ecn_prios;
  if (!incomparable.empty())
    p.state.mark(kGlobalTarget, Knob::ecn_priorities, Source::configured,
                 "ECN on, thresholds in " + incomparable + " not comparable");
  else if (ecn)
    p.state.global.ecn = ecn, p.state.mark(kGlobalTarget, Knob::ecn, Source::configured, ecn_text);
  if (ecn_prios.empty())
    p.state.mark(kGlobalTarget, Knob::ecn_priorities, Source::vendor_default,
                 "no random-detect ecn");

  PriorityMask pause;
  std::optional<uint32_t> nq_mtu;
  if (!p.system_nq.empty()) {
    p.state.policies["network-qos " + p.system_nq] = {"system qos"};
    for (const auto& [q, v] : p.nq_policies[p.system_nq]) {
      pause = PriorityMask(pause.bits() | v.first.bits());
      if (v.second) nq_mtu = nq_mtu ? std::min(*nq_mtu, *v.second) : *v.second;
    }
  }

  for (const auto& [name, port] : p.ports) {
    model::Settings s;
    s.mtu_bytes = port.mtu_bytes;
    if (port.mtu_bytes && nq_mtu && *nq_mtu < *port.mtu_bytes)
      p.state.notes.push_back(
          fmt::format("{}: MTU {} exceeds the network-qos MTU {}", name, *port.mtu_bytes, *nq_mtu));
    std::string mode = port.pfc_mode.value_or("auto");
    if (mode == "on") {
      s.pfc_enabled = pause;
    } else if (mode == "off") {
      s.pfc_enabled = PriorityMask{};
    } else if (pause.empty()) {
      s.pfc_enabled = PriorityMask{};  // nothing to negotiate: no class pauses
      p.state.mark(name, Knob::pfc, Source::vendor_default, "PFC mode auto, no pause pfc-cos");
    } else {
      // mode auto (the default) follows DCBX negotiation: the file cannot say.
      p.state.notes.push_back(name +
                              ": PFC mode auto depends on DCBX negotiation; not in the file");
    }
    std::string policy = port.qos_policy.value_or("");
    if (!policy.empty()) {
      p.state.policies[policy].push_back(name);
      if (!p.qos_policies.contains(policy))
        p.state.notes.push_back(name + ": qos policy " + policy + " is not defined");
      bool by_cos = false, by_dscp = false;
      for (const auto& [cls, group] : p.qos_policies[policy]) {
        by_cos |= p.class_cos.contains(cls);
        by_dscp |= p.class_dscps.contains(cls) && !p.class_dscps[cls].empty();
      }
      if (by_dscp) {
        s.dscp_priority = p.classify(policy, nullptr);
        s.trust = model::Trust::dscp;
        if (by_cos)
          p.state.notes.push_back(name + ": qos policy " + policy +
                                  " classifies by both CoS and DSCP; DSCP classes reported");
      } else if (by_cos) {
        s.trust = model::Trust::pcp;  // `match cos`: classification by 802.1p
      }
    }
    bool wd_port_on = port.watchdog.value_or(true);
    bool wd_on = port.watchdog ? *port.watchdog : p.wd_on;
    if (wd_on && wd_port_on) {
      if (p.wd_interval_ms && p.wd_shutdown && p.wd_restore)
        s.pfc_watchdog =
            model::PfcWatchdog{*p.wd_interval_ms * *p.wd_shutdown,
                               *p.wd_interval_ms * *p.wd_restore, model::WatchdogAction::drop};
      else
        p.state.notes.push_back(name +
                                ": PFC watchdog on, but its timers (watch-dog interval, "
                                "shutdown-multiplier, auto-restore multiplier) are not all in the "
                                "file and their NX-OS defaults are not confirmed: times not known");
    } else if (port.watchdog || p.wd_global_stated) {
      // Turned off by the file itself (`watch-dog-interval off` on the port
      // or switch-wide): known off, not missing.
      p.state.mark(name, Knob::pfc_watchdog, Source::configured, "watch-dog-interval off");
    } else if (!p.wd_unreadable) {
      p.state.mark(name, Knob::pfc_watchdog, Source::vendor_default, "PFC watchdog off");
    }  // else a watch-dog line was not understood: not known, not the default
    p.state.ports[name] = std::move(s);
  }
  if (text->session) cli::only_stated(p.state, "NX-OS configuration session");
  say_passed_over(p.state, "statements that are not QoS");
  return std::move(p.state);
}

}  // namespace rocecfg::sw::nxos
