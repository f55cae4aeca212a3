// Huawei CloudEngine (CE6800/8800, V300R023) counters, each command in every
// form its reference documents (the live reader sends the first of each):
//
//   display dcb pfc  |  display dcb pfc interface <if>
//       two lines per interface and queue (priority) between rules of dashes:
//         Interface  Queue  Received(Frames)     ReceivedRate(pps)     DeadlockNum
//                           Transmitted(Frames)  TransmittedRate(pps)  RecoveryNum
//       e.g. "100GE1/0/1  5  0  0  0" then "0  0  0": PFC frames per priority
//       and the deadlock (watchdog) detections and recoveries
//   display qos queue statistics interface <if>  |  ... slot <slot>
//       the interface as one word ("100GE1/0/1") or, as the reference's own
//       example types it, type and number ("100ge 1/0/1"); the slot form
//       prints " Queue statistics info: interface 10GE1/0/1" above each
//       interface's table. Two lines per queue between rules of dashes:
//         Queue  CIR/PIR      Passed           Pass Rate  Dropped          Drop Rate  Drop Time
//                (% or kbps)  (Packets/Bytes)  (pps/bps)  (Packets/Bytes)  (pps/bps)
//       the first line the CIR, packets passed and dropped (and the last
//       drop's time, "-" when none), the second the PIR and the same in bytes:
//       read as tx_packets, queue_drops, tx_bytes and drop_bytes, lossless
//       queues included (the rates are Huawei's averages, not counters)
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
// Saved outputs are identified by their headers (Received(Frames); Dropped
// (Packets/Bytes); ECN-marked packets; "interface X Errors:"); a queue
// statistics output of the per-interface form names no interface, so it
// needs its command line.
//
// Pitfalls: a further queue of the same interface may repeat or omit the
// interface name (both accepted); counters clear with `reset dcb pfc`, `reset
// qos queue statistics`, `reset interface counters` and by disabling ECN, not
// on read. Rates are Huawei's
// own averages and are not used: we compute ours. Queue statistics "are
// correct after 2 minutes" (the command's precautions): a shorter window may
// not show a drop yet, which the report notes.
#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "switch/command_table_reader.h"
#include "switch/counter_reader.h"
#include "switch/counter_text.h"

namespace rocecfg::sw::huawei_ce {
namespace {

enum Form : size_t { kPfc, kQueues, kEcn, kErrors };

constexpr const char* kRef = "CE6800 V300R023C00 command reference";

std::vector<sw::CounterForm> huawei_forms() {
  auto src = [](const char* page) { return fmt::format("{}, {}", kRef, page); };
  using F = sw::CounterForm;
  return {
      F::whole("display dcb pfc", kPfc, src("display dcb pfc")),
      F::per_interface("display dcb pfc interface", kPfc,
                       src("display dcb pfc, example 'display dcb pfc interface 100ge 1/0/1'"))
          .saved_only()
          .naming_ports(),
      F::per_interface("display qos queue statistics interface", kQueues,
                       src("display qos queue statistics")),
      F::per_interface("display qos queue statistics slot", kQueues,
                       src("display qos queue statistics, example 'display qos queue "
                           "statistics slot 1'"))
          .saved_only()
          .by_slot(),
      F::per_interface("display qos ecn statistics interface", kEcn,
                       src("display qos ecn statistics"))
          .naming_ports(),
      F::whole("display interface counters errors", kErrors,
               src("display interface counters errors")),
  };
}

bool has(std::string_view out, std::string_view word) {
  return out.find(word) != std::string_view::npos;
}

class HuaweiCounters final : public sw::CommandTableReader {
 public:
  HuaweiCounters() : CommandTableReader("huawei-ce", huawei_forms(), "a Huawei") {}

