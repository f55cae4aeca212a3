// Junos counters, read from `show interfaces extensive [<port>]` as the CLI
// prints it (Juniper, "show interfaces extensive", Ethernet interfaces on QFX
// and EVO):
//
//   Physical interface: et-0/0/24, Enabled, Physical link is Up
//     ...
//     Queue counters:       Queued packets  Transmitted packets      Dropped packets
//       0                      29689243233          29689243233                    0
//       3                                0                    0                    0
//     ...
//     MAC statistics:                      Receive         Transmit
//     ...
//     MAC Priority Flow Control Statistics:
//       Priority :  0                             0                0
//       Priority :  3                          1520               12
//
// The PFC rows are per 802.1p priority, received then transmitted (the
// columns of the MAC statistics header above them); queue rows are per
// egress queue. Every physical interface of the output is read, whatever the
// command line named: the output names its own ports. Counters are 64-bit
// and not reset on read (`clear interfaces statistics` resets them, seen as
// a counter going down).
//
// and `show interfaces queue [<port>]` (Juniper, "show interfaces queue"),
// per queue:
//
//   Physical interface: et-0/0/1, Enabled, Physical link is Up
//   Queue: 3, Forwarding classes: NO-LOSS
//     Queued:
//       Packets              :                  1024                     0 pps
//     Transmitted:
//       Packets              :                  1000                     0 pps
//       Tail-dropped packets :                    24                     0 pps
//       ECN-CE packets       :                   311                     0 pps
//
// of which the ECN-CE marks are read (the drops and sent packets come from
// `show interfaces extensive`, one source per counter). The layout (`Queue:
// N` sections, `ECN-CE packets : N` rows) is also what a public QFX
// inventory script parses from this command.
//
// and the PFC watchdog's counts from the same command as JSON, `show
// interfaces extensive <port> | display json`: Juniper's published RPC
// model for `show interfaces` (Juniper/yang 24.4R1-EVO junos-rpc-interfaces,
// grouping interface-information-block; present from 23.1R1 and in every EVO
// model published) gives each physical interface an
// `ethernet-pfcwd-statistics` with `queue-number`, `detected`, `recovered`,
// `last-count` and `total-count`:
//
//   {"interface-information": [{"physical-interface": [{
//     "name": [{"data": "et-0/0/1"}],
//     "ethernet-pfcwd-statistics": [{"queue-number": [{"data": "3"}],
//       "detected": [{"data": "1"}], "recovered": [{"data": "1"}],
//       "last-count": [{"data": "96"}], "total-count": [{"data": "96"}]}]}]}]}
//
// read as storms detected and restored, and packets dropped (total-count:
// Juniper's PFC Watchdog page says the watchdog counts the packets lost in
// the last recovery and in total since boot; which leaf is which is read
// from the names, the model does not describe them). The CLI text of that
// block is in no public sample, hence JSON. An output without the block
// (a release before the model has it, or a port the watchdog does not
// watch) leaves the watchdog not read, never zero. No leaf says a queue is
// stormed now.
#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/config_tree.h"
#include "junos.h"
#include "junos_json.h"
#include "switch/counter_reader.h"

