// SONiC counters, read through sonic-utilities' show commands (the CLI every
// SONiC operator knows; they print COUNTERS_DB through python tabulate):
//
//   show pfc counters               pfcstat: "Port Rx"/"Port Tx" tables, PFC0..PFC7,
//                                   frames, thousands separated ("1,200"), N/A
//                                   where COUNTERS_DB has no entry
//   show queue counters             queuestat: Port TxQ Counter/pkts Counter/bytes
//                                   Drop/pkts Drop/bytes; UCn = unicast queue n
//                                   (MCn and ALLn rows are not the RoCE queues)
//   show queue wredcounters         wredstat: ... EcnMarked/pkts EcnMarked/bytes
//   show pfcwd stats                QUEUE (Ethernet0:3) STATUS, STORM DETECTED/RESTORED,
//                                   TX OK/DROP, RX OK/DROP: storms and watchdog drops
//   show priority-group watermark shared   watermarkstat: bytes per PG0..PG15 (gauge)
//
// Shapes checked against sonic-net/sonic-utilities @691b1bbc4fd2b71657d1b0b334c37136deb51526:
// tests/pfcstat_test.py (show_pfc_counters_output), tests/queue_counter_test.py
// (show_queue_counters, "For namespace :" title), tests/wred_queue_counter_test.py,
// tests/pfcwd_input/pfcwd_test_vectors.py (pfcwd_show_stats_output),
// tests/wm_input/wm_test_vectors.py (show_pg_wm_shared_output_*), scripts/wredstat.
//
// Pitfalls: none of these reset on read, but `sonic-clear pfccounters|queuecounters`
// stores a per-user baseline and later shows print the difference, so a clear
// between our two reads looks like a counter that went down (reported as a
// reset, counted from the new value). COUNTERS_DB values are 64-bit. Watermarks
// are since the last `sonic-clear priority-group watermark` (or the telemetry
// period), so they are reported as gauges. Pause duration is not printed by
// `show pfc counters`, FCS errors and link flaps are not read here.
#include <fmt/format.h>

#include "switch/counter_reader.h"
#include "switch/counter_text.h"

