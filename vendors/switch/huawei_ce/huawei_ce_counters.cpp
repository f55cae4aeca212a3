// Huawei CloudEngine (CE6800/8800, V300R023) counters:
//
//   display dcb pfc
//       two lines per interface and queue (priority) between rules of dashes:
//         Interface  Queue  Received(Frames)     ReceivedRate(pps)     DeadlockNum
//                           Transmitted(Frames)  TransmittedRate(pps)  RecoveryNum
//       e.g. "100GE1/0/1  5  0  0  0" then "0  0  0": PFC frames per priority
//       and the deadlock (watchdog) detections and recoveries
//   display qos queue statistics interface <if>
//       two lines per queue between rules of dashes:
//         Queue  CIR/PIR      Passed           Pass Rate  Dropped          Drop Rate  Drop Time
//                (% or kbps)  (Packets/Bytes)  (pps/bps)  (Packets/Bytes)  (pps/bps)
//       the first line packets (and the last drop's time, "-" when none), the
//       second bytes: the queue's drops, lossless queues included
//   display qos ecn statistics interface <if>
//       "Interface  ECN-marked packets", a rule, "10GE1/0/1  0": ECN marks per
//       port (not per queue); only on the CE6855/6860/6863E/6866/6885/8850/8851/
//       8855 families -- elsewhere the command is refused and listed as not read
//   display interface counters errors
//       per interface " interface 10GE1/0/1 Errors:" then "Name :N" pairs, two
//       a line (CRC, Giants, Symbols, Alignments, Runts, Jabbers, Fragments,
//       OutDiscards): fcs_errors is CRC + Jabbers + Fragments, every received
//       frame whose FCS failed. CRC alone counts only 64 bytes up to the
//       largest non-jumbo frame, so a RoCE port at MTU 9000 would hide its bad
//       jumbo frames in Jabbers; Fragments are the short ones (Table 1).
//       `display interface`'s table says instead that CRC reaches the jumbo
//       size and Jabbers is always 0: the sum counts each bad frame once
//       under either reading
//
// Sources: WheaterW/INTA-project @9308062d7ec56ac434ae2df6f1c140d8d4440f17,
// nassim-main/corpus/hw/hw_CE6800_V300R023C00/, the CE6800 V300R023C00 command
// reference: `display dcb pfc` (example "Display statistics on PFC frames on
// 100GE1/0/1"), cmd_corpus/.../QoS/Priority_Mapping_Configuration_Commands/
// display_qos_queue_statistics.md (example and Table 1) and .../QoS/
// Congestion_Avoidance_and_Congestion_Management_Configuration_Commands/
// display_qos_ecn_statistics.md (example, supported models),
// .../Interface_Management/Interface_Basic_Configuration_Commands/
// display_interface_counters_errors.md (example and Table 1), and the
// configuration guide's "PFC Deadlock Prevention Configuration / Verifying the
// Configuration".
//
// Pitfalls: a further queue of the same interface may repeat or omit the
// interface name (both accepted); counters clear with `reset dcb pfc`, `reset
// qos queue statistics`, `reset interface counters` and by disabling ECN, not
// on read. Rates are Huawei's
// own averages and are not used: we compute ours. Queue statistics "are
// correct after 2 minutes" (the command's precautions): a shorter window may
// not show a drop yet, which the report notes.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "switch/command_table_reader.h"
#include "switch/counter_reader.h"
#include "switch/counter_text.h"

namespace rocecfg::sw::huawei_ce {
namespace {

enum Form : size_t { kPfc, kQueues, kEcn, kErrors };

class HuaweiCounters final : public sw::CommandTableReader {
 public:
  HuaweiCounters()
      : CommandTableReader("huawei-ce",
                           {{"display dcb pfc"},
                            {"display qos queue statistics interface", true},
                            {"display qos ecn statistics interface", true},
                            {"display interface counters errors"}},
                           "a Huawei") {}

 private:
  Status parse_form(size_t form, const sw::CounterCommand& c, std::string_view out,
                    sw::CounterSnapshot& s) const override {
    switch (form) {
      case kPfc:
        return parse_pfc(c, out, s);
      case kQueues:
        return parse_queues(c, out, s);
      case kEcn:
        return parse_ecn(c, out, s);
      default:
        return parse_errors(c, out, s);
    }
  }

  Status parse_pfc(const sw::CounterCommand& c, std::string_view out,
                   sw::CounterSnapshot& s) const {
    if (out.find("Received(Frames)") == std::string_view::npos)
      return fail(ErrorKind::invalid_input, "", "no 'Received(Frames)' header in the output");
    std::string port;
    int queue = -1;
    bool want_tx = false;
    auto put = [&](sw::CounterKind k, uint64_t v, sw::CounterUnit u) {
      s.set({port, sw::CounterScope::priority, queue, k}, count(v, u, c));
    };
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      if (want_tx && f.size() == 3) {
        if (auto tx = sw::counter_fields(f, 0, 3)) {
          put(sw::CounterKind::pause_tx_frames, (*tx)[0], sw::CounterUnit::frames);
          put(sw::CounterKind::watchdog_restores, (*tx)[2], sw::CounterUnit::events);
          want_tx = false;
          continue;
        }
      }
      std::optional<std::vector<uint64_t>> rx;
      if (f.size() == 5 && !sw::is_counter_number(f[0]) && (rx = sw::counter_fields(f, 1, 4))) {
        port = f[0];
      } else if (f.size() == 4 && !port.empty() && (rx = sw::counter_fields(f, 0, 4))) {
        // another queue of the same interface
      } else {
        continue;
      }
      if ((*rx)[0] > 7)
        return fail(ErrorKind::invalid_input, "", fmt::format("{}: queue '{}'", port, (*rx)[0]));
      queue = static_cast<int>((*rx)[0]);
      put(sw::CounterKind::pause_rx_frames, (*rx)[1], sw::CounterUnit::frames);
      put(sw::CounterKind::watchdog_storms, (*rx)[3], sw::CounterUnit::events);
      want_tx = true;
    }
    if (want_tx)
      return fail(ErrorKind::invalid_input, "", fmt::format("{}: no Transmitted line", port));
    return {};
  }

