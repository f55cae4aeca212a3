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
// Not exposed here: the PFC watchdog's state and counts; no public Juniper
// sample of the form that carries them could be read, so they are listed as
// unread, never zero.
#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/config_tree.h"
#include "junos.h"
#include "switch/counter_reader.h"

namespace rocecfg::sw::junos {
namespace {

constexpr std::string_view kCommand = "show interfaces extensive";
constexpr std::string_view kQueue = "show interfaces queue";

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
    }
    return out;
  }
  std::optional<CounterCommand> recognise(std::string_view line) const override {
    line = trim(line);
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
    return parse_extensive(c.command, out, s);
  }
  Result<std::optional<CounterCommand>> identify(std::string_view out,
                                                 const CounterCommand* said) const override {
    std::string_view form = shows_queue(out)       ? kQueue
                            : shows_extensive(out) ? kCommand
                                                   : std::string_view();
    if (form.empty()) return std::optional<CounterCommand>();
    if (said && !said->command.starts_with(form))
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
                        kQueue)};
  }
  std::vector<std::string> not_exposed() const override {
    return {"watchdog_storms, watchdog_restores, pause durations, watermark: not read on junos"};
  }
};

const bool registered = register_counter_reader(
    kVendor, [] { return std::unique_ptr<CounterReader>(new JunosCounters()); });

}  // namespace
}  // namespace rocecfg::sw::junos
