// H3C `display current-configuration` -> SwitchState (see h3c.h). Views are
// separated by `#` and indented one space, like Huawei; `header motd %...%`
// banners and `---- More ----` pager debris are removed by the config reader.
#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/config_tree.h"
#include "../cli/ports.h"
#include "../cli/recognise.h"
#include "common/capture.h"
#include "h3c.h"

namespace rocecfg::sw::h3c {

namespace {

using cli::after_words;
using cli::ConfigLine;
using cli::number;
using cli::starts_with_words;
using cli::words;

struct WredQueue {
  std::optional<uint64_t> low_cells, high_cells;
  uint32_t probability = 100;
  bool ecn = false;
};

struct Port {
  std::optional<uint32_t> mtu_bytes;
  std::optional<model::Trust> trust;
  std::string pfc_mode;  // "", enable, auto
  PriorityMask no_drop;
  bool deadlock = false;
  std::map<unsigned, std::optional<unsigned>> wrr;  // queue -> weight (nullopt: sp)
  bool wrr_group2 = false;  // a queue in WRR group 2 (listed as not understood)
  std::string wred_table;
};

struct Parser {
  SwitchState state;
  model::DscpPriorityMap explicit_dscp;
  model::PrioTcMap dot1p_lp = kDefaultDot1pLp;
  std::map<std::string, std::map<unsigned, WredQueue>> wred_tables;
  std::map<unsigned, uint32_t> deadlock_interval, recover_delay;  // cos -> units
  // During the recovery delay (ILN guide: default forwarding).
  model::WatchdogAction recovery = model::WatchdogAction::forward;
  uint32_t unit_ms = kDeadlockUnitMs;
  std::vector<std::pair<std::string, Port>> ports;
  std::vector<std::string> dscp_text;

  // Every statement not understood is listed, one entry per line.
  void note(const ConfigLine& l, const std::string& what) { state.unread(l.line, l.text, what); }

  // " import 24 26 export 3" (also "import 24 to 31 export 3").
  void read_map(const ConfigLine& l, unsigned max_import, auto&& set) {
    for (const auto& c : l.children) {
      std::string t = c.text;
      size_t ex = t.find(" export ");
      if (!starts_with_words(t, "import") || ex == std::string::npos) {
        note(c, "not understood");
        continue;
      }
      auto list = cli::parse_number_list(t.substr(7, ex - 7), max_import);
      auto out = number(t.substr(ex + 8), 7);
      if (!list || !out) {
        note(c, "not understood");
        continue;
      }
      for (unsigned v : *list) set(v, static_cast<uint8_t>(*out));
    }
  }

  void read_interface(const ConfigLine& l) {
    auto names = cli::expand_ports({std::string(after_words(l.text, "interface"))}, port_grammar());
    if (!names) {
      ++state.passed_over;  // M-GigabitEthernet, Vlan-interface, LoopBack ...
      return;
    }
    Port p;
    for (const auto& c : l.children) {
      const std::string& t = c.text;
      auto w = words(t);
      if (starts_with_words(t, "jumboframe enable") || starts_with_words(t, "mtu")) {
        if (auto n = number(w.back(), 12288)) p.mtu_bytes = static_cast<uint32_t>(*n);
      } else if (t == "qos trust dscp")
        p.trust = model::Trust::dscp;
      else if (t == "qos trust dot1p")
        p.trust = model::Trust::pcp;
      else if (t == "priority-flow-control enable")
        p.pfc_mode = "enable";
      else if (t == "priority-flow-control auto")
        p.pfc_mode = "auto";
      else if (starts_with_words(t, "priority-flow-control no-drop dot1p")) {
        auto list =
            cli::parse_number_list(after_words(t, "priority-flow-control no-drop dot1p"), 7);
        if (!list)
          note(c, "not understood");
        else
          for (unsigned v : *list) p.no_drop.set(Priority::unchecked(v));
      } else if (t == "priority-flow-control deadlock enable")
        p.deadlock = true;
      else if (starts_with_words(t, "qos wrr") && w.size() == 5 && w[3] == "group" &&
               w[4] == "sp") {
        if (auto q = number(w[2], 7)) p.wrr[static_cast<unsigned>(*q)] = std::nullopt;
      } else if (starts_with_words(t, "qos wrr") && w.size() == 7 && w[3] == "group") {
        auto q = number(w[2], 7);
        auto wt = number(w[6], 255);
        bool form = (w[4] == "1" || w[4] == "2") && (w[5] == "byte-count" || w[5] == "weight");
        if (!q || !wt || !form)
          note(c, "not understood");
        else if (w[4] == "1")
          p.wrr[static_cast<unsigned>(*q)] = static_cast<unsigned>(*wt);
        else {
          // Two WRR groups are scheduled against each other before their
          // queues share: one ETS table cannot hold that.
          p.wrr[static_cast<unsigned>(*q)] = static_cast<unsigned>(*wt);
          p.wrr_group2 = true;
          note(c, "WRR group 2: two WRR groups are not one ETS table");
        }
      } else if (starts_with_words(t, "qos wred apply"))
        p.wred_table = std::string(w.back());
      else if (t == "qos wrr byte-count" || t == "qos wrr weight")
        continue;
      else if (starts_with_words(t, "qos") || starts_with_words(t, "priority-flow-control"))
        note(c, "not understood");
    }
    for (const auto& n : *names) ports.emplace_back(n, p);
  }

