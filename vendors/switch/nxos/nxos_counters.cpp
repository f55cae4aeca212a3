// Cisco NX-OS (Nexus 9000) counters:
//
//   show interface priority-flow-control
//       Port  Mode  Oper(VL bmap)  RxPPP  TxPPP, one row per interface, e.g.
//       "Ethernet1/47  Auto Off  7316  762946" or "Ethernet1/1  On  On (8)  0  0":
//       PFC (per-priority pause, "PPP") frames received/sent per port, all
//       no-drop classes together
//   show queuing pfc-queue interface <if> detail | json
//       the PFC watchdog per no-drop QoS group (= queue): NX-API JSON whose
//       fields are the command's __readonly__ grammar:
//         TABLE_queuing_interface/ROW_queuing_interface {if_name_str, wd-status,
//           TABLE_qosgrp_stats/ROW_qosgrp_stats {eq-qosgrp, eq-qosgrp-state,
//             pfc-configured, pfc-cos, TABLE_qosgrp_stats_entry/ROW_qosgrp_stats_entry
//               {q-stat-type, [q-shutdown], [q-restored], [q-pkt-drained],
//                [q-pkt-dropped], [q-pkt-drained-n-dropped], [q-aggr-pkt-dropped],
//                [q-ing-pkt-dropped], [q-ing-aggr-pkt-dropped]}}}
//       a queue the watchdog shut down counts in q-shutdown (a storm), its
//       restores in q-restored, what it dropped in q-aggr-pkt-dropped (egress)
//       and q-ing-aggr-pkt-dropped (ingress), aggregated over the storms
//
// Sources: Cisco Nexus 9000 Series NX-OS Quality of Service Configuration Guide
// 10.5(x), "Configuring Priority Flow Control" (PFC watchdog workflow: shut,
// drop, restore) and the column layout recorded in
// /work/shared/reference/switch-vendors.md section 4 (Azure Local TSG and
// Oswalt 2014 outputs); Cisco Nexus 9000 Series NX-OS Show Command Reference
// 9.3(x), chapter "Q Show Commands" (b_N9K_Show_Commands_93x_chapter_010000),
// `show queuing pfc-queue` (command ID wp2075340328: the grammar above) and the
// NX-API TABLE_x/ROW_x convention (a table of one row is an object, of more an
// array). The Oper column has one or two words, so the reader takes the
// interface from the first field and RxPPP/TxPPP from the last two.
//
// The reference names q-stat-type's rows but not their values; each field is
// cumulative, so a QoS group's count is the largest its entries show (the
// aggregate row is never below a per-period one). Counters are 64-bit, cleared
// by `clear qos statistics` / `clear counters`, not on read.
//
// Not read (no documented output shape we could check): queue drops and ECN
// marks of `show queuing interface` (its QOS GROUP blocks are described, not
// shown, in the QoS guide; `show queuing tabular`'s grammar spells the fields
// of QoS group 0 only). They are listed as not read, so a clean NX-OS window
// with a known lossless class is INCOMPLETE, never PASS.
#include <algorithm>

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "common/json_counter.h"
#include "switch/command_table_reader.h"
#include "switch/counter_reader.h"
#include "switch/counter_text.h"

namespace rocecfg::sw::nxos {
namespace {

using nlohmann::json;
using sw::json_counter;

enum Form : size_t { kPfc, kWatchdog };

bool interface_name(const std::string& f) {
  return f.starts_with("Eth") || f.starts_with("eth") || f.starts_with("port-channel");
}

// NX-API rows of TABLE_<name>: one row is an object, several an array.
std::vector<const json*> rows(const json& parent, const std::string& name) {
  std::vector<const json*> out;
  auto t = parent.find("TABLE_" + name);
  if (t == parent.end() || !t->is_object()) return out;
  auto r = t->find("ROW_" + name);
  if (r == t->end()) return out;
  if (r->is_object()) out.push_back(&*r);
  if (r->is_array())
    for (const json& e : *r)
      if (e.is_object()) out.push_back(&e);
  return out;
}

class NxosCounters final : public sw::CommandTableReader {
 public:
  NxosCounters()
      : CommandTableReader("nxos",
                           {{"show interface priority-flow-control"},
                            {"show queuing pfc-queue interface", true, "detail | json"}},
                           "an NX-OS") {}

