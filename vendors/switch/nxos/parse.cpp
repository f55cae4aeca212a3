// NX-OS running-config -> SwitchState (see nxos.h for the model). Policies
// are collected first; only the ones `system qos` and the interfaces attach
// take effect, and unattached ones are ignored (not an error: operators keep
// spares).
#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/config_tree.h"
#include "../cli/ports.h"
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
  uint32_t wd_interval_ms = 100, wd_shutdown = 1, wd_restore = 1;
  std::vector<std::pair<std::string, Port>> ports;
  std::set<std::string> noted;

  void note(const ConfigLine& l, const std::string& what) {
    if (noted.insert(what).second)
      state.notes.push_back(fmt::format("line {}: {}: {}", l.line, what, l.text));
  }

  std::optional<uint64_t> threshold(const ConfigLine& l, std::string_view v,
                                    std::string_view unit) {
    auto n = number(v, 1ull << 40);
    if (!n) return std::nullopt;
    if (unit == "bytes") return *n;
    if (unit == "kbytes" || unit == "mbytes") {
      note(l, "ECN thresholds in " + std::string(unit) + " read as 1024-based");
      return *n * (unit == "kbytes" ? 1024ull : 1024ull * 1024);
    }
    note(l, "ECN thresholds in " + std::string(unit) + " are not converted");
    return std::nullopt;
  }

  void read_queue_class(const ConfigLine& stanza, QueueClass& q) {
    for (const auto& l : stanza.children) {
      auto w = words(l.text);
      if (starts_with_words(l.text, "priority"))
        q.strict = true;
      else if (starts_with_words(l.text, "no priority"))
        q.strict = false;
      else if (starts_with_words(l.text, "bandwidth remaining percent") ||
               starts_with_words(l.text, "bandwidth percent")) {
        if (auto n = number(w.back(), 100)) q.bandwidth_percent = static_cast<uint8_t>(*n);
      } else if (starts_with_words(l.text, "random-detect minimum-threshold")) {
        if (w.back() != "ecn") {
          note(l, "WRED without ecn drops instead of marking");
          continue;
        }
        std::optional<uint64_t> lo, hi;
        uint32_t prob = 100;
        for (size_t i = 1; i + 1 < w.size(); ++i) {
          if (w[i] == "minimum-threshold" && i + 2 < w.size())
            lo = threshold(l, w[i + 1], w[i + 2]);
          if (w[i] == "maximum-threshold" && i + 2 < w.size())
            hi = threshold(l, w[i + 1], w[i + 2]);
          if (w[i] == "drop-probability")
            if (auto p = number(w[i + 1], 100)) prob = static_cast<uint32_t>(*p);
        }
        if (lo && hi) q.ecn = model::Ecn{*lo, *hi, prob};
      } else if (l.text == "no random-detect")
        q.ecn.reset();
      else if (starts_with_words(l.text, "random-detect"))
        note(l, "not understood");
    }
  }

  void read_policy(const ConfigLine& l) {
    auto w = words(l.text);
    if (w.size() != 4) return;
    std::string name(w[3]);
    if (w[2] == "qos") {
      auto& classes = qos_policies[name];
      for (const auto& c : l.children) {
        auto cw = words(c.text);
        if (cw.size() < 2 || cw[0] != "class") continue;
        for (const auto& s : c.children)
          if (starts_with_words(s.text, "set qos-group"))
            if (auto g = number(words(s.text).back(), 7))
              classes.emplace_back(std::string(cw.back()), static_cast<unsigned>(*g));
      }
    } else if (w[2] == "network-qos") {
      auto& classes = nq_policies[name];
      for (const auto& c : l.children) {
        auto cw = words(c.text);
        if (!starts_with_words(c.text, "class type network-qos") || cw.size() != 4) continue;
        auto q = class_queue(cw[3], "c-8q-nq");
        if (!q) continue;
        auto& [pause, mtu] = classes[*q];
        for (const auto& s : c.children) {
          auto sw = words(s.text);
          if (starts_with_words(s.text, "mtu")) {
            if (auto n = number(sw.back(), 9216)) mtu = static_cast<uint32_t>(*n);
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
          }
        }
      }
    } else if (w[2] == "queuing") {
      auto& classes = queuing_policies[name];
      for (const auto& c : l.children) {
        auto cw = words(c.text);
        if (!starts_with_words(c.text, "class type queuing") || cw.size() != 4) continue;
        if (auto q = class_queue(cw[3], "c-out-8q-q")) read_queue_class(c, classes[*q]);
      }
    }
  }

  void read_interface(const ConfigLine& l) {
    auto names = cli::expand_ports({std::string(after_words(l.text, "interface"))}, port_grammar());
    if (!names) return;  // mgmt0, loopbacks, VLAN interfaces
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
        if (!starts_with_words(m.text, "match dscp")) continue;
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
        if (starts_with_words(c.text, "service-policy type network-qos")) system_nq = cw.back();
        if (starts_with_words(c.text, "service-policy type queuing output"))
          system_queuing = cw.back();
      }
    } else if (starts_with_words(t, "priority-flow-control watch-dog-interval")) {
      wd_on = w.back() == "on";
    } else if (starts_with_words(t, "priority-flow-control watch-dog interval")) {
      if (auto n = number(w.back(), 1000)) wd_interval_ms = static_cast<uint32_t>(*n);
    } else if (starts_with_words(t, "priority-flow-control watch-dog shutdown-multiplier")) {
      if (auto n = number(w.back(), 10)) wd_shutdown = static_cast<uint32_t>(*n);
    } else if (starts_with_words(t, "priority-flow-control auto-restore multiplier")) {
      if (auto n = number(w.back(), 100)) wd_restore = static_cast<uint32_t>(*n);
    } else if (starts_with_words(t, "interface")) {
      read_interface(l);
    }
  }

  // DSCP -> qos-group by a qos policy: first matching class wins, the rest
  // go to qos-group 0.
  std::map<uint8_t, uint8_t> classify(const std::string& policy,
                                      std::map<uint8_t, uint8_t>* explicit_map) {
    std::map<uint8_t, uint8_t> out;
    for (const auto& [cls, group] : qos_policies[policy]) {
      auto it = class_dscps.find(cls);
      if (it == class_dscps.end()) continue;
      for (unsigned d : it->second) {
        if (out.contains(static_cast<uint8_t>(d))) continue;
        out[static_cast<uint8_t>(d)] = static_cast<uint8_t>(group);
        if (explicit_map) (*explicit_map)[static_cast<uint8_t>(d)] = static_cast<uint8_t>(group);
      }
    }
    for (unsigned d = 0; d < 64; ++d) out.try_emplace(static_cast<uint8_t>(d), 0);
    return out;
  }
};

}  // namespace

