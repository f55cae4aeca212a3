// Arista EOS counters, read as the CLI's JSON (`| json`, the same objects eAPI
// returns), so no column layout has to be guessed:
//
//   show priority-flow-control counters | json
//       interfaceCounters.<if>.{rxFrames, txFrames}: PFC frames per port (all
//       priorities together; the per-priority split is not in this object)
//   show priority-flow-control counters watchdog | json
//       interfaces.<if>.txQueues.<q>.{stuckCount, recoveryCount}; an interface
//       (or {"interfaces": {}}) is absent until its first watchdog event
//   show qos interfaces ecn counters queue | json
//       intfQueueCounters.<if>.queueCounters.<q>: marked packets as a string,
//       "-" where ECN counting is off on that queue (`random-detect ecn count`)
//   show interfaces counters queue drops | json
//       egressQueueCounters.interfaces.<if>.ucastQueues.trafficClasses.TC<n>
//       .dropPrecedences.DP<m>.droppedPackets (summed over drop precedences);
//       mcastQueues the same for the multicast queues (read, not judged)
//   show interfaces counters errors | json
//       interfaceErrorCounters.<if>.fcsErrors
//
// Sources: aristanetworks/anta @68667e0ed117e688f505b8b870e2ccd8e1e9297b,
// anta/tests/interfaces.py (VerifyInterfacesPFCCounters revision 3,
// VerifyInterfacesECNCounters, VerifyInterfacesEgressQueueDrops, VerifyInterfaceErrors)
// with their EOS outputs in tests/units/anta_tests/test_interfaces.py; the
// watchdog object as Meta's TAAC PfcWdHealthCheck reads it (public fboss test
// infra; field names only) [verify the object on a switch].
//
// A saved output is identified by its top-level key (interfaceCounters,
// interfaces with txQueues, intfQueueCounters, egressQueueCounters,
// interfaceErrorCounters), with or without its command line. The text form
// of these commands (without `| json`) is not read: no public Arista
// document we could find prints it, so its layout would be a guess; it is
// refused with the forms above.
//
// Pitfalls: EOS counters are 64-bit and not reset on read (`clear counters`
// resets them, seen as a counter going down). PFC frames are per port, so a
// storm is named by port with priority "all"; the watchdog's tx-queue is the
// traffic class (queue n = TC n with the default map).
#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "common/json_counter.h"
#include "switch/counter_reader.h"

