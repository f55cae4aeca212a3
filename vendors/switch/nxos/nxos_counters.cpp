// Cisco NX-OS (Nexus 9000) counters:
//
//   show interface priority-flow-control
//       Port  Mode  Oper(VL bmap)  RxPPP  TxPPP, one row per interface, e.g.
//       "Ethernet1/47  Auto Off  7316  762946" or "Ethernet1/1  On  On (8)  0  0":
//       PFC (per-priority pause, "PPP") frames received/sent per port, all
//       no-drop classes together
//
// Sources: Cisco Nexus 9000 Series NX-OS Quality of Service Configuration Guide,
// "Configuring Priority Flow Control" (cisco.com .../nexus9000/105x/configuration/qos/
// ...-105x/m-configuring-priority-flow-control.html) and the column layout recorded
// in /work/shared/reference/switch-vendors.md section 4 (Azure Local TSG and
// Oswalt 2014 outputs). The Oper column has one or two words, so the reader takes
// the interface from the first field and RxPPP/TxPPP from the last two.
//
// Not read (no output example we could check): `show queuing pfc-queue [detail]`
// (watchdog) and the per-QoS-group drop and ECN lines of `show queuing interface`;
// they are listed as unread, never as zero. Counters are 64-bit, cleared by
// `clear qos statistics` / `clear counters`, not on read.
#include <fmt/format.h>

#include "switch/counter_reader.h"
#include "switch/counter_text.h"
#include "switch/one_command_reader.h"

namespace rocecfg::sw::nxos {
namespace {

constexpr const char* kPfc = "show interface priority-flow-control";

bool interface_name(const std::string& f) {
  return f.starts_with("Eth") || f.starts_with("eth") || f.starts_with("port-channel");
}

class NxosCounters final : public sw::OneCommandReader {
 public:
  NxosCounters() : OneCommandReader("nxos", kPfc, "an NX-OS") {}

 private:
  Status parse_output(std::string_view out, sw::CounterSnapshot& s) const override {
    bool header = false;
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      if (f.size() >= 2 && f[0] == "Port" && line.find("RxPPP") != std::string_view::npos)
        header = true;
      if (f.size() < 4 || !interface_name(f[0])) continue;
      auto rx = sw::parse_counter_number(f[f.size() - 2]), tx = sw::parse_counter_number(f.back());
      if (!rx || !tx)
        return fail(ErrorKind::invalid_input, "", fmt::format("unreadable row for {}", f[0]));
      s.set({f[0], sw::CounterScope::port, -1, sw::CounterKind::pause_rx_frames},
            count(*rx, sw::CounterUnit::frames));
      s.set({f[0], sw::CounterScope::port, -1, sw::CounterKind::pause_tx_frames},
            count(*tx, sw::CounterUnit::frames));
    }
    if (!header)
      return fail(ErrorKind::invalid_input, "", "no 'Port ... RxPPP TxPPP' header in the output");
    return {};
  }

 public:
  std::vector<std::string> not_exposed() const override {
    return {"pause per priority: NX-OS RxPPP/TxPPP are per port",
            "watchdog, queue_drops, ecn_marked: show queuing pfc-queue / show queuing interface "
            "not read "
            "(no checked output example)",
            "watermark, fcs_errors, link_flaps: not read on nxos"};
  }
};

const bool registered = sw::register_counter_reader(
    "nxos", [] { return std::unique_ptr<sw::CounterReader>(new NxosCounters()); });

}  // namespace
}  // namespace rocecfg::sw::nxos
