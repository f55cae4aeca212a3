// Cumulus Linux (NVUE, 5.5+) counters, per interface (the outputs name no
// interface, so a saved one is read with the command line before it; each is
// identified by its tables' first headers, and `nv show interface <if>
// counters qos` prints the four counter tables in one output):
//
//   nv show interface <if> counters qos pfc-stats             switch-priority rx-pause-frames
//                         rx-pause-duration tx-pause-frames tx-pause-duration
//   nv show interface <if> counters qos egress-queue-stats    traffic-class tx-frames tx-bytes
//                         tx-uc-buffer-discards (a size: "0 Bytes") wred-discards: read as
//                         tx_packets, tx_bytes, queue_drops (bytes), wred_drops
//   nv show interface <if> counters qos ingress-buffer-stats  priority-group rx-frames
//                         rx-buffer-discards rx-shared-buffer-discards (sizes): rx_packets,
//                         queue_drops (bytes), shared_drop_bytes
//   nv show interface <if> counters qos port-stats            Counter Receive Transmit;
//                         ecn-marked-packets is per port, transmit side ("n/a" receive);
//                         pause-frames per port, receive and transmit (read, not judged);
//                         mc-buffer-discards is passed over (noted: no unit printed)
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
#include <cctype>

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

enum class What { pfc, egress, ingress, port, watchdog, all };

constexpr const char* kSource =
    "CumulusNetworks/docs @3041e59caa47d719de23bfc95c2b33f27e7e137a content/cumulus-linux-514/"
    "Layer-1-and-Switch-Ports/Quality-of-Service/_index.md";

struct Sub {
  What what;
  const char* words;  // after "nv show interface <if> "
};
constexpr Sub kSubs[] = {
    {What::pfc, "counters qos pfc-stats"},
    {What::egress, "counters qos egress-queue-stats"},
    {What::ingress, "counters qos ingress-buffer-stats"},
    {What::port, "counters qos port-stats"},
    {What::watchdog, "qos pfc-watchdog"},
    {What::all, "counters qos"},
};

std::string command_for(const std::string& port, What w) {
  for (const Sub& s : kSubs)
    if (s.what == w) return fmt::format("nv show interface {} {}", port, s.words);
  return {};
}

// "nv show interface swp1 counters qos pfc-stats" -> (pfc, "swp1"). An
// interface name is what Linux allows (at most 15 characters of [A-Za-z0-9._-]);
// NVUE's own names are shorter still.
std::optional<std::pair<What, std::string>> parse_command(std::string_view line) {
  constexpr std::string_view kPrefix = "nv show interface ";
  if (!line.starts_with(kPrefix)) return std::nullopt;
  line.remove_prefix(kPrefix.size());
  size_t end = line.find(' ');
  if (end == std::string_view::npos || end == 0 || end > 15) return std::nullopt;
  std::string_view port = line.substr(0, end);
  for (char c : port)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-')
      return std::nullopt;
  std::string_view rest = line.substr(end + 1);
  for (const Sub& s : kSubs)
    if (rest == s.words) return std::pair{s.what, std::string(port)};
  return std::nullopt;
}

const sw::TextTable* find_table(const std::vector<sw::TextTable>& tables, const char* first_header,
                                const char* column = nullptr) {
  for (const sw::TextTable& t : tables)
    if (!t.headers.empty() && t.headers[0] == first_header && (!column || t.column(column) >= 0))
      return &t;
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
                  fmt::format("unreadable row '{} {}'", sw::printable_prefix(row[0], 40),
                              sw::printable_prefix(row[col], 40)));
    s.set(CounterKey{c.port, scope, static_cast<int>(*idx), kind},
          CounterSample{*v, unit, 64, false, false, c.command});
  }
  return {};
}

struct Col {
  const char* name;
  CounterKind kind;
  CounterUnit unit;
  bool size;  // printed as a size ("1.46 KB")
};

Status add_all(sw::CounterSnapshot& s, const sw::CounterCommand& c, const sw::TextTable& t,
               CounterScope scope, std::initializer_list<Col> cols) {
  for (const Col& col : cols)
    if (auto st = add(s, c, t, col.name, scope, col.kind, col.unit, col.size); !st) return st;
  return {};
}

// The tables a saved output shows, as the forms that print them.
std::vector<What> shown(const std::vector<sw::TextTable>& tables) {
  std::vector<What> out;
  if (find_table(tables, "switch-priority")) out.push_back(What::pfc);
  if (find_table(tables, "traffic-class", "tx-uc-buffer-discards")) out.push_back(What::egress);
  if (find_table(tables, "priority-group")) out.push_back(What::ingress);
  if (find_table(tables, "Counter", "Transmit")) out.push_back(What::port);
  if (find_table(tables, "traffic-class", "deadlock-count")) out.push_back(What::watchdog);
  return out;
}