  // Per queue: "3  0  54584  0  12  0  -" (the drop time may be a date and
  // time, two fields), then "10000000  5676736  0  1536  0" (bytes).
  Status parse_queues(const sw::CounterCommand& c, std::string_view out,
                      sw::CounterSnapshot& s) const {
    if (out.find("Dropped") == std::string_view::npos ||
        out.find("(Packets/Bytes)") == std::string_view::npos)
      return fail(ErrorKind::invalid_input, "",
                  "no 'Dropped (Packets/Bytes)' header in the output");
    int queues = 0;
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      if (f.size() < 7) continue;
      auto v = sw::counter_fields(f, 0, 6);
      if (!v) continue;
      if ((*v)[0] > 7)
        return fail(ErrorKind::invalid_input, "", fmt::format("{}: queue '{}'", c.port, f[0]));
      s.set({c.port, sw::CounterScope::queue, static_cast<int>((*v)[0]),
             sw::CounterKind::queue_drops},
            count((*v)[4], sw::CounterUnit::packets, c));
      ++queues;
    }
    if (queues == 0)
      return fail(ErrorKind::invalid_input, "", fmt::format("{}: no queue rows", c.port));
    const char* lag =
        "display qos queue statistics: Huawei counts queue statistics exactly only after 2 "
        "minutes; a shorter window may not show a drop yet";
    if (std::find(s.notes.begin(), s.notes.end(), lag) == s.notes.end()) s.notes.push_back(lag);
    return {};
  }

  Status parse_ecn(const sw::CounterCommand& c, std::string_view out,
                   sw::CounterSnapshot& s) const {
    if (out.find("ECN-marked packets") == std::string_view::npos)
      return fail(ErrorKind::invalid_input, "", "no 'ECN-marked packets' header in the output");
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      if (f.size() != 2 || f[0] != c.port) continue;
      if (auto v = sw::counter_fields(f, 1, 1)) {
        s.set({c.port, sw::CounterScope::port, -1, sw::CounterKind::ecn_marked},
              count((*v)[0], sw::CounterUnit::packets, c));
        return {};
      }
    }
    return fail(ErrorKind::invalid_input, "", fmt::format("no row for {}", c.port));
  }

  // " interface 100GE1/0/1 Errors:", then " CRC      :0      Giants     :0" lines.
  Status parse_errors(const sw::CounterCommand& c, std::string_view out,
                      sw::CounterSnapshot& s) const {
    std::string port;
    std::map<std::string, uint64_t> got;
    bool any = false;
    auto flush = [&]() -> Status {
      if (port.empty()) return {};
      for (const char* name : {"CRC", "Jabbers", "Fragments"})
        if (!got.count(name))
          return fail(ErrorKind::invalid_input, "", fmt::format("{}: no '{}' count", port, name));
      s.set({port, sw::CounterScope::port, -1, sw::CounterKind::fcs_errors},
            count(got["CRC"] + got["Jabbers"] + got["Fragments"], sw::CounterUnit::frames, c));
      any = true;
      return {};
    };
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      if (f.size() == 3 && f[0] == "interface" && f[2] == "Errors:") {
        if (Status st = flush(); !st) return st;
        port = f[1];
        got.clear();
        continue;
      }
      if (port.empty()) continue;
      // "Name :N" pairs, however the colon is spaced ("CRC      :0", "Fragments:0").
      std::string spaced;
      for (char ch : line) spaced += ch == ':' ? std::string(" : ") : std::string(1, ch);
      auto w = sw::split_fields(spaced);
      for (size_t i = 1; i < w.size(); ++i) {
        if (w[i] != ":") continue;
        auto n = i + 1 < w.size() ? sw::parse_counter_number(w[i + 1]) : std::nullopt;
        if (!n)
          return fail(ErrorKind::invalid_input, "",
                      fmt::format("{}: '{}' is not followed by a count", port, w[i - 1]));
        got[w[i - 1]] = *n;
      }
    }
    if (Status st = flush(); !st) return st;
    if (!any)
      return fail(ErrorKind::invalid_input, "", "no 'interface ... Errors:' block in the output");
    return {};
  }

 public:
  std::vector<std::string> not_exposed() const override {
    return {"watermark, pause duration, watchdog_drops, link_flaps: not read on huawei-ce"};
  }
};

const bool registered = sw::register_counter_reader(
    "huawei-ce", [] { return std::unique_ptr<sw::CounterReader>(new HuaweiCounters()); });

}  // namespace
}  // namespace rocecfg::sw::huawei_ce