namespace rocecfg::sw::junos {
namespace {

constexpr std::string_view kCommand = "show interfaces extensive";
constexpr std::string_view kQueue = "show interfaces queue";
constexpr std::string_view kJsonSuffix = " | display json";

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> out;
  for (size_t start = 0; start <= text.size();) {
    size_t end = std::min(text.find('\n', start), text.size());
    std::string_view l = text.substr(start, end - start);
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ')) l.remove_suffix(1);
    out.push_back(l);
    start = end + 1;
  }
  return out;
}

std::string_view trim(std::string_view l) {
  size_t a = l.find_first_not_of(" \t");
  return a == std::string_view::npos ? "" : l.substr(a);
}

void put(CounterSnapshot& s, const std::string& port, CounterScope scope, int index,
         CounterKind kind, uint64_t v, CounterUnit unit, const std::string& cmd) {
  s.set(CounterKey{port, scope, index, kind}, CounterSample{v, unit, 64, false, false, cmd});
}

Status bad(std::string what) {
  return fail(ErrorKind::invalid_input, "", std::move(what));
}

Status parse_extensive(const std::string& cmd, std::string_view out, CounterSnapshot& s) {
  std::string port;
  enum class In { none, queues, pfc } in = In::none;
  bool any = false;
  for (std::string_view raw : lines_of(out)) {
    std::string_view l = trim(raw);
    if (l.starts_with("Physical interface: ")) {
      std::string_view rest = l.substr(20);
      port = std::string(rest.substr(0, rest.find(',')));
      in = In::none;
      continue;
    }
    if (l.starts_with("Queue counters:")) {
      in = In::queues;
      s.kinds_read.insert(CounterKind::queue_drops);
      continue;
    }
    if (l.starts_with("MAC Priority Flow Control Statistics:")) {
      in = In::pfc;
      s.kinds_read.insert(CounterKind::pause_rx_frames);
      s.kinds_read.insert(CounterKind::pause_tx_frames);
      continue;
    }
    auto w = cli::words(l);
    if (in == In::queues && w.size() == 4) {
      auto q = cli::number(w[0], 15), queued = cli::number(w[1], UINT64_MAX),
           sent = cli::number(w[2], UINT64_MAX), dropped = cli::number(w[3], UINT64_MAX);
      if (q && queued && sent && dropped) {
        if (port.empty()) return bad("a queue row before any `Physical interface:` line");
        int idx = static_cast<int>(*q);
        put(s, port, CounterScope::queue, idx, CounterKind::queue_drops, *dropped,
            CounterUnit::packets, cmd);
        put(s, port, CounterScope::queue, idx, CounterKind::tx_packets, *sent, CounterUnit::packets,
            cmd);
        any = true;
        continue;
      }
    }
    if (in == In::pfc && w.size() == 5 && w[0] == "Priority" && w[1] == ":") {
      auto p = cli::number(w[2], 7), rx = cli::number(w[3], UINT64_MAX),
           tx = cli::number(w[4], UINT64_MAX);
      if (!p || !rx || !tx) return bad(fmt::format("{}: unreadable PFC row '{}'", port, l));
      if (port.empty()) return bad("a PFC row before any `Physical interface:` line");
      int idx = static_cast<int>(*p);
      put(s, port, CounterScope::priority, idx, CounterKind::pause_rx_frames, *rx,
          CounterUnit::frames, cmd);
      put(s, port, CounterScope::priority, idx, CounterKind::pause_tx_frames, *tx,
          CounterUnit::frames, cmd);
      any = true;
      continue;
    }
    in = In::none;
  }
  if (!any)
    return bad(
        "no `Queue counters:` or `MAC Priority Flow Control Statistics:` rows under a "
        "`Physical interface:` line");
  return {};
}

Status parse_queue(const std::string& cmd, std::string_view out, CounterSnapshot& s) {
  std::string port;
  int queue = -1;
  bool any = false;
  s.kinds_read.insert(CounterKind::ecn_marked);
  for (std::string_view raw : lines_of(out)) {
    std::string_view l = trim(raw);
    if (l.starts_with("Physical interface: ")) {
      std::string_view rest = l.substr(20);
      port = std::string(rest.substr(0, rest.find(',')));
      queue = -1;
      continue;
    }
    if (l.starts_with("Queue: ")) {
      auto w = cli::words(l.substr(7));
      std::string_view n = w.empty() ? "" : w[0];
      if (n.ends_with(",")) n.remove_suffix(1);
      auto q = cli::number(n, 15);
      if (!q) return bad(fmt::format("{}: unreadable queue line '{}'", port, l));
      queue = static_cast<int>(*q);
      continue;
    }
    if (queue >= 0 && l.starts_with("ECN-CE packets")) {
      size_t colon = l.find(':');
      auto w = colon == std::string_view::npos ? std::vector<std::string_view>{}
                                               : cli::words(l.substr(colon + 1));
      auto n = w.empty() ? std::nullopt : cli::number(w[0], UINT64_MAX);
      if (!n) return bad(fmt::format("{} queue {}: unreadable ECN-CE row '{}'", port, queue, l));
      if (port.empty()) return bad("an ECN-CE row before any `Physical interface:` line");
      put(s, port, CounterScope::queue, queue, CounterKind::ecn_marked, *n, CounterUnit::packets,
          cmd);
      any = true;
    }
  }
  if (!any) return bad("no `ECN-CE packets` row under a `Queue: N` line");
  return {};
}

// The watchdog's counts per queue, from the JSON form (see the top).
Status parse_watchdog_json(const std::string& cmd, std::string_view out, CounterSnapshot& s) {
  // A capture keeps Junos's banners ({master:0}) and prompts: blanked first.
  const std::string text = clean_text(out);
  nlohmann::json j = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("interface-information"))
    return bad("not the JSON of `show interfaces extensive` (no interface-information)");
  const nlohmann::json& infos = j["interface-information"];
  if (!infos.is_array()) return bad("interface-information is not a list");
  for (const nlohmann::json& info : infos) {
    auto ifs = info.find("physical-interface");
    if (ifs == info.end() || !ifs->is_array()) continue;
    for (const nlohmann::json& phy : *ifs) {
      std::string port = json_data(phy, "name");
      auto wd = phy.find("ethernet-pfcwd-statistics");
      if (port.empty() || wd == phy.end() || !wd->is_array()) continue;
      for (const nlohmann::json& q : *wd) {
        auto queue = cli::number(json_data(q, "queue-number"), 15);
        if (!queue) return bad(fmt::format("{}: a watchdog entry without a queue-number", port));
        int idx = static_cast<int>(*queue);
        for (auto [leaf, kind] : {std::pair{"detected", CounterKind::watchdog_storms},
                                  std::pair{"recovered", CounterKind::watchdog_restores},
                                  std::pair{"total-count", CounterKind::watchdog_drops}}) {
          std::string text = json_data(q, leaf);
          if (text.empty()) continue;
          auto v = cli::number(text, UINT64_MAX);
          if (!v) return bad(fmt::format("{} queue {}: unreadable {} '{}'", port, idx, leaf, text));
          put(s, port, CounterScope::queue, idx, kind, *v,
              kind == CounterKind::watchdog_drops ? CounterUnit::packets : CounterUnit::events,
              cmd);
        }
      }
    }
  }
  return {};
}