  void read(const ConfigLine& l) {
    const std::string& t = l.text;
    auto w = words(t);
    if (t == "qos map-table dscp-dot1p") {
      read_map(l, 63, [&](unsigned d, uint8_t p) {
        explicit_dscp[Dscp::unchecked(d)] = Priority::unchecked(p);
      });
      for (const auto& c : l.children) dscp_text.push_back(c.text);
    } else if (t == "qos map-table dot1p-lp") {
      read_map(l, 7, [&](unsigned p, uint8_t q) { dot1p_lp[p] = TrafficClass::unchecked(q); });
    } else if (starts_with_words(t, "qos wred queue table") && w.size() == 5) {
      auto& table = wred_tables[std::string(w[4])];
      for (const auto& c : l.children) {
        auto cw = words(c.text);
        auto q = cw.size() >= 3 && cw[0] == "queue" ? number(cw[1], 7) : std::nullopt;
        if (!q) {
          note(c, "not understood");
          continue;
        }
        WredQueue& wq = table[static_cast<unsigned>(*q)];
        if (cw.size() == 3 && cw[2] == "ecn")
          wq.ecn = true;
        else if (cw.size() == 10 && cw[2] == "drop-level" && cw[4] == "low-limit") {
          if (cw[3] != "0") {
            // Green (drop-level 0) is what RoCE traffic is; the yellow/red
            // levels are real statements the profile cannot hold: listed.
            note(c, "WRED drop-level " + std::string(cw[3]) + ": not part of the profile model");
            continue;
          }
          wq.low_cells = number(cw[5], 1u << 24);
          wq.high_cells = number(cw[7], 1u << 24);
          if (auto pr = number(cw[9], 100)) wq.probability = static_cast<uint32_t>(*pr);
          if (!wq.low_cells || !wq.high_cells) note(c, "not understood");
        } else if (cw.size() == 4 && cw[2] == "weighting-constant") {
          continue;  // averaging weight: not part of the model
        } else {
          note(c, "not understood");
        }
      }
    } else if (t == "priority-flow-control deadlock precision normal") {
      unit_ms = kDeadlockUnitMs;
    } else if (t == "priority-flow-control deadlock precision high" ||
               t == "priority-flow-control deadlock precision low") {
      // The unit of high and low precision is not in the documents read
      // (conformance/h3c.json): the deadlock times are not read, not guessed.
      unit_ms = 0;
    } else if (starts_with_words(t, "priority-flow-control deadlock cos") && w.size() == 6) {
      auto c = number(w[3], 7);
      auto n = number(w[5], 15);
      if (c && n)
        deadlock_interval[static_cast<unsigned>(*c)] = static_cast<uint32_t>(*n);
      else
        note(l, "not understood (interval 1..15)");
    } else if (t == "priority-flow-control deadlock auto-recover action discard") {
      recovery = model::WatchdogAction::drop;
    } else if (t == "priority-flow-control deadlock auto-recover action forwarding") {
      recovery = model::WatchdogAction::forward;
    } else if (starts_with_words(t, "priority-flow-control deadlock auto-recover cos") &&
               w.size() == 7) {
      auto c = number(w[4], 7);
      auto n = number(w[6], 15);
      if (c && n)
        recover_delay[static_cast<unsigned>(*c)] = static_cast<uint32_t>(*n);
      else
        note(l, "not understood (delay 1..15)");
    } else if (starts_with_words(t, "interface")) {
      read_interface(l);
    } else {
      // A QoS statement this reader does not hold is listed, never passed over.
      if (cli::starts_with_statement(t, {"qos", "priority-flow-control", "buffer"}))
        note(l, "QoS statement not understood");
      else
        ++state.passed_over;  // not QoS: irf, local-user, bgp, snmp-agent ...
    }
  }