namespace rocecfg::sw::eos {
namespace {

using nlohmann::json;
using sw::CounterKey;
using sw::CounterKind;
using sw::CounterSample;
using sw::CounterScope;
using sw::CounterUnit;
using sw::json_counter;

constexpr const char* kPfc = "show priority-flow-control counters | json";
constexpr const char* kWatchdog = "show priority-flow-control counters watchdog | json";
constexpr const char* kEcn = "show qos interfaces ecn counters queue | json";
constexpr const char* kDrops = "show interfaces counters queue drops | json";
constexpr const char* kErrors = "show interfaces counters errors | json";

// "TC3" / "3" -> 3
std::optional<int> class_index(const std::string& name) {
  std::string_view s = name;
  if (s.starts_with("TC")) s.remove_prefix(2);
  auto n = sw::parse_counter_number(s);
  if (!n || *n > 15) return std::nullopt;
  return static_cast<int>(*n);
}

void put(sw::CounterSnapshot& s, const std::string& port, CounterScope scope, int index,
         CounterKind kind, uint64_t v, CounterUnit unit, const char* cmd) {
  CounterSample sample{v, unit, 64, false, false, cmd};
  sample.zero_when_absent = cmd == std::string_view(kWatchdog);  // absent until the first event
  s.set(CounterKey{port, scope, index, kind}, sample);
}

Status bad(const std::string& what) {
  return fail(ErrorKind::invalid_input, "", what);
}

Status parse_json(const std::string& cmd, const json& j, sw::CounterSnapshot& s) {
  if (cmd == kPfc) {
    if (!j.contains("interfaceCounters") || !j["interfaceCounters"].is_object())
      return bad("no interfaceCounters object");
    for (const auto& [port, c] : j["interfaceCounters"].items()) {
      auto rx = json_counter(c.value("rxFrames", json())),
           tx = json_counter(c.value("txFrames", json()));
      if (!rx || !tx) return bad(fmt::format("{}: no rxFrames/txFrames", port));
      put(s, port, CounterScope::port, -1, CounterKind::pause_rx_frames, *rx, CounterUnit::frames,
          kPfc);
      put(s, port, CounterScope::port, -1, CounterKind::pause_tx_frames, *tx, CounterUnit::frames,
          kPfc);
    }
    return {};
  }
  if (cmd == kWatchdog) {
    if (!j.contains("interfaces") || !j["interfaces"].is_object())
      return bad("no interfaces object");
    s.kinds_read.insert(CounterKind::watchdog_storms);  // read, even when no queue is listed yet
    s.kinds_read.insert(CounterKind::watchdog_restores);
    for (const auto& [port, c] : j["interfaces"].items()) {
      if (!c.contains("txQueues") || !c["txQueues"].is_object()) continue;
      for (const auto& [q, v] : c["txQueues"].items()) {
        auto idx = class_index(q);
        auto stuck = json_counter(v.value("stuckCount", json(0))),
             rec = json_counter(v.value("recoveryCount", json(0)));
        if (!idx || !stuck || !rec)
          return bad(fmt::format("{} queue {}: unreadable watchdog counters", port, q));
        put(s, port, CounterScope::queue, *idx, CounterKind::watchdog_storms, *stuck,
            CounterUnit::events, kWatchdog);
        put(s, port, CounterScope::queue, *idx, CounterKind::watchdog_restores, *rec,
            CounterUnit::events, kWatchdog);
      }
    }
    return {};
  }
  if (cmd == kEcn) {
    if (!j.contains("intfQueueCounters") || !j["intfQueueCounters"].is_object())
      return bad("no intfQueueCounters object");
    for (const auto& [port, c] : j["intfQueueCounters"].items()) {
      if (!c.contains("queueCounters")) continue;
      for (const auto& [q, v] : c["queueCounters"].items()) {
        auto idx = class_index(q);
        if (!idx) return bad(fmt::format("{}: queue '{}'", port, q));
        if (v.is_string() && v.get<std::string>() == "-")
          continue;  // ECN counting off on the queue
        auto n = json_counter(v);
        if (!n) return bad(fmt::format("{} queue {}: unreadable ECN count", port, q));
        put(s, port, CounterScope::queue, *idx, CounterKind::ecn_marked, *n, CounterUnit::packets,
            kEcn);
      }
    }
    return {};
  }
  if (cmd == kDrops) {
    const json* ifs = nullptr;
    if (j.contains("egressQueueCounters") && j["egressQueueCounters"].contains("interfaces"))
      ifs = &j["egressQueueCounters"]["interfaces"];
    if (!ifs || !ifs->is_object()) return bad("no egressQueueCounters.interfaces object");
    // Unicast queues are the traffic classes a verdict judges; multicast
    // queues (mcastQueues, the same shape) are read beside them, never a
    // lossless class.
    for (const auto& [port, c] : ifs->items()) {
      for (auto [key, scope] : {std::pair{"ucastQueues", CounterScope::queue},
                                std::pair{"mcastQueues", CounterScope::mc_queue}}) {
        if (!c.contains(key) || !c[key].contains("trafficClasses")) continue;
        for (const auto& [tc, v] : c[key]["trafficClasses"].items()) {
          auto idx = class_index(tc);
          if (!idx) return bad(fmt::format("{}: traffic class '{}'", port, tc));
          uint64_t total = 0;
          const json precedences = v.value("dropPrecedences", json::object());
          for (const auto& [dp, d] : precedences.items()) {
            auto n = json_counter(d.value("droppedPackets", json()));
            if (!n) return bad(fmt::format("{} {} {}: no droppedPackets", port, tc, dp));
            total += *n;
          }
          put(s, port, scope, *idx, CounterKind::queue_drops, total, CounterUnit::packets, kDrops);
        }
      }
    }
    return {};
  }
  if (cmd == kErrors) {
    if (!j.contains("interfaceErrorCounters") || !j["interfaceErrorCounters"].is_object())
      return bad("no interfaceErrorCounters object");
    for (const auto& [port, c] : j["interfaceErrorCounters"].items()) {
      auto n = json_counter(c.value("fcsErrors", json()));
      if (!n) return bad(fmt::format("{}: no fcsErrors", port));
      put(s, port, CounterScope::port, -1, CounterKind::fcs_errors, *n, CounterUnit::frames,
          kErrors);
    }
    return {};
  }
  return fail(ErrorKind::unsupported, "", "not an EOS counter command");
}

// The command whose JSON object `j` is, by its top-level key.
const char* shown_by(const json& j) {
  if (!j.is_object()) return nullptr;
  if (j.contains("interfaceCounters")) return kPfc;
  if (j.contains("intfQueueCounters")) return kEcn;
  if (j.contains("egressQueueCounters")) return kDrops;
  if (j.contains("interfaceErrorCounters")) return kErrors;
  if (j.size() == 1 && j.contains("interfaces") && j["interfaces"].is_object()) {
    for (const auto& [port, c] : j["interfaces"].items())
      if (!c.is_object() || !c.contains("txQueues")) return nullptr;
    return kWatchdog;
  }
  return nullptr;
}

class EosCounters final : public sw::CounterReader {
 public:
  std::string_view vendor() const override { return "eos"; }
  std::vector<sw::CounterCommand> commands(const std::vector<std::string>&) const override {
    return {{kPfc, ""}, {kWatchdog, ""}, {kEcn, ""}, {kDrops, ""}, {kErrors, ""}};
  }
  std::optional<sw::CounterCommand> recognise(std::string_view line) const override {
    for (const char* c : {kPfc, kWatchdog, kEcn, kDrops, kErrors})
      if (line == c) return sw::CounterCommand{c, ""};
    return std::nullopt;
  }
  Status parse(const sw::CounterCommand& c, std::string_view out,
               sw::CounterSnapshot& s) const override {
    json j = json::parse(out.begin(), out.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) return bad("output is not a JSON object");
    return parse_json(c.command, j, s);
  }
  Result<std::optional<sw::CounterCommand>> identify(
      std::string_view out, const sw::CounterCommand* said) const override {
    json j = json::parse(out.begin(), out.end(), nullptr, false);
    const char* shown = j.is_discarded() ? nullptr : shown_by(j);
    if (!shown) return std::optional<sw::CounterCommand>();
    if (said && said->command != shown)
      return fail(
          ErrorKind::invalid_input, "",
          fmt::format("the output is that of '{}', not of the command line before it", shown));
    return std::optional<sw::CounterCommand>(sw::CounterCommand{shown, ""});
  }
  std::vector<std::string> forms() const override {
    constexpr const char* src =
        "aristanetworks/anta @68667e0ed117e688f505b8b870e2ccd8e1e9297b "
        "tests/units/anta_tests/test_interfaces.py";
    return {fmt::format("{}  ({})", kPfc, src),
            fmt::format("{}  (Meta TAAC PfcWdHealthCheck field names)", kWatchdog),
            fmt::format("{}  ({})", kEcn, src), fmt::format("{}  ({})", kDrops, src),
            fmt::format("{}  ({})", kErrors, src)};
  }
  // The text form of each command (no `| json`): refused, never guessed.
  std::string form_not_read(std::string_view line) const override {
    for (std::string_view c : {kPfc, kWatchdog, kEcn, kDrops, kErrors}) {
      std::string_view text = c.substr(0, c.size() - std::string_view(" | json").size());
      if (line == text)
        return fmt::format(
            "the text form of '{}' is not read: no Arista document prints its layout, so "
            "reading it would be a guess; save '{}' instead",
            text, c);
    }
    return "";
  }
  std::vector<std::string> not_exposed() const override {
    return {"pause per priority, pause duration: the EOS PFC counters object is per port",
            "watchdog_drops, watermark, link_flaps: not read on eos"};
  }
};

const bool registered = sw::register_counter_reader(
    "eos", [] { return std::unique_ptr<sw::CounterReader>(new EosCounters()); });

}  // namespace
}  // namespace rocecfg::sw::eos