 private:
  bool shows(size_t form, std::string_view out) const override {
    switch (form) {
      case kPfc:
        return has(out, "Received(Frames)") && has(out, "Transmitted(Frames)");
      case kQueues:
        return has(out, "Dropped") && has(out, "(Packets/Bytes)");
      case kEcn:
        return has(out, "ECN-marked packets");
      default:
        return has(out, " Errors:") && has(out, "CRC");
    }
  }

  // "100GE1/0/1", or type and number as typed: "100ge 1/0/1" -> "100GE1/0/1".
  std::optional<std::string> interface_of(std::string_view words) const override {
    auto f = sw::split_fields(words);
    if (f.size() == 1 && words.find('|') == std::string_view::npos) return f[0];
    if (f.size() != 2 || f[1].empty() || !std::isdigit(static_cast<unsigned char>(f[1][0])))
      return std::nullopt;
    std::string type = f[0];
    bool lower_ge = type.size() >= 2 && type.ends_with("ge");
    for (char& ch : type) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (type == "eth-trunk")
      type = "Eth-Trunk";
    else if (lower_ge || type.ends_with("ge"))
      for (char& ch : type) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    else
      return std::nullopt;
    return type + f[1];
  }

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
  // time, two fields), then "10000000  5676736  0  1536  0" (bytes); the
  // slot form names each interface first (" Queue statistics info: interface
  // 10GE1/0/1").
  Status parse_queues(const sw::CounterCommand& c, std::string_view out,
                      sw::CounterSnapshot& s) const {
    if (!shows(kQueues, out))
      return fail(ErrorKind::invalid_input, "",
                  "no 'Dropped (Packets/Bytes)' header in the output");
    std::string port = c.port;
    int queues = 0, want_bytes = -1;
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      if (f.size() == 5 && f[0] == "Queue" && f[1] == "statistics" && f[3] == "interface") {
        port = f[4];
        want_bytes = -1;
        continue;
      }
      if (want_bytes >= 0 && f.size() == 5) {
        if (auto b = sw::counter_fields(f, 0, 5)) {
          s.set({port, sw::CounterScope::queue, want_bytes, sw::CounterKind::tx_bytes},
                count((*b)[1], sw::CounterUnit::bytes, c));
          s.set({port, sw::CounterScope::queue, want_bytes, sw::CounterKind::drop_bytes},
                count((*b)[3], sw::CounterUnit::bytes, c));
          want_bytes = -1;
          continue;
        }
      }
      if (f.size() < 7) continue;
      auto v = sw::counter_fields(f, 0, 6);
      if (!v) continue;
      if ((*v)[0] > 7)
        return fail(ErrorKind::invalid_input, "", fmt::format("{}: queue '{}'", port, f[0]));
      if (port.empty())
        return fail(ErrorKind::invalid_input, "",
                    "queue statistics name no interface: keep the command line before them");
      int q = static_cast<int>((*v)[0]);
      s.set({port, sw::CounterScope::queue, q, sw::CounterKind::tx_packets},
            count((*v)[2], sw::CounterUnit::packets, c));
      s.set({port, sw::CounterScope::queue, q, sw::CounterKind::queue_drops},
            count((*v)[4], sw::CounterUnit::packets, c));
      want_bytes = q;
      ++queues;
    }
    if (queues == 0)
      return fail(ErrorKind::invalid_input, "", fmt::format("{}: no queue rows", port));
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
    bool any = false;
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      if (f.size() != 2 || (!c.port.empty() && f[0] != c.port) || sw::is_counter_number(f[0]))
        continue;
      if (auto v = sw::counter_fields(f, 1, 1)) {
        s.set({f[0], sw::CounterScope::port, -1, sw::CounterKind::ecn_marked},
              count((*v)[0], sw::CounterUnit::packets, c));
        any = true;
      }
    }
    if (!any)
      return fail(
          ErrorKind::invalid_input, "",
          c.port.empty() ? std::string("no interface row") : fmt::format("no row for {}", c.port));
    return {};
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