  model::Settings port_settings(const std::string& name, const Port& p) {
    model::Settings s;
    s.mtu_bytes = p.mtu_bytes;
    s.trust = p.trust;
    s.pfc_enabled = p.pfc_mode == "enable" ? p.no_drop : PriorityMask{};
    if (p.pfc_mode.empty())
      state.mark(name, model::Knob::pfc, Source::vendor_default, "PFC off (Comware default)");
    if (p.pfc_mode == "auto") {
      s.pfc_enabled.reset();  // DCBX decides: the file does not say
      state.notes.push_back(name + ": PFC auto follows DCBX negotiation; not in the file");
    }

    model::Ets ets;
    ets.prio_tc = dot1p_lp;
    std::map<unsigned, unsigned> weights;  // WRR queue -> weight
    for (unsigned q = 0; q < 8; ++q) {
      auto it = p.wrr.find(q);
      bool strict = it == p.wrr.end() || !it->second;  // SP when not in WRR (h3c.h)
      ets.tc_tsa[q] = strict ? model::Tsa::strict : model::Tsa::ets;
      if (!strict) weights[q] = *it->second;
    }
    // A WRR weight is a share of what the SP queues leave, not a percent
    // (model::weight_shares_percent).
    for (auto [q, share] : model::weight_shares_percent(weights))
      ets.tc_bandwidth_percent[q] = share;
    if (!p.wrr_group2) {  // else the port's ETS is not in what we read (the lines are listed)
      s.ets = ets;
      if (p.wrr.empty()) {
        state.mark(name, model::Knob::ets, Source::vendor_default, "every queue SP (h3c.h)");
      } else if (!weights.empty()) {
        std::vector<std::string> w;
        unsigned total = 0;
        for (auto [q, wt] : weights) w.push_back(fmt::format("{}:{}", q, wt)), total += wt;
        state.mark(name, model::Knob::ets, Source::configured,
                   fmt::format("wrr group 1 weight {} (shares of {})", cli::join(w, " "), total));
      }
    }

    PriorityMask ecn_prios;
    std::optional<model::Ecn> ecn;
    if (!p.wred_table.empty()) {
      state.policies["wred " + p.wred_table].push_back(name);
      auto t = wred_tables.find(p.wred_table);
      if (t == wred_tables.end()) {
        state.notes.push_back(name + ": WRED table " + p.wred_table + " is not defined");
      } else {
        for (const auto& [q, wq] : t->second) {
          if (!wq.ecn || !wq.low_cells || !wq.high_cells) continue;
          if (!ecn) {
            ecn =
                model::Ecn{*wq.low_cells * kCellBytes, *wq.high_cells * kCellBytes, wq.probability};
            state.mark(name, model::Knob::ecn, Source::configured,
                       fmt::format("low-limit {} high-limit {} cells of {} B", *wq.low_cells,
                                   *wq.high_cells, kCellBytes));
          }
          for (unsigned pr = 0; pr < 8; ++pr)
            if (dot1p_lp[pr].value() == q) ecn_prios.set(Priority::unchecked(pr));
        }
      }
    }
    s.ecn = ecn;
    s.ecn_priorities = ecn_prios;
    if (p.wred_table.empty())
      state.mark(name, model::Knob::ecn_priorities, Source::vendor_default,
                 "no WRED table: ECN off");
    if (!p.deadlock)
      state.mark(name, model::Knob::pfc_watchdog, Source::vendor_default,
                 "PFC deadlock detection off (Comware default)");

    if (p.deadlock && !s.pfc_enabled->empty() && unit_ms == 0) {
      state.unread(0, name + " priority-flow-control deadlock enable",
                   "deadlock times follow priority-flow-control deadlock precision high/low, "
                   "whose unit is not documented in the sources read: times not read");
    } else if (p.deadlock && !s.pfc_enabled->empty()) {
      std::optional<std::pair<uint32_t, uint32_t>> times;
      bool all = true;
      for (unsigned c = 0; c < 8; ++c) {
        if (!s.pfc_enabled->has(Priority::unchecked(c))) continue;
        if (!deadlock_interval.contains(c) || !recover_delay.contains(c)) {
          all = false;
          continue;
        }
        std::pair<uint32_t, uint32_t> t{deadlock_interval[c] * unit_ms, recover_delay[c] * unit_ms};
        if (times && *times != t) all = false;
        times = t;
      }
      if (all && times)
        s.pfc_watchdog = model::PfcWatchdog{times->first, times->second, recovery};
      else
        state.unread(0, name + " priority-flow-control deadlock enable",
                     "deadlock times missing or differing per priority: one watchdog cannot "
                     "hold them");
    }
    return s;
  }
};

}  // namespace

// What marks a text as Comware's (vendors/switch/cli/recognise.h has the
// rule), each printed by Comware and by no other format the readers know
// (Huawei shares the `#` separators, `sysname`, `undo` and `return`, so those
// mark neither):
//  - the release line `version 7.1.045, Release 2418P06` and the global
//    block's one-space indentation (` sysname NTC123456`) of `display
//    current-configuration` (HPE FlexFabric / H3C S6850 Fundamentals
//    Configuration Guide; ../shared/wild-configs/h3c);
//  - Comware interface names: Ten-GigabitEthernet1/0/1, Twenty-FiveGigE1/0/1,
//    FortyGigE, FiftyGigE, HundredGigE, TwoHundredGigE, FourHundredGigE (three
//    numbers: IOS-XR has four), M-GigabitEthernet, Bridge-Aggregation,
//    Route-Aggregation, Vlan-interface, Vsi-interface;
//  - statements of Comware alone: `irf-port`, `irf member`, `qos map-table`,
//    `qos wred queue table`, `priority-flow-control deadlock|poolid`,
//    `local-user X class`, `line class`, `acl advanced|basic`, `dhcp server
//    ip-pool`, `radius scheme`, `hwtacacs scheme`, `undo copyright-info`
//    (H3C S6850/S9850 command references; HPE Comware 7 ACL and QoS guide).
std::string h3c_mark(const cli::MarkLine& l) {
  std::string_view t = l.text;
  if (l.comment || l.prompt || !l.parent.empty()) return "";
  auto w = words(t);
  if (w[0] == "version" && w.size() >= 4 && w[1].ends_with(",") && w[2] == "Release")
    return "a Comware release line";
  if (w[0] == "sysname" && l.indent == 1) return "a Comware global block";
  std::string_view n = cli::interface_arg(t);
  if (!n.empty()) {
    for (std::string_view p :
         {"Ten-GigabitEthernet", "Twenty-FiveGigE", "FortyGigE", "FiftyGigE", "HundredGigE",
          "TwoHundredGigE", "FourHundredGigE", "M-GigabitEthernet"})
      if (cli::name_shape(n, p, 3, 3)) return "a Comware interface name";
    for (std::string_view p :
         {"Bridge-Aggregation", "Route-Aggregation", "Vlan-interface", "Vsi-interface"})
      if (cli::name_shape(n, p, 1, 1)) return "a Comware interface name";
    return "";
  }
  if (cli::starts_with_statement(
          t, {"irf-port", "irf member", "qos map-table", "qos wred queue table",
              "priority-flow-control deadlock", "priority-flow-control poolid", "line class",
              "acl advanced", "acl basic", "dhcp server ip-pool", "radius scheme",
              "hwtacacs scheme", "undo copyright-info"}))
    return "a Comware statement";
  if (w[0] == "local-user" && w.size() >= 4 && w[2] == "class") return "a Comware statement";
  return "";
}

// Registered so the other readers refuse this vendor's text by these marks.
constexpr cli::Marks kMarks{kVendor, "H3C Comware", "`display current-configuration`",
                            "`version 7.1.0xx, Release ...`, ` sysname` indented one space, "
                            "interface HundredGigE1/0/1 / Twenty-FiveGigE1/0/1 / "
                            "Bridge-Aggregation1, qos map-table, qos wred queue table, irf",
                            h3c_mark};
[[maybe_unused]] const bool kMarksRegistered = cli::register_marks(&kMarks);

Result<SwitchState> parse(std::string_view config_text) {
  cli::TreeOptions options;
  options.comment_chars = "#";
  options.delimited_banners = {"header motd", "header login", "header shell", "header incoming",
                               "header legal"};
  options.openers = {"interface", "qos map-table", "qos wred queue table"};
  options.interface_types = {"HundredGigE",     "Twenty-FiveGigE",   "Ten-GigabitEthernet",
                             "FortyGigE",       "FiftyGigE",         "TwoHundredGigE",
                             "FourHundredGigE", "Bridge-Aggregation"};
  auto text = cli::read_config(config_text, options, kMarks);
  if (!text) return std::unexpected(text.error());
  Parser p;
  p.state.recognised_as = "Comware display current-configuration";
  for (const auto& line : text->tree) p.read(line);
  for (const auto& [name, port] : p.ports) p.state.ports[name] = p.port_settings(name, port);
  // Only the entries the file states: the Comware default DSCP map is not
  // assumed (no primary source for it was checked here).
  if (!p.explicit_dscp.empty()) {
    p.state.global.dscp_priority = p.explicit_dscp;
    p.state.mark(kGlobalTarget, model::Knob::dscp_map, Source::configured,
                 "qos map-table dscp-dot1p: " + cli::join(p.dscp_text, "; "));
  }
  if (text->session) cli::only_stated(p.state, "Comware configuration session");
  say_passed_over(p.state, "statements that are not QoS");
  return std::move(p.state);
}

}  // namespace rocecfg::sw::h3c
