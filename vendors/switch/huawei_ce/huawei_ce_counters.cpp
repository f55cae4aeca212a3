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
#include "switch/one_command_reader.h"

namespace rocecfg::sw::huawei_ce {
namespace {

constexpr const char* kPfc = "display dcb pfc";

class HuaweiCounters final : public sw::OneCommandReader {
 public:
  HuaweiCounters() : OneCommandReader("huawei-ce", kPfc, "a Huawei") {}

 private:
  Status parse_output(std::string_view out, sw::CounterSnapshot& s) const override {
    if (out.find("Received(Frames)") == std::string_view::npos)
      return fail(ErrorKind::invalid_input, "", "no 'Received(Frames)' header in the output");
    std::string port;
    int queue = -1;
    bool want_tx = false;
    auto put = [&](sw::CounterKind k, uint64_t v, sw::CounterUnit u) {
      s.set({port, sw::CounterScope::priority, queue, k}, count(v, u));
    };
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      bool all_numeric = !f.empty() && std::all_of(f.begin(), f.end(), sw::is_counter_number);
      if (want_tx && f.size() == 3 && all_numeric) {
        put(sw::CounterKind::pause_tx_frames, *sw::parse_counter_number(f[0]),
            sw::CounterUnit::frames);
        put(sw::CounterKind::watchdog_restores, *sw::parse_counter_number(f[2]),
            sw::CounterUnit::events);
        want_tx = false;
        continue;
      }
      size_t at = 0;
      if (f.size() == 5 && !sw::is_counter_number(f[0]) &&
          std::all_of(f.begin() + 1, f.end(), sw::is_counter_number)) {
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

 public:
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
}  // namespace rocecfg::sw::huawei_ce
