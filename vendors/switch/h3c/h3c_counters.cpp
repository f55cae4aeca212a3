// H3C Comware (S6850/S9850/S9825) counters:
//
//   display priority-flow-control interface
//       Interface  AdminMode  OperMode  Dot1pList  Prio  Recv  Send  Inpps  Outpps
//       one row per interface and no-drop priority: PFC frames received (Recv) and
//       sent (Send) on that 802.1p priority; some releases print a legend line
//       ("Conf -- Configured mode   Ne -- Negotiated mode") and name the first
//       columns Conf/Ne
//
// Sources: H3C S9825 R913x command reference, PFC commands
// (`display priority-flow-control`), as recorded with its column list in
// /work/shared/reference/switch-vendors.md section 5b.
//
// The reader takes the last five fields as Prio Recv Send Inpps Outpps and the
// first as the interface (a row without one continues the interface above), so
// an empty Dot1pList or a one-word mode does not shift the numbers. Counters
// clear with `reset priority-flow-control statistics`, not on read.
//
// Every documented form (all interfaces, one type, one interface typed as type
// and number) prints the same table, which names its interfaces: a saved
// output is identified by its "Interface ... Recv" header, with or without its
// command line.
//
// Not read, because no public H3C document we could find shows their output:
// watchdog (PFC deadlock) counts -- the S68xx/S98xx/S12500 PFC command
// references (h3c.com "PFC commands", e.g. S9825 R913x d_202410/2284497) list
// only deadlock *configuration* commands and this table; queue drops and ECN
// marks -- `display qos queue-statistics interface X outbound` is named in the
// HPE FlexNetwork Comware 7 ACL and QoS guides without an example. They are
// reported as not read, so a clean window on H3C is INCOMPLETE, never PASS.
// Looked for again in session 9 (search pages/docs/code, find_string): the
// H3C PFC configuration guide's "Verifying and maintaining PFC" lists only
// `display priority-flow-control interface` (no deadlock counter display);
// h3c.com S6550X/S6812/S9825 PFC command references print the same table;
// the only queue-statistics outputs found were third-party scripts grepping
// one "Dropped: N packets, M bytes" line and an HQoS scheduler-policy
// example, neither the per-queue outbound form.
// Session 10, searched again: the stored h3c.com pages (PFC commands
// d_202303/1790563, which lists `display priority-flow-control dscp-mapping
// statistics` and the deadlock commands; S9825/S9855 R913x d_202410/2284497;
// S6550X-HI d_202212/1746268; S6300 d_201906/1192751 and S6530X
// d_202305/1849267 QoS commands; S12500 d_201506/873097 "Queue-based
// accounting commands") answer every query with their opening part only,
// which ends inside the first command's example: no later command's syntax
// or output (dscp-mapping statistics, deadlock, queue statistics) could be
// read. HPE's Comware 7 per-command pages (techhub.hpe.com) and the H3C PDF
// page mirrors (manualshive, easymanua.ls) returned only configuration
// steps and the Verifying tables above; code search (find_string
// "queue-statistics interface", "priority-flow-control deadlock", "display
// priority-flow-control") found only third-party scripts and configs.
// LLDP: no reader is registered for h3c for the same reason -- `display lldp
// neighbor-information [list]` is named (HPE 7500 Comware 7 reference,
// 5200-1937a) but every stored copy of its example is cut off; the only
// outputs found are third-party device captures, not H3C documentation.
#include <algorithm>

#include <fmt/format.h>

#include "switch/command_table_reader.h"
#include "switch/counter_reader.h"
#include "switch/counter_text.h"

namespace rocecfg::sw::h3c {
namespace {

constexpr const char* kPfc = "display priority-flow-control interface";

constexpr const char* kSource =
    "H3C S9825 R913x command reference, PFC commands, display "
    "priority-flow-control (h3c.com d_202410/2284497)";

class H3cCounters final : public sw::CommandTableReader {
 public:
  // `display priority-flow-control interface [ interface-type [ interface-number ] ]`:
  // every form prints the same table, which names its interfaces.
  H3cCounters()
      : CommandTableReader(
            "h3c",
            {sw::CounterForm::whole(kPfc, 0, kSource),
             sw::CounterForm::per_interface(kPfc, 0, kSource).saved_only().naming_ports()},
            "an H3C") {}

 private:
  bool shows(size_t, std::string_view out) const override {
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      if (!f.empty() && f[0] == "Interface" && line.find("Recv") != std::string_view::npos)
        return true;
    }
    return false;
  }
  // "Twenty-FiveGigE 1/0/1" or "WGE1/0/1": the table names the interfaces itself.
  std::optional<std::string> interface_of(std::string_view words) const override {
    auto f = sw::split_fields(words);
    if (f.empty() || f.size() > 2 || words.find('|') != std::string_view::npos) return std::nullopt;
    return f.size() == 1 ? f[0] : f[0] + f[1];
  }

  Status parse_form(size_t, const sw::CounterCommand& c, std::string_view out,
                    sw::CounterSnapshot& s) const override {
    bool header = false;
    std::string port;
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      if (!f.empty() && f[0] == "Interface" && line.find("Recv") != std::string_view::npos) {
        header = true;
        continue;
      }
      if (!header || f.size() < 5) continue;
      size_t n = f.size();
      if (!std::all_of(f.end() - 5, f.end(), sw::is_counter_number)) continue;
      if (n > 5 && !sw::is_counter_number(f[0]))
        port = f[0];
      else if (n != 5 || port.empty())
        continue;
      auto prio = sw::parse_counter_number(f[n - 5]);
      if (*prio > 7)
        return fail(ErrorKind::invalid_input, "", fmt::format("{}: priority '{}'", port, f[n - 5]));
      int p = static_cast<int>(*prio);
      s.set({port, sw::CounterScope::priority, p, sw::CounterKind::pause_rx_frames},
            count(*sw::parse_counter_number(f[n - 4]), sw::CounterUnit::frames, c));
      s.set({port, sw::CounterScope::priority, p, sw::CounterKind::pause_tx_frames},
            count(*sw::parse_counter_number(f[n - 3]), sw::CounterUnit::frames, c));
    }
    if (!header)
      return fail(ErrorKind::invalid_input, "",
                  "no 'Interface ... Recv Send' header in the output");
    return {};
  }

 public:
  std::vector<std::string> not_exposed() const override {
    return {
        "watchdog, queue_drops, ecn_marked, watermark: not read on h3c (no public H3C document "
        "shows their output)",
        "pause duration, fcs_errors, link_flaps: not read on h3c"};
  }
};

const bool registered = sw::register_counter_reader(
    "h3c", [] { return std::unique_ptr<sw::CounterReader>(new H3cCounters()); });

}  // namespace
}  // namespace rocecfg::sw::h3c
