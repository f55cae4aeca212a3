// SONiC counters, read through sonic-utilities' show commands (the CLI every
// SONiC operator knows; they print COUNTERS_DB through python tabulate). A
// saved output is read by its tables' headers, whichever command form printed
// it (all ports or `show queue counters Ethernet0`, `--all`, `-n asic0`), with
// or without its command line; every column is read with its unit:
//
//   show pfc counters               pfcstat: "Port Rx"/"Port Tx" tables, PFC0..PFC7,
//                                   frames, thousands separated ("1,200"), N/A
//                                   where COUNTERS_DB has no entry
//   show pfc counters --history     pfcstat: Port Priority "RX Pause Transitions"
//                                   "Total RX Pause Time US|MS" "Recent RX Pause
//                                   Time US|MS" "Recent RX Pause Timestamp", one row
//                                   per port and PFCn (the unit is in the header:
//                                   US in the HLD, MS in sonic-utilities' tests;
//                                   the HLD prints no rule under the header)
//   show queue counters [<port>] [--all]   queuestat: Port TxQ Counter/pkts
//                                   Counter/bytes Drop/pkts Drop/bytes, with --all
//                                   Trim/pkts TrimSent/pkts TrimDrop/pkts; UCn =
//                                   unicast queue n, MCn = multicast queue n (read,
//                                   never judged as lossless); ALLn rows (VOQ totals)
//                                   are passed over and noted
//   show queue wredcounters [<port>]   wredstat: Port TxQ WredDrp/pkts WredDrp/bytes
//                                   EcnMarked/pkts EcnMarked/bytes
//   show queue watermark unicast|multicast   watermarkstat: Port UC0.. / MC0.. (bytes,
//                                   gauges)
//   show pfcwd stats                QUEUE (Ethernet0:3) STATUS, STORM DETECTED/RESTORED,
//                                   TX OK/DROP, RX OK/DROP: storms and watchdog drops
//   show priority-group watermark shared|headroom   watermarkstat: bytes per
//                                   PG0..PG15 (gauges; the title says which pool)
//
// Shapes checked against sonic-net/sonic-utilities @691b1bbc4fd2b71657d1b0b334c37136deb51526:
// tests/pfcstat_test.py (show_pfc_counters_output), tests/queue_counter_test.py
// (show_queue_counters, "For namespace :" title), tests/wred_queue_counter_test.py,
// tests/pfcwd_input/pfcwd_test_vectors.py (pfcwd_show_stats_output),
// tests/wm_input/wm_test_vectors.py (show_pg_wm_shared_output_*), scripts/wredstat;
// the history form: tests/pfcstat_test.py (show_pfc_counters_history_output) and
// sonic-net/SONiC @98de38fd1512017cfee5513025d750da8b1fa2f1
// doc/PFC_historical_statistics/PFC_Counters_History_HLD.md; the trim columns:
// the packet-trimming design doc (shared/wild-configs/README.md names it).
//
// Pitfalls: none of these reset on read, but `sonic-clear pfccounters|queuecounters`
// stores a per-user baseline and later shows print the difference, so a clear
// between our two reads looks like a counter that went down (reported as a
// reset, counted from the new value). COUNTERS_DB values are 64-bit. Watermarks
// are since the last `sonic-clear priority-group watermark` (or the telemetry
// period), so they are reported as gauges. The pfcwd STATUS column is read as
// a state (stormed now: 1). Pause duration is printed only by the --history
// form; FCS errors and link flaps are not read here. pfcwd's TX and RX drops
// are judged together (watchdog_drops); its OK and LAST columns are read as
// they are.
#include <fmt/format.h>

#include <cctype>
#include <tuple>

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

constexpr const char* kSourceUtils =
    "sonic-net/sonic-utilities @691b1bbc4fd2b71657d1b0b334c37136deb51526";

// What a table is, by its headers.
enum class Table { pfc, history, queue, watchdog, pg_watermark, queue_watermark };

const char* command_of(Table t) {
  switch (t) {
    case Table::pfc:
    case Table::history:
      return kPfc;
    case Table::queue:
      return kQueue;
    case Table::watchdog:
      return kWatchdog;
    case Table::pg_watermark:
      return kWatermark;
    case Table::queue_watermark:
      return "show queue watermark";
  }
  return "";
}

// A column "PG<n>" / "UC<n>" / "MC<n>" (watermarkstat's per-index columns).
bool indexed_column(const sw::TextTable& t, std::string_view prefix) {
  for (const std::string& h : t.headers)
    if (h.size() > prefix.size() && h.starts_with(prefix) &&
        std::isdigit(static_cast<unsigned char>(h[prefix.size()])))
      return true;
  return false;
}