namespace rocecfg::sw::sonic {
namespace {

using sw::CounterKey;
using sw::CounterKind;
using sw::CounterSample;
using sw::CounterScope;
using sw::CounterUnit;

constexpr const char* kPfc = "show pfc counters";
constexpr const char* kQueue = "show queue counters";
constexpr const char* kWred = "show queue wredcounters";
constexpr const char* kWatchdog = "show pfcwd stats";
constexpr const char* kWatermark = "show priority-group watermark shared";

Status need_table(const std::vector<sw::TextTable>& tables, const char* what) {
  if (tables.empty())
    return fail(ErrorKind::invalid_input, "", fmt::format("no {} table in the output", what));
  return {};
}

void put(sw::CounterSnapshot& s, const std::string& port, CounterScope scope, int index,
         CounterKind kind, std::optional<uint64_t> v, CounterUnit unit, const char* cmd,
         bool gauge = false) {
  CounterKey key{port, scope, index, kind};
  if (!v) {
    s.notes.push_back(fmt::format("{}: N/A for {} {} {}", port, sw::to_string(scope), index,
                                  sw::to_string(kind)));
    return;
  }
  s.set(key, CounterSample{*v, unit, 64, false, gauge, cmd});
}

Status parse_pfc(std::string_view out, sw::CounterSnapshot& s) {
  auto tables = sw::parse_dashed_tables(out);
  if (auto st = need_table(tables, "PFC counters"); !st) return st;
  for (const sw::TextTable& t : tables) {
    if (t.headers.empty()) continue;
    CounterKind kind;
    if (t.headers[0] == "Port Rx")
      kind = CounterKind::pause_rx_frames;
    else if (t.headers[0] == "Port Tx")
      kind = CounterKind::pause_tx_frames;
    else
      continue;
    for (const auto& row : t.rows)
      for (int p = 0; p < 8; ++p) {
        int c = t.column(fmt::format("PFC{}", p));
        if (c < 0 || c >= static_cast<int>(row.size())) continue;
        put(s, row[0], CounterScope::priority, p, kind, sw::parse_counter_number(row[c]),
            CounterUnit::frames, kPfc);
      }
  }
  return {};
}

// "UC3" -> 3 (unicast queue); MC/ALL rows are skipped.
std::optional<int> unicast_queue(const std::string& txq) {
  if (txq.size() < 3 || txq.compare(0, 2, "UC") != 0) return std::nullopt;
  auto n = sw::parse_counter_number(txq.substr(2));
  if (!n || *n > 63) return std::nullopt;
  return static_cast<int>(*n);
}

Status parse_queue(std::string_view out, sw::CounterSnapshot& s, const char* column,
                   CounterKind kind, const char* cmd) {
  auto tables = sw::parse_dashed_tables(out);
  if (auto st = need_table(tables, "queue counters"); !st) return st;
  bool found = false;
  for (const sw::TextTable& t : tables) {
    int port = t.column("Port"), txq = t.column("TxQ"), c = t.column(column);
    if (port < 0 || txq < 0 || c < 0) continue;
    found = true;
    for (const auto& row : t.rows) {
      auto q = unicast_queue(row[txq]);
      if (!q) continue;
      put(s, row[port], CounterScope::queue, *q, kind, sw::parse_counter_number(row[c]),
          CounterUnit::packets, cmd);
    }
  }
  if (!found) return fail(ErrorKind::invalid_input, "", fmt::format("no '{}' column", column));
  return {};
}

// "100/300" -> {100, 300}
std::optional<std::pair<uint64_t, uint64_t>> pair_of(const std::string& cell) {
  size_t slash = cell.find('/');
  if (slash == std::string::npos) return std::nullopt;
  auto a = sw::parse_counter_number(cell.substr(0, slash));
  auto b = sw::parse_counter_number(cell.substr(slash + 1));
  if (!a || !b) return std::nullopt;
  return std::pair{*a, *b};
}

Status parse_watchdog(std::string_view out, sw::CounterSnapshot& s) {
  auto tables = sw::parse_dashed_tables(out);
  for (const sw::TextTable& t : tables) {
    int q = t.column("QUEUE"), st = t.column("STATUS"), storm = t.column("STORM DETECTED/RESTORED"),
        tx = t.column("TX OK/DROP"), rx = t.column("RX OK/DROP");
    if (q < 0 || storm < 0 || tx < 0 || rx < 0) continue;
    for (const auto& row : t.rows) {
      size_t colon = row[q].rfind(':');
      auto queue = colon == std::string::npos ? std::nullopt
                                              : sw::parse_counter_number(row[q].substr(colon + 1));
      auto sr = pair_of(row[storm]);
      auto txp = pair_of(row[tx]);
      auto rxp = pair_of(row[rx]);
      if (!queue || !sr || !txp || !rxp)
        return fail(ErrorKind::invalid_input, "",
                    fmt::format("unreadable watchdog row '{}'", row[q]));
      std::string port = row[q].substr(0, colon);
      int idx = static_cast<int>(*queue);
      put(s, port, CounterScope::queue, idx, CounterKind::watchdog_storms, sr->first,
          CounterUnit::events, kWatchdog);
      put(s, port, CounterScope::queue, idx, CounterKind::watchdog_restores, sr->second,
          CounterUnit::events, kWatchdog);
      put(s, port, CounterScope::queue, idx, CounterKind::watchdog_drops, txp->second + rxp->second,
          CounterUnit::packets, kWatchdog);
      if (st >= 0 && row[st] == "stormed")
        s.notes.push_back(fmt::format("{}: watchdog reports the queue stormed now", row[q]));
    }
    return {};
  }
  // pfcwd prints nothing at all when no queue is monitored.
  if (out.find_first_not_of(" \t\r\n") == std::string_view::npos) return {};
  return fail(ErrorKind::invalid_input, "", "no pfcwd stats table in the output");
}

Status parse_watermark(std::string_view out, sw::CounterSnapshot& s) {
  auto tables = sw::parse_dashed_tables(out);
  if (auto st = need_table(tables, "watermark"); !st) return st;
  for (const sw::TextTable& t : tables) {
    int port = t.column("Port");
    if (port < 0) continue;
    for (const auto& row : t.rows)
      for (int pg = 0; pg < 16; ++pg) {
        int c = t.column(fmt::format("PG{}", pg));
        if (c < 0 || c >= static_cast<int>(row.size())) continue;
        put(s, row[port], CounterScope::priority_group, pg, CounterKind::watermark,
            sw::parse_counter_number(row[c]), CounterUnit::bytes, kWatermark, true);
      }
  }
  return {};
}

class SonicCounters final : public sw::CounterReader {
 public:
  std::string_view vendor() const override { return "sonic"; }
  std::vector<sw::CounterCommand> commands(const std::vector<std::string>&) const override {
    return {{kPfc, ""}, {kQueue, ""}, {kWred, ""}, {kWatchdog, ""}, {kWatermark, ""}};
  }
  std::optional<sw::CounterCommand> recognise(std::string_view line) const override {
    for (const char* c : {kPfc, kQueue, kWred, kWatchdog, kWatermark})
      if (line == c) return sw::CounterCommand{c, ""};
    return std::nullopt;
  }
  Status parse(const sw::CounterCommand& c, std::string_view out,
               sw::CounterSnapshot& s) const override {
    if (c.command == kPfc) return parse_pfc(out, s);
    if (c.command == kQueue)
      return parse_queue(out, s, "Drop/pkts", CounterKind::queue_drops, kQueue);
    if (c.command == kWred)
      return parse_queue(out, s, "EcnMarked/pkts", CounterKind::ecn_marked, kWred);
    if (c.command == kWatchdog) return parse_watchdog(out, s);
    if (c.command == kWatermark) return parse_watermark(out, s);
    return fail(ErrorKind::unsupported, c.command, "not a SONiC counter command");
  }
  std::vector<std::string> not_exposed() const override {
    return {"pause duration: not printed by show pfc counters",
            "fcs_errors, link_flaps: not read on sonic"};
  }
};

const bool registered = sw::register_counter_reader(
    "sonic", [] { return std::unique_ptr<sw::CounterReader>(new SonicCounters()); });

}  // namespace
}  // namespace rocecfg::sw::sonic