Status parse_one(What what, const sw::CounterCommand& c, const std::vector<sw::TextTable>& tables,
                 sw::CounterSnapshot& s) {
  auto missing = [](const char* t) {
    return fail(ErrorKind::invalid_input, "", fmt::format("no '{}' table in the output", t));
  };
  switch (what) {
    case What::pfc: {
      const sw::TextTable* t = find_table(tables, "switch-priority");
      if (!t) return missing("switch-priority");
      return add_all(
          s, c, *t, CounterScope::priority,
          {{"rx-pause-frames", CounterKind::pause_rx_frames, CounterUnit::frames, false},
           {"tx-pause-frames", CounterKind::pause_tx_frames, CounterUnit::frames, false},
           {"rx-pause-duration", CounterKind::pause_rx_duration, CounterUnit::microseconds, false},
           {"tx-pause-duration", CounterKind::pause_tx_duration, CounterUnit::microseconds,
            false}});
    }
    case What::egress: {
      const sw::TextTable* t = find_table(tables, "traffic-class", "tx-uc-buffer-discards");
      if (!t) return missing("traffic-class");
      return add_all(s, c, *t, CounterScope::queue,
                     {{"tx-frames", CounterKind::tx_packets, CounterUnit::frames, false},
                      {"tx-bytes", CounterKind::tx_bytes, CounterUnit::bytes, true},
                      {"tx-uc-buffer-discards", CounterKind::queue_drops, CounterUnit::bytes, true},
                      {"wred-discards", CounterKind::wred_drops, CounterUnit::packets, false}});
    }
    case What::ingress: {
      const sw::TextTable* t = find_table(tables, "priority-group");
      if (!t) return missing("priority-group");
      return add_all(s, c, *t, CounterScope::priority_group,
                     {{"rx-frames", CounterKind::rx_packets, CounterUnit::frames, false},
                      {"rx-buffer-discards", CounterKind::queue_drops, CounterUnit::bytes, true},
                      {"rx-shared-buffer-discards", CounterKind::shared_drop_bytes,
                       CounterUnit::bytes, true}});
    }
    case What::port: {
      const sw::TextTable* t = find_table(tables, "Counter", "Transmit");
      if (!t) return missing("Counter");
      int rx = t->column("Receive"), tx = t->column("Transmit");
      bool ecn = false;
      auto put = [&](const std::vector<std::string>& row, int col, CounterKind kind,
                     CounterUnit unit) -> Status {
        auto v = sw::parse_counter_number(row[col]);
        if (!v) return fail(ErrorKind::invalid_input, "", "unreadable " + row[0]);
        s.set(CounterKey{c.port, CounterScope::port, -1, kind},
              CounterSample{*v, unit, 64, false, false, c.command});
        return {};
      };
      for (const auto& row : t->rows) {
        Status st;
        if (row[0] == "ecn-marked-packets") {
          st = put(row, tx, CounterKind::ecn_marked, CounterUnit::packets);
          ecn = true;
        } else if (row[0] == "pause-frames" && rx >= 0) {
          st = put(row, rx, CounterKind::port_pause_rx_frames, CounterUnit::frames);
          if (st) st = put(row, tx, CounterKind::port_pause_tx_frames, CounterUnit::frames);
        } else {
          // mc-buffer-discards: the docs print a bare number with no unit
          // (the other discards are sizes), so it is not read as either.
          s.notes.push_back(fmt::format("{}: port-stats row '{}' not read", c.port,
                                        sw::printable_prefix(row[0], 40)));
        }
        if (!st) return st;
      }
      if (!ecn) return fail(ErrorKind::invalid_input, "", "no ecn-marked-packets row");
      return {};
    }
    case What::watchdog: {
      const sw::TextTable* t = find_table(tables, "traffic-class", "deadlock-count");
      if (!t) {
        s.notes.push_back(fmt::format("{}: PFC watchdog status not shown (watchdog off?)", c.port));
        return {};
      }
      int st = t->column("status");
      if (st >= 0)
        for (const auto& row : t->rows) {
          auto idx = sw::parse_counter_number(row[0]);
          if (!idx || *idx > 15) continue;  // add() below refuses the row
          s.set(CounterKey{c.port, CounterScope::queue, static_cast<int>(*idx),
                           CounterKind::watchdog_stormed},
                CounterSample{row[st] == "DEADLOCK" ? 1u : 0u, CounterUnit::state, 64, false, true,
                              c.command});
        }
      return add(s, c, *t, "deadlock-count", CounterScope::queue, CounterKind::watchdog_storms,
                 CounterUnit::events, false);
    }
    case What::all: {
      std::vector<What> tables_shown = shown(tables);
      if (tables_shown.empty()) return missing("switch-priority");
      for (What w : tables_shown)
        if (auto st = parse_one(w, c, tables, s); !st) return st;
      return {};
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
    auto c = parse_command(line);
    if (!c) return std::nullopt;
    return sw::CounterCommand{std::string(line), c->second};
  }
  Status parse(const sw::CounterCommand& c, std::string_view out,
               sw::CounterSnapshot& s) const override {
    auto cmd = parse_command(c.command);
    if (!cmd) return fail(ErrorKind::unsupported, "", "not a Cumulus counter command");
    return parse_one(cmd->first, sw::CounterCommand{c.command, cmd->second},
                     sw::parse_dashed_tables(out), s);
  }
  Result<std::optional<sw::CounterCommand>> identify(
      std::string_view out, const sw::CounterCommand* said) const override {
    std::vector<What> tables = shown(sw::parse_dashed_tables(out));
    if (tables.empty()) return std::optional<sw::CounterCommand>();
    if (!said)
      return fail(ErrorKind::invalid_input, "",
                  "an NVUE counter output names no interface: keep the prompt and the 'nv show "
                  "interface <if> ...' command line before it");
    auto cmd = parse_command(said->command);
    if (cmd && (cmd->first == What::all || (tables.size() == 1 && tables[0] == cmd->first)))
      return std::optional<sw::CounterCommand>(*said);
    return fail(ErrorKind::invalid_input, "",
                "the output's tables are not those of the command line before it");
  }
  std::vector<std::string> forms() const override {
    std::vector<std::string> out;
    for (const Sub& s : kSubs)
      out.push_back(fmt::format("nv show interface <if> {}  ({})", s.words, kSource));
    return out;
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