 private:
  Status parse_form(size_t form, const sw::CounterCommand& c, std::string_view out,
                    sw::CounterSnapshot& s) const override {
    return form == kPfc ? parse_pfc(c, out, s) : parse_watchdog(c, out, s);
  }

  Status parse_pfc(const sw::CounterCommand& c, std::string_view out,
                   sw::CounterSnapshot& s) const {
    bool header = false;
    for (std::string_view line : sw::text_lines(out)) {
      auto f = sw::split_fields(line);
      if (f.size() >= 2 && f[0] == "Port" && line.find("RxPPP") != std::string_view::npos)
        header = true;
      if (f.size() < 4 || !interface_name(f[0])) continue;
      auto pause = sw::counter_fields(f, f.size() - 2, 2);
      if (!pause)
        return fail(ErrorKind::invalid_input, "", fmt::format("unreadable row for {}", f[0]));
      s.set({f[0], sw::CounterScope::port, -1, sw::CounterKind::pause_rx_frames},
            count((*pause)[0], sw::CounterUnit::frames, c));
      s.set({f[0], sw::CounterScope::port, -1, sw::CounterKind::pause_tx_frames},
            count((*pause)[1], sw::CounterUnit::frames, c));
    }
    if (!header)
      return fail(ErrorKind::invalid_input, "", "no 'Port ... RxPPP TxPPP' header in the output");
    return {};
  }

  Status parse_watchdog(const sw::CounterCommand& c, std::string_view out,
                        sw::CounterSnapshot& s) const {
    json j = json::parse(out.begin(), out.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
      return fail(ErrorKind::invalid_input, "", "output is not a JSON object");
    auto interfaces = rows(j, "queuing_interface");
    if (interfaces.empty())
      return fail(ErrorKind::invalid_input, "", "no TABLE_queuing_interface in the output");
    // (field, kind, unit): the watchdog's cumulative counts of one QoS group.
    struct Field {
      const char* name;
      sw::CounterKind kind;
      sw::CounterUnit unit;
    };
    static const Field kFields[] = {
        {"q-shutdown", sw::CounterKind::watchdog_storms, sw::CounterUnit::events},
        {"q-restored", sw::CounterKind::watchdog_restores, sw::CounterUnit::events},
        {"q-aggr-pkt-dropped", sw::CounterKind::watchdog_drops, sw::CounterUnit::packets},
    };
    for (const json* row : interfaces)
      for (const json* group : rows(*row, "qosgrp_stats")) {
        auto q = group->contains("eq-qosgrp") ? json_counter((*group)["eq-qosgrp"]) : std::nullopt;
        if (!q || *q > 7)
          return fail(ErrorKind::invalid_input, "", fmt::format("{}: no eq-qosgrp 0-7", c.port));
        for (const Field& f : kFields) {
          std::optional<uint64_t> most;
          for (const json* e : rows(*group, "qosgrp_stats_entry")) {
            bool seen = false;
            uint64_t v = 0;
            if (auto x = e->contains(f.name) ? json_counter((*e)[f.name]) : std::nullopt) {
              seen = true;
              v = *x;
            }
            // Ingress drops of the watchdog are drops too (q-ing-aggr-pkt-dropped).
            if (f.kind == sw::CounterKind::watchdog_drops && e->contains("q-ing-aggr-pkt-dropped"))
              if (auto ing = json_counter((*e)["q-ing-aggr-pkt-dropped"])) {
                seen = true;
                v += *ing;
              }
            if (seen) most = std::max(most.value_or(0), v);
          }
          if (most)
            s.set({c.port, sw::CounterScope::queue, static_cast<int>(*q), f.kind},
                  count(*most, f.unit, c));
        }
      }
    s.kinds_read.insert(sw::CounterKind::watchdog_storms);  // read, even with no no-drop group
    return {};
  }

 public:
  std::vector<std::string> not_exposed() const override {
    return {"pause per priority: NX-OS RxPPP/TxPPP are per port",
            "queue_drops, ecn_marked: show queuing interface not read (no documented output "
            "shape)",
            "watermark, fcs_errors, link_flaps: not read on nxos"};
  }
};

const bool registered = sw::register_counter_reader(
    "nxos", [] { return std::unique_ptr<sw::CounterReader>(new NxosCounters()); });

}  // namespace
}  // namespace rocecfg::sw::nxos