Result<SwitchState> parse(std::string_view config_text) {
  cli::TreeOptions options;
  options.comment_chars = "!";
  options.delimited_banners = {"banner motd", "banner exec"};
  options.openers = {"interface", "class-map", "policy-map", "class", "system qos"};
  Parser p;
  for (const auto& line : cli::parse_tree(config_text, options)) p.read(line);

  // Switch-wide: the queuing policy under `system qos` (NX-OS default:
  // everything in the default queue).
  model::Ets ets;
  for (unsigned q = 0; q < 8; ++q) ets.prio_tc[q] = static_cast<uint8_t>(q);
  ets.tc_tsa.fill(model::Tsa::ets);
  ets.tc_bandwidth_percent = {100, 0, 0, 0, 0, 0, 0, 0};
  PriorityMask ecn_prios;
  std::optional<model::Ecn> ecn;
  if (!p.system_queuing.empty()) {
    ets.tc_bandwidth_percent.fill(0);
    p.state.policies["queuing " + p.system_queuing] = {"system qos"};
    for (const auto& [q, c] : p.queuing_policies[p.system_queuing]) {
      bool strict = c.strict.value_or(false);
      ets.tc_tsa[q] = strict ? model::Tsa::strict : model::Tsa::ets;
      ets.tc_bandwidth_percent[q] = strict ? 0 : c.bandwidth_percent.value_or(0);
      if (c.ecn) {
        if (ecn && *ecn != *c.ecn)
          p.state.notes.push_back(fmt::format(
              "{}: queue {} has other ECN thresholds than a lower queue; the lower is reported",
              p.system_queuing, q));
        if (!ecn) ecn = c.ecn;
        ecn_prios.set(Priority::unchecked(q));
      }
    }
  }
  p.state.global.ets = ets;
  p.state.global.ecn_priorities = ecn_prios;
  p.state.global.ecn = ecn;

  PriorityMask pause;
  std::optional<uint32_t> nq_mtu;
  if (!p.system_nq.empty()) {
    p.state.policies["network-qos " + p.system_nq] = {"system qos"};
    for (const auto& [q, v] : p.nq_policies[p.system_nq]) {
      pause = PriorityMask(pause.bits() | v.first.bits());
      if (v.second) nq_mtu = nq_mtu ? std::min(*nq_mtu, *v.second) : *v.second;
    }
  }

  std::map<uint8_t, uint8_t> explicit_map;
  PriorityMask lossless;
  bool auto_noted = false;
  for (const auto& [name, port] : p.ports) {
    model::Settings s;
    s.mtu_bytes = port.mtu_bytes;
    if (port.mtu_bytes && nq_mtu && *nq_mtu < *port.mtu_bytes)
      p.state.notes.push_back(
          fmt::format("{}: MTU {} exceeds the network-qos MTU {}", name, *port.mtu_bytes, *nq_mtu));
    std::string mode = port.pfc_mode.value_or("auto");
    s.pfc_enabled = mode == "on" ? pause : PriorityMask{};
    if (mode == "auto" && !pause.empty() && !auto_noted) {
      auto_noted = true;
      p.state.notes.push_back(name + ": PFC mode auto depends on DCBX negotiation; reported off");
    }
    lossless = PriorityMask(lossless.bits() | s.pfc_enabled->bits());
    std::string policy = port.qos_policy.value_or("");
    if (!policy.empty()) {
      p.state.policies[policy].push_back(name);
      if (!p.qos_policies.contains(policy))
        p.state.notes.push_back(name + ": qos policy " + policy + " is not defined");
      s.dscp_priority = p.classify(policy, &explicit_map);
      s.trust = model::Trust::dscp;
    } else {
      s.dscp_priority = p.classify("", nullptr);
    }
    if (p.wd_on && port.watchdog.value_or(true))
      s.pfc_watchdog =
          model::PfcWatchdog{p.wd_interval_ms * p.wd_shutdown, p.wd_interval_ms * p.wd_restore,
                             model::WatchdogAction::drop};
    p.state.ports[name] = std::move(s);
  }
  p.state.global.cnp = cli::infer_cnp(explicit_map, lossless);
  return std::move(p.state);
}

}  // namespace rocecfg::sw::nxos