std::optional<Table> table_kind(const sw::TextTable& t) {
  if (t.headers.empty()) return std::nullopt;
  if (t.headers[0] == "Port Rx" || t.headers[0] == "Port Tx") return Table::pfc;
  if (t.column("RX Pause Transitions") >= 0) return Table::history;
  if (t.column("Port") >= 0 && t.column("TxQ") >= 0) return Table::queue;
  if (t.column("QUEUE") >= 0 && t.column("STORM DETECTED/RESTORED") >= 0) return Table::watchdog;
  if (t.column("Port") >= 0 && indexed_column(t, "PG")) return Table::pg_watermark;
  if (t.column("Port") >= 0 && (indexed_column(t, "UC") || indexed_column(t, "MC")))
    return Table::queue_watermark;
  return std::nullopt;
}

// A port where the table puts ports: "Ethernet0", "Ethernet-BP256", "PortChannel01".
bool port_name(const std::string& cell) {
  if (cell.empty() || cell.size() > 64 || !std::isalpha(static_cast<unsigned char>(cell[0])))
    return false;
  for (char c : cell)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.' &&
        c != '/')
      return false;
  return true;
}

Status not_a_row(const std::vector<std::string>& row, const std::string& why) {
  std::string text;
  for (const std::string& c : row) text += (text.empty() ? "" : " ") + c;
  return fail(
      ErrorKind::invalid_input, "",
      fmt::format("'{}' is not a row of the table: {}", sw::printable_prefix(text, 80), why));
}

bool not_available(const std::string& cell) {
  return cell == "N/A" || cell == "n/a";
}

// One cell: a count, or "N/A" (stated unknown); anything else is not a row.
Status put(sw::CounterSnapshot& s, const CounterKey& key, const std::string& cell, CounterUnit unit,
           const char* cmd, bool gauge = false) {
  if (not_available(cell)) {
    s.not_available.insert(key);
    return {};
  }
  auto v = sw::parse_counter_number(cell);
  if (!v)
    return fail(ErrorKind::invalid_input, "",
                fmt::format("{}: '{}' is not a count", key.port, sw::printable_prefix(cell, 40)));
  s.set(key, CounterSample{*v, unit, 64, false, gauge, cmd});
  return {};
}

Status read_pfc(const sw::TextTable& t, sw::CounterSnapshot& s) {
  CounterKind kind =
      t.headers[0] == "Port Rx" ? CounterKind::pause_rx_frames : CounterKind::pause_tx_frames;
  for (const auto& row : t.rows) {
    if (!port_name(row[0])) return not_a_row(row, "no port first");
    for (int p = 0; p < 8; ++p) {
      int c = t.column(fmt::format("PFC{}", p));
      if (c < 0) continue;
      if (auto st =
              put(s, {row[0], CounterScope::priority, p, kind}, row[c], CounterUnit::frames, kPfc);
          !st)
        return st;
    }
  }
  return {};
}

// "UC3" -> (queue, 3), "MC3" -> (mc_queue, 3); ALLn and others: nullopt.
std::optional<std::pair<CounterScope, int>> queue_of(const std::string& txq) {
  if (txq.size() < 3) return std::nullopt;
  CounterScope scope;
  if (txq.compare(0, 2, "UC") == 0)
    scope = CounterScope::queue;
  else if (txq.compare(0, 2, "MC") == 0)
    scope = CounterScope::mc_queue;
  else
    return std::nullopt;
  auto n = sw::parse_counter_number(txq.substr(2));
  if (!n || *n > 63) return std::nullopt;
  return std::pair{scope, static_cast<int>(*n)};
}

struct Column {
  const char* header;
  CounterKind kind;
  CounterUnit unit;
};
constexpr Column kQueueColumns[] = {
    {"Counter/pkts", CounterKind::tx_packets, CounterUnit::packets},
    {"Counter/bytes", CounterKind::tx_bytes, CounterUnit::bytes},
    {"Drop/pkts", CounterKind::queue_drops, CounterUnit::packets},
    {"Drop/bytes", CounterKind::drop_bytes, CounterUnit::bytes},
    {"WredDrp/pkts", CounterKind::wred_drops, CounterUnit::packets},
    {"WredDrp/bytes", CounterKind::wred_drop_bytes, CounterUnit::bytes},
    {"EcnMarked/pkts", CounterKind::ecn_marked, CounterUnit::packets},
    {"EcnMarked/bytes", CounterKind::ecn_marked_bytes, CounterUnit::bytes},
    {"Trim/pkts", CounterKind::trim_packets, CounterUnit::packets},
    {"TrimSent/pkts", CounterKind::trim_sent, CounterUnit::packets},
    {"TrimDrop/pkts", CounterKind::trim_drops, CounterUnit::packets},
};

