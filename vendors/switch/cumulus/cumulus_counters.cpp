// Cumulus Linux (NVUE, 5.5+) counters, per interface:
//
//   nv show interface <if> counters qos pfc-stats             switch-priority rx-pause-frames
//                         rx-pause-duration tx-pause-frames tx-pause-duration
//   nv show interface <if> counters qos egress-queue-stats    traffic-class tx-frames tx-bytes
//                         tx-uc-buffer-discards (a size: "0 Bytes") wred-discards
//   nv show interface <if> counters qos ingress-buffer-stats  priority-group rx-frames
//                         rx-buffer-discards rx-shared-buffer-discards (sizes)
//   nv show interface <if> counters qos port-stats            Counter Receive Transmit;
//                         ecn-marked-packets is per port, transmit side ("n/a" receive)
//   nv show interface <if> qos pfc-watchdog                   traffic-class status deadlock-count
//
// Sources: CumulusNetworks/docs content/cumulus-linux-514/Layer-1-and-Switch-Ports/
// Quality-of-Service/_index.md @3041e59caa47d719de23bfc95c2b33f27e7e137a ("Show Qos
// Counters": the four tables as `nv show interface swp1 counters qos` prints them;
// "PFC Watchdog": the PFC WD Status table with a blank line under its rule), and the
// NVUE command reference of the same release (each command "Introduced in Cumulus
// Linux 5.5.0"; before 5.5 it was `nv show interface <if> qos counters ...`).
//
// Pitfalls: sizes print 1024-based ("146.48 KB"), so buffer discards are bytes
// rounded to NVUE's two decimals; nothing resets on read (`nv action clear interface
// <if> qos pfc-watchdog deadlock-count` and the counters clear actions reset them,
// which shows as a counter going down). The docs do not state the pause-duration
// unit; Spectrum's driver counts it in microseconds, which is what we assume
// [verify on a switch]. ECN marks are per port only (not per traffic class).
#include <regex>

#include <fmt/format.h>

#include "switch/counter_reader.h"
#include "switch/counter_text.h"

