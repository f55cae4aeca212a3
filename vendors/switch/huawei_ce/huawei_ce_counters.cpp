// Huawei CloudEngine (CE6800/8800, V300R023) counters:
//
//   display dcb pfc
//       two lines per interface and queue (priority) between rules of dashes:
//         Interface  Queue  Received(Frames)     ReceivedRate(pps)     DeadlockNum
//                           Transmitted(Frames)  TransmittedRate(pps)  RecoveryNum
//       e.g. "100GE1/0/1  5  0  0  0" then "0  0  0": PFC frames per priority
//       and the deadlock (watchdog) detections and recoveries
//
// Source: WheaterW/INTA-project, nassim-main/corpus/hw/hw_CE6800_V300R023C00, the
// CE6800 V300R023C00 command reference for `display dcb pfc` (example: "Display
// statistics on PFC frames on 100GE1/0/1") and the configuration guide's
// "PFC Deadlock Prevention Configuration / Verifying the Configuration".
//
// Pitfalls: a further queue of the same interface may repeat or omit the
// interface name (both accepted); counters clear with `reset dcb pfc`, not on
// read. Rates (pps) are Huawei's own averages and are not used: we compute ours.
// Queue drops, ECN marks and watermarks (`display qos queue statistics`) are not
// read (no checked output example).
#include <algorithm>

#include <fmt/format.h>

#include "switch/counter_reader.h"
#include "switch/counter_text.h"

namespace rocecfg::vendors::huawei_ce {
namespace {

constexpr const char* kPfc = "display dcb pfc";

bool numeric(const std::string& f) {
  return sw::parse_counter_number(f).has_value();
}

class HuaweiCounters final : public sw::CounterReader {
 public:
  std::string_view vendor() const override { return "huawei-ce"; }
  std::vector<sw::CounterCommand> commands(const std::vector<std::string>&) const override {
    return {{kPfc, ""}};
  }
  std::optional<sw::CounterCommand> recognise(std::string_view line) const override {
    if (line == kPfc) return sw::CounterCommand{kPfc, ""};
    return std::nullopt;
  }
  Status parse(const sw::CounterCommand& c, std::string_view out,
               sw::CounterSnapshot& s) const override {
    if (c.command != kPfc) return fail(ErrorKind::unsupported, "", "not a Huawei counter command");
    if (out.find("Received(Frames)") == std::string_view::npos)
      return fail(ErrorKind::invalid_input, "", "no 'Received(Frames)' header in the output");
    std::string port;
    int queue = -1;
    bool want_tx = false;
    auto put = [&](sw::CounterKind k, uint64_t v, sw::CounterUnit u) {
      s.set({port, sw::CounterScope::priority, queue, k}, {v, u, 64, false, false, kPfc});
    };
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      bool all_numeric = !f.empty() && std::all_of(f.begin(), f.end(), numeric);
      if (want_tx && f.size() == 3 && all_numeric) {
        put(sw::CounterKind::pause_tx_frames, *sw::parse_counter_number(f[0]),
            sw::CounterUnit::frames);
        put(sw::CounterKind::watchdog_restores, *sw::parse_counter_number(f[2]),
            sw::CounterUnit::events);
        want_tx = false;
        continue;
      }
      size_t at = 0;
      if (f.size() == 5 && !numeric(f[0]) && std::all_of(f.begin() + 1, f.end(), numeric)) {
        port = f[0];
        at = 1;
      } else if (f.size() == 4 && all_numeric && !port.empty()) {
        at = 0;  // another queue of the same interface
      } else {
        continue;
      }
      auto q = sw::parse_counter_number(f[at]);
      if (!q || *q > 7)
        return fail(ErrorKind::invalid_input, "", fmt::format("{}: queue '{}'", port, f[at]));
      queue = static_cast<int>(*q);
      put(sw::CounterKind::pause_rx_frames, *sw::parse_counter_number(f[at + 1]),
          sw::CounterUnit::frames);
      put(sw::CounterKind::watchdog_storms, *sw::parse_counter_number(f[at + 3]),
          sw::CounterUnit::events);
      want_tx = true;
    }
    if (want_tx)
      return fail(ErrorKind::invalid_input, "", fmt::format("{}: no Transmitted line", port));
    return {};
  }
  std::vector<std::string> not_exposed() const override {
    return {
        "queue_drops, ecn_marked, watermark: display qos queue statistics not read (no checked "
        "output example)",
        "pause duration, watchdog_drops, fcs_errors, link_flaps: not read on huawei-ce"};
  }
};

const bool registered = sw::register_counter_reader(
    "huawei-ce", [] { return std::unique_ptr<sw::CounterReader>(new HuaweiCounters()); });

}  // namespace
}  // namespace rocecfg::vendors::huawei_ce