bool shows_watchdog_json(std::string_view out) {
  return out.find("\"interface-information\"") != std::string_view::npos &&
         out.find("\"physical-interface\"") != std::string_view::npos;
}

bool shows_queue(std::string_view out) {
  return out.find("Physical interface: ") != std::string_view::npos &&
         out.find("Queue: ") != std::string_view::npos &&
         out.find("ECN-CE packets") != std::string_view::npos;
}

bool shows_extensive(std::string_view out) {
  return out.find("Physical interface: ") != std::string_view::npos &&
         (out.find("MAC Priority Flow Control Statistics:") != std::string_view::npos ||
          out.find("Queue counters:") != std::string_view::npos);
}

class JunosCounters final : public CounterReader {
 public:
  std::string_view vendor() const override { return kVendor; }
  std::vector<CounterCommand> commands(const std::vector<std::string>& ports) const override {
    std::vector<CounterCommand> out;
    for (const std::string& p : ports) {
      out.push_back({fmt::format("{} {}", kCommand, p), p});
      out.push_back({fmt::format("{} {}", kQueue, p), p});
      out.push_back({fmt::format("{} {}{}", kCommand, p, kJsonSuffix), p});
    }
    return out;
  }
  std::optional<CounterCommand> recognise(std::string_view line) const override {
    line = trim(line);
    if (line.ends_with(kJsonSuffix)) {
      std::string_view head = line.substr(0, line.size() - kJsonSuffix.size());
      auto c = recognise(head);
      if (!c || !c->command.starts_with(kCommand)) return std::nullopt;
      return CounterCommand{std::string(line), c->port};
    }
    for (std::string_view form : {kCommand, kQueue}) {
      if (line == form) return CounterCommand{std::string(form), ""};
      if (!line.starts_with(std::string(form) + " ")) continue;
      std::string port(trim(line.substr(form.size())));
      if (!std::regex_match(port, port_grammar())) return std::nullopt;
      return CounterCommand{std::string(line), port};
    }
    return std::nullopt;
  }
  Status parse(const CounterCommand& c, std::string_view out, CounterSnapshot& s) const override {
    if (c.command.starts_with(kQueue)) return parse_queue(c.command, out, s);
    if (c.command.ends_with(kJsonSuffix)) return parse_watchdog_json(c.command, out, s);
    return parse_extensive(c.command, out, s);
  }
  Result<std::optional<CounterCommand>> identify(std::string_view out,
                                                 const CounterCommand* said) const override {
    if (shows_watchdog_json(out)) {
      if (said && !said->command.ends_with(kJsonSuffix))
        return fail(ErrorKind::invalid_input, "",
                    "the output is the JSON of 'show interfaces extensive', not of the command "
                    "line before it");
      return std::optional<CounterCommand>(
          said ? *said : CounterCommand{fmt::format("{}{}", kCommand, kJsonSuffix), ""});
    }
    std::string_view form = shows_queue(out)       ? kQueue
                            : shows_extensive(out) ? kCommand
                                                   : std::string_view();
    if (form.empty()) return std::optional<CounterCommand>();
    if (said && (!said->command.starts_with(form) || said->command.ends_with(kJsonSuffix)))
      return fail(
          ErrorKind::invalid_input, "",
          fmt::format("the output is that of '{}', not of the command line before it", form));
    return std::optional<CounterCommand>(said ? *said : CounterCommand{std::string(form), ""});
  }
  std::vector<std::string> forms() const override {
    return {fmt::format("{} [<port>]  (Juniper, show interfaces extensive: Queue counters, MAC "
                        "Priority Flow Control Statistics)",
                        kCommand),
            fmt::format("{} [<port>]  (Juniper, show interfaces queue: ECN-CE packets per queue)",
                        kQueue),
            fmt::format("{} [<port>]{}  (Juniper/yang junos-rpc-interfaces: "
                        "ethernet-pfcwd-statistics detected, recovered, total-count per queue)",
                        kCommand, kJsonSuffix)};
  }
  std::vector<std::string> not_exposed() const override {
    return {"watchdog_stormed, pause durations, watermark: not read on junos"};
  }
};

const bool registered = register_counter_reader(
    kVendor, [] { return std::unique_ptr<CounterReader>(new JunosCounters()); });

}  // namespace
}  // namespace rocecfg::sw::junos