Status read_queue(const sw::TextTable& t, sw::CounterSnapshot& s) {
  int port = t.column("Port"), txq = t.column("TxQ");
  bool wred = t.column("EcnMarked/pkts") >= 0 || t.column("WredDrp/pkts") >= 0;
  const char* cmd = wred ? kWred : kQueue;
  for (const std::string& h : t.headers) {
    bool known = h == "Port" || h == "TxQ";
    for (const Column& c : kQueueColumns) known |= h == c.header;
    if (!known) s.notes.push_back(fmt::format("{}: column '{}' not read", cmd, h));
  }
  size_t all_rows = 0;
  for (const auto& row : t.rows) {
    if (!port_name(row[port])) return not_a_row(row, "no port in the Port column");
    auto q = queue_of(row[txq]);
    if (!q) {
      if (!row[txq].starts_with("ALL")) return not_a_row(row, "TxQ is not UCn, MCn or ALLn");
      ++all_rows;
      continue;
    }
    for (const Column& c : kQueueColumns) {
      int col = t.column(c.header);
      if (col < 0) continue;
      if (auto st = put(s, {row[port], q->first, q->second, c.kind}, row[col], c.unit, cmd); !st)
        return st;
    }
  }
  if (all_rows)
    s.notes.push_back(
        fmt::format("{}: {} ALLn row(s) (totals over a port's queues) passed over", cmd, all_rows));
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

Status read_watchdog(const sw::TextTable& t, sw::CounterSnapshot& s) {
  int q = t.column("QUEUE"), st = t.column("STATUS"), storm = t.column("STORM DETECTED/RESTORED"),
      tx = t.column("TX OK/DROP"), rx = t.column("RX OK/DROP");
  if (tx < 0 || rx < 0) return fail(ErrorKind::invalid_input, "", "no TX/RX OK/DROP columns");
  for (const auto& row : t.rows) {
    size_t colon = row[q].rfind(':');
    uint64_t queue = 64;
    if (colon != std::string::npos)
      queue = sw::parse_counter_number(row[q].substr(colon + 1)).value_or(64);
    auto sr = pair_of(row[storm]);
    auto txp = pair_of(row[tx]);
    auto rxp = pair_of(row[rx]);
    std::string port = colon == std::string::npos ? "" : row[q].substr(0, colon);
    if (queue > 63 || !port_name(port) || !sr || !txp || !rxp)
      return not_a_row(row, "not 'port:queue' with a/b counts");
    int idx = static_cast<int>(queue);
    auto set = [&](CounterKind k, uint64_t v, CounterUnit u) {
      s.set({port, CounterScope::queue, idx, k}, CounterSample{v, u, 64, false, false, kWatchdog});
    };
    set(CounterKind::watchdog_storms, sr->first, CounterUnit::events);
    set(CounterKind::watchdog_restores, sr->second, CounterUnit::events);
    set(CounterKind::watchdog_drops, txp->second + rxp->second, CounterUnit::packets);
    set(CounterKind::watchdog_tx_ok, txp->first, CounterUnit::packets);
    set(CounterKind::watchdog_rx_ok, rxp->first, CounterUnit::packets);
    // The last storm's counts, where this release prints them.
    int last_tx = t.column("TX LAST OK/DROP"), last_rx = t.column("RX LAST OK/DROP");
    for (auto [col, ok, drops] : {std::tuple{last_tx, CounterKind::watchdog_last_tx_ok,
                                             CounterKind::watchdog_last_tx_drops},
                                  std::tuple{last_rx, CounterKind::watchdog_last_rx_ok,
                                             CounterKind::watchdog_last_rx_drops}}) {
      if (col < 0) continue;
      auto last = pair_of(row[col]);
      if (!last) return not_a_row(row, "a LAST OK/DROP cell is not a/b counts");
      set(ok, last->first, CounterUnit::packets);
      set(drops, last->second, CounterUnit::packets);
    }
    if (st >= 0) {
      CounterSample state{
          row[st] == "stormed" ? 1u : 0u, CounterUnit::state, 64, false, true, kWatchdog};
      s.set({port, CounterScope::queue, idx, CounterKind::watchdog_stormed}, state);
    }
  }
  return {};
}

Status read_watermark(const sw::TextTable& t, sw::CounterSnapshot& s, Table kind) {
  int port = t.column("Port");
  bool headroom = t.title.find("headroom") != std::string::npos;
  for (const auto& row : t.rows) {
    if (!port_name(row[port])) return not_a_row(row, "no port in the Port column");
    for (int i = 0; i < 64; ++i) {
      if (kind == Table::pg_watermark) {
        int c = t.column(fmt::format("PG{}", i));
        if (c < 0) continue;
        if (auto st = put(s,
                          {row[port], CounterScope::priority_group, i,
                           headroom ? CounterKind::headroom_watermark : CounterKind::watermark},
                          row[c], CounterUnit::bytes, kWatermark, true);
            !st)
          return st;
        continue;
      }
      for (auto [prefix, scope] :
           {std::pair{"UC", CounterScope::queue}, std::pair{"MC", CounterScope::mc_queue}}) {
        int c = t.column(fmt::format("{}{}", prefix, i));
        if (c < 0) continue;
        if (auto st = put(s, {row[port], scope, i, CounterKind::watermark}, row[c],
                          CounterUnit::bytes, command_of(kind), true);
            !st)
          return st;
      }
    }
  }
  return {};
}

// pfcstat --history rows, read by fields: the HLD prints the header without a
// rule under it. "Ethernet0  PFC3  6  1,430,570  527,739  03/25/2025, 17:22:37.98".
Status read_history(std::string_view out, sw::CounterSnapshot& s, bool* found) {
  auto lines = sw::text_lines(out);
  size_t at = 0;
  while (at < lines.size() && lines[at].find("RX Pause Transitions") == std::string_view::npos)
    ++at;
  if (at == lines.size()) return {};
  *found = true;
  std::string_view header = lines[at];
  CounterUnit unit = header.find("Pause Time MS") != std::string_view::npos
                         ? CounterUnit::milliseconds
                         : CounterUnit::microseconds;
  if (header.find("Pause Time US") == std::string_view::npos &&
      header.find("Pause Time MS") == std::string_view::npos)
    return fail(ErrorKind::invalid_input, "", "pause time column without US or MS");
  for (size_t i = at + 1; i < lines.size(); ++i) {
    auto f = sw::split_fields(lines[i]);
    if (f.empty() || lines[i].find_first_not_of("- ") == std::string_view::npos) continue;
    if (f.size() < 6 || !port_name(f[0]) || !f[1].starts_with("PFC"))
      return not_a_row(f, "not 'port PFCn transitions time time timestamp'");
    auto p = sw::parse_counter_number(f[1].substr(3));
    if (!p || *p > 7) return not_a_row(f, "priority is not PFC0..PFC7");
    int prio = static_cast<int>(*p);
    const char* cmd = "show pfc counters --history";
    struct {
      CounterKind kind;
      CounterUnit unit;
      bool gauge;
    } cols[] = {{CounterKind::pause_rx_transitions, CounterUnit::events, false},
                {CounterKind::pause_rx_duration, unit, false},
                {CounterKind::pause_rx_last_duration, unit, true}};
    for (size_t c = 0; c < 3; ++c)
      if (auto st = put(s, {f[0], CounterScope::priority, prio, cols[c].kind}, f[2 + c],
                        cols[c].unit, cmd, cols[c].gauge);
          !st)
        return st;
  }
  return {};
}

// Every table of `out`, each read by its headers. `want`: the table the
// command that printed it must show (live reads), if any.
Status read_tables(std::string_view out, sw::CounterSnapshot& s, std::optional<Table> want) {
  bool history = false;
  if (auto st = read_history(out, s, &history); !st) return st;
  bool seen = history && want == Table::history;
  for (const sw::TextTable& t : sw::parse_dashed_tables(out)) {
    auto kind = table_kind(t);
    if (!kind)
      return fail(ErrorKind::invalid_input, "",
                  fmt::format("a table headed '{}' is not one this reader knows",
                              sw::printable_prefix(t.headers.empty() ? "" : t.headers[0], 40)));
    seen |= want == kind || (want == Table::queue && kind == Table::queue);
    Status st;
    switch (*kind) {
      case Table::history:
        continue;  // read above, by fields
      case Table::pfc:
        st = read_pfc(t, s);
        break;
      case Table::queue:
        st = read_queue(t, s);
        break;
      case Table::watchdog:
        st = read_watchdog(t, s);
        break;
      case Table::pg_watermark:
      case Table::queue_watermark:
        st = read_watermark(t, s, *kind);
        break;
    }
    if (!st) return st;
  }
  if (want && !seen) {
    // pfcwd prints nothing at all when no queue is monitored.
    if (want == Table::watchdog && out.find_first_not_of(" \t\r\n") == std::string_view::npos)
      return {};
    return fail(ErrorKind::invalid_input, "",
                fmt::format("no {} table in the output", command_of(*want)));
  }
  return {};
}

// The table a command line promises.
std::optional<Table> promised(std::string_view line) {
  if (line.starts_with(kPfc))
    return line.find("--history") != std::string_view::npos ? Table::history : Table::pfc;
  if (line.starts_with(kWred) || line.starts_with(kQueue)) return Table::queue;
  if (line.starts_with(kWatchdog)) return Table::watchdog;
  if (line.starts_with("show priority-group watermark")) return Table::pg_watermark;
  if (line.starts_with("show queue watermark")) return Table::queue_watermark;
  return std::nullopt;
}

// The words after a command: options ("--all", "-n", "asic0", "--history")
// and a port; nothing with a pipe or a redirection.
bool plain_words(std::string_view rest) {
  for (const std::string& w : sw::split_fields(rest))
    for (char c : w)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '/' &&
          c != '.')
        return false;
  return true;
}

