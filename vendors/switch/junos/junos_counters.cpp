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
// Not exposed here: ECN-CE marks per queue and the PFC watchdog's state;
// no public Juniper sample of the forms that carry them (`show interfaces
// queue` ECN fields, `show class-of-service ... pfc-watchdog`) could be read,
// so they are listed as unread, never zero.
#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/config_tree.h"
#include "junos.h"
#include "switch/counter_reader.h"

namespace rocecfg::sw::junos {
namespace {

constexpr std::string_view kCommand = "show interfaces extensive";

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
    for (const std::string& p : ports) out.push_back({fmt::format("{} {}", kCommand, p), p});
    return out;
  }
  std::optional<CounterCommand> recognise(std::string_view line) const override {
    line = trim(line);
    if (line == kCommand) return CounterCommand{std::string(kCommand), ""};
    if (!line.starts_with(std::string(kCommand) + " ")) return std::nullopt;
    std::string port(trim(line.substr(kCommand.size())));
    if (!std::regex_match(port, port_grammar())) return std::nullopt;
    return CounterCommand{std::string(line), port};
  }
  Status parse(const CounterCommand& c, std::string_view out, CounterSnapshot& s) const override {
    return parse_extensive(c.command, out, s);
  }
  Result<std::optional<CounterCommand>> identify(std::string_view out,
                                                 const CounterCommand* said) const override {
    if (!shows_extensive(out)) return std::optional<CounterCommand>();
    if (said && !said->command.starts_with(kCommand))
      return fail(
          ErrorKind::invalid_input, "",
          fmt::format("the output is that of '{}', not of the command line before it", kCommand));
    return std::optional<CounterCommand>(said ? *said : CounterCommand{std::string(kCommand), ""});
  }
  std::vector<std::string> forms() const override {
    return {
        fmt::format("{} [<port>]  (Juniper, show interfaces extensive: Queue counters, MAC "
                    "Priority Flow Control Statistics)",
                    kCommand)};
  }
  std::vector<std::string> not_exposed() const override {
    return {"ecn_marked: no public Junos sample of the per-queue ECN-CE form was read",
            "watchdog_storms, watchdog_restores, pause durations, watermark: not read on junos"};
  }
};

const bool registered = register_counter_reader(
    kVendor, [] { return std::unique_ptr<CounterReader>(new JunosCounters()); });

}  // namespace
}  // namespace rocecfg::sw::junos