namespace rocecfg::sw::cumulus {
namespace {

using sw::CounterKey;
using sw::CounterKind;
using sw::CounterSample;
using sw::CounterScope;
using sw::CounterUnit;

enum class What { pfc, egress, ingress, port, watchdog };

std::string command_for(const std::string& port, What w) {
  switch (w) {
    case What::pfc:
      return fmt::format("nv show interface {} counters qos pfc-stats", port);
    case What::egress:
      return fmt::format("nv show interface {} counters qos egress-queue-stats", port);
    case What::ingress:
      return fmt::format("nv show interface {} counters qos ingress-buffer-stats", port);
    case What::port:
      return fmt::format("nv show interface {} counters qos port-stats", port);
    case What::watchdog:
      return fmt::format("nv show interface {} qos pfc-watchdog", port);
  }
  return {};
}

std::optional<What> what_of(const std::string& command) {
  if (command.ends_with(" counters qos pfc-stats")) return What::pfc;
  if (command.ends_with(" counters qos egress-queue-stats")) return What::egress;
  if (command.ends_with(" counters qos ingress-buffer-stats")) return What::ingress;
  if (command.ends_with(" counters qos port-stats")) return What::port;
  if (command.ends_with(" qos pfc-watchdog")) return What::watchdog;
  return std::nullopt;
}

const sw::TextTable* find_table(const std::vector<sw::TextTable>& tables,
                                const char* first_header) {
  for (const sw::TextTable& t : tables)
    if (!t.headers.empty() && t.headers[0] == first_header) return &t;
  return nullptr;
}

Status add(sw::CounterSnapshot& s, const sw::CounterCommand& c, const sw::TextTable& t,
           const char* column, CounterScope scope, CounterKind kind, CounterUnit unit, bool size) {
  int col = t.column(column);
  if (col < 0) return fail(ErrorKind::invalid_input, "", fmt::format("no '{}' column", column));
  for (const auto& row : t.rows) {
    auto idx = sw::parse_counter_number(row[0]);
    auto v = sw::parse_counter_number(row[col], size);
    if (!idx || *idx > 15 || !v)
      return fail(ErrorKind::invalid_input, "",
                  fmt::format("unreadable row '{} {}'", row[0], row[col]));
    s.set(CounterKey{c.port, scope, static_cast<int>(*idx), kind},
          CounterSample{*v, unit, 64, false, false, c.command});
  }
  return {};
}

Status parse_output(const sw::CounterCommand& c, std::string_view out, sw::CounterSnapshot& s) {
  auto what = what_of(c.command);
  if (!what) return fail(ErrorKind::unsupported, "", "not a Cumulus counter command");
  auto tables = sw::parse_dashed_tables(out);
  auto missing = [](const char* t) {
    return fail(ErrorKind::invalid_input, "", fmt::format("no '{}' table in the output", t));
  };
  switch (*what) {
    case What::pfc: {
      const sw::TextTable* t = find_table(tables, "switch-priority");
      if (!t) return missing("switch-priority");
      for (auto [col, kind, unit] :
           {std::tuple{"rx-pause-frames", CounterKind::pause_rx_frames, CounterUnit::frames},
            {"tx-pause-frames", CounterKind::pause_tx_frames, CounterUnit::frames},
            {"rx-pause-duration", CounterKind::pause_rx_duration, CounterUnit::microseconds},
            {"tx-pause-duration", CounterKind::pause_tx_duration, CounterUnit::microseconds}})
        if (auto st = add(s, c, *t, col, CounterScope::priority, kind, unit, false); !st) return st;
      return {};
    }
    case What::egress: {
      const sw::TextTable* t = find_table(tables, "traffic-class");
      if (!t) return missing("traffic-class");
      return add(s, c, *t, "tx-uc-buffer-discards", CounterScope::queue, CounterKind::queue_drops,
                 CounterUnit::bytes, true);
    }
    case What::ingress: {
      const sw::TextTable* t = find_table(tables, "priority-group");
      if (!t) return missing("priority-group");
      return add(s, c, *t, "rx-buffer-discards", CounterScope::priority_group,
                 CounterKind::queue_drops, CounterUnit::bytes, true);
    }
    case What::port: {
      const sw::TextTable* t = find_table(tables, "Counter");
      if (!t) return missing("Counter");
      int tx = t->column("Transmit");
      for (const auto& row : t->rows)
        if (row[0] == "ecn-marked-packets" && tx >= 0) {
          auto v = sw::parse_counter_number(row[tx]);
          if (!v) return fail(ErrorKind::invalid_input, "", "unreadable ecn-marked-packets");
          s.set(CounterKey{c.port, CounterScope::port, -1, CounterKind::ecn_marked},
                CounterSample{*v, CounterUnit::packets, 64, false, false, c.command});
          return {};
        }
      return fail(ErrorKind::invalid_input, "", "no ecn-marked-packets row");
    }
    case What::watchdog: {
      const sw::TextTable* t = find_table(tables, "traffic-class");
      if (!t) {
        s.notes.push_back(fmt::format("{}: PFC watchdog status not shown (watchdog off?)", c.port));
        return {};
      }
      int st = t->column("status");
      for (const auto& row : t->rows)
        if (st >= 0 && row[st] == "DEADLOCK")
          s.notes.push_back(fmt::format("{} tc {}: watchdog reports DEADLOCK now", c.port, row[0]));
      return add(s, c, *t, "deadlock-count", CounterScope::queue, CounterKind::watchdog_storms,
                 CounterUnit::events, false);
    }
  }
  return {};
}

class CumulusCounters final : public sw::CounterReader {
 public:
  std::string_view vendor() const override { return "cumulus"; }
  std::vector<sw::CounterCommand> commands(const std::vector<std::string>& ports) const override {
    std::vector<sw::CounterCommand> out;
    for (const std::string& p : ports)
      for (What w : {What::pfc, What::egress, What::ingress, What::port, What::watchdog})
        out.push_back({command_for(p, w), p});
    return out;
  }
  std::optional<sw::CounterCommand> recognise(std::string_view line) const override {
    static const std::regex re(
        R"(^nv show interface ([A-Za-z0-9._-]+) (counters qos (pfc-stats|egress-queue-stats|ingress-buffer-stats|port-stats)|qos pfc-watchdog)$)");
    std::cmatch m;
    if (!std::regex_match(line.begin(), line.end(), m, re)) return std::nullopt;
    return sw::CounterCommand{std::string(line), m[1].str()};
  }
  Status parse(const sw::CounterCommand& c, std::string_view out,
               sw::CounterSnapshot& s) const override {
    return parse_output(c, out, s);
  }
  std::vector<std::string> not_exposed() const override {
    return {"ecn_marked per traffic class: NVUE counts ECN marks per port",
            "watchdog_drops, watermark, fcs_errors, link_flaps: not read on cumulus"};
  }
};

const bool registered = sw::register_counter_reader(
    "cumulus", [] { return std::unique_ptr<sw::CounterReader>(new CumulusCounters()); });

}  // namespace
}  // namespace rocecfg::sw::cumulus