class SonicCounters final : public sw::CounterReader {
 public:
  std::string_view vendor() const override { return "sonic"; }
  std::vector<sw::CounterCommand> commands(const std::vector<std::string>&) const override {
    return {{kPfc, ""}, {kQueue, ""}, {kWred, ""}, {kWatchdog, ""}, {kWatermark, ""}};
  }
  std::optional<sw::CounterCommand> recognise(std::string_view line) const override {
    for (std::string_view c :
         {std::string_view(kPfc), std::string_view(kWred), std::string_view(kQueue),
          std::string_view(kWatchdog), std::string_view("show priority-group watermark"),
          std::string_view("show queue watermark")}) {
      if (!line.starts_with(c)) continue;
      std::string_view rest = line.substr(c.size());
      if (!rest.empty() && rest[0] != ' ') continue;
      if (!plain_words(rest)) return std::nullopt;
      return sw::CounterCommand{std::string(line), ""};
    }
    return std::nullopt;
  }
  Status parse(const sw::CounterCommand& c, std::string_view out,
               sw::CounterSnapshot& s) const override {
    auto want = promised(c.command);
    if (!want && !c.command.empty() && !recognise(c.command) && c.command != kContent)
      return fail(ErrorKind::unsupported, c.command, "not a SONiC counter command");
    size_t na = s.not_available.size();
    if (auto st = read_tables(out, s, c.command == kContent ? std::nullopt : want); !st) return st;
    if (s.not_available.size() > na)
      s.notes.push_back(fmt::format("{}: {} counter(s) shown as N/A (not read)",
                                    c.command == kContent ? "saved output" : c.command,
                                    s.not_available.size() - na));
    return {};
  }
  Result<std::optional<sw::CounterCommand>> identify(
      std::string_view out, const sw::CounterCommand* said) const override {
    bool any = out.find("RX Pause Transitions") != std::string_view::npos;
    for (const sw::TextTable& t : sw::parse_dashed_tables(out)) any |= table_kind(t).has_value();
    if (!any) return std::optional<sw::CounterCommand>();
    return std::optional<sw::CounterCommand>(said ? *said : sw::CounterCommand{kContent, ""});
  }
  std::vector<std::string> forms() const override {
    auto at = [](const char* path) { return fmt::format("{} {}", kSourceUtils, path); };
    return {
        fmt::format("show pfc counters  ({})", at("tests/pfcstat_test.py")),
        fmt::format("show pfc counters --history  ({}; SONiC PFC_Counters_History_HLD.md)",
                    at("tests/pfcstat_test.py")),
        fmt::format("show queue counters [<port>] [--all]  ({})",
                    at("tests/queue_counter_test.py")),
        fmt::format("show queue wredcounters [<port>]  ({})", at("scripts/wredstat")),
        fmt::format("show pfcwd stats  ({})", at("tests/pfcwd_input/pfcwd_test_vectors.py")),
        fmt::format("show priority-group watermark shared|headroom, show queue watermark "
                    "unicast|multicast  ({})",
                    at("tests/wm_input/wm_test_vectors.py")),
    };
  }
  std::vector<std::string> not_exposed() const override {
    return {"pause duration: printed only by show pfc counters --history (rx only)",
            "fcs_errors, link_flaps: not read on sonic"};
  }

 private:
  // The command a saved output without a (known) command line is read as:
  // every table by its headers.
  static constexpr const char* kContent = "(tables read by their headers)";
};

const bool registered = sw::register_counter_reader(
    "sonic", [] { return std::unique_ptr<sw::CounterReader>(new SonicCounters()); });

}  // namespace
}  // namespace rocecfg::sw::sonic
