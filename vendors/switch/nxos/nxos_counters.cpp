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
//   show queuing interface <if> | json
//       egress queuing per QoS group (= queue): NX-API JSON under
//         TABLE_module/ROW_module {module_number, TABLE_queuing_interface/
//           ROW_queuing_interface {TABLE_qosgrp_egress_stats/ROW_qosgrp_egress_stats
//             {eq-qosgrp ("0".."7", or "CONTROL QOS GROUP"/"SPAN QOS GROUP"),
//              TABLE_qosgrp_egress_stats_entry/ROW_qosgrp_egress_stats_entry
//                {eq-stat-type, eq-stat-units, eq-uc-stat-value, eq-mc-stat-value}}}}
//       eq-stat-type is "Tx", "WRED/AFD & Tail Drop", "ECN" or "Q Depth",
//       eq-stat-units "Pkts" or "Byts": the rows of the text form's QOS GROUP
//       blocks ("WRED/AFD & Tail Drop Pkts |  unicast | multicast |"). The
//       reader takes Tx Pkts/Byts as tx_packets/tx_bytes, "WRED/AFD & Tail
//       Drop" Pkts/Byts as the queue's drops (queue_drops, drop_bytes) and
//       "ECN" Pkts as its ECN-marked packets, unicast plus multicast; "Q
//       Depth" (the depth now) is passed over; the control and SPAN groups
//       are not traffic classes and are skipped.
//       Source of the field names: allenrobel/nxapi-netbox (Allen Robel,
//       Cisco) lib/nxapi/nxapi_interface_egress_queuing.py and
//       lib/nxapi/nxapi_base.py @56c1a8dd0e2f02ef2d3f494f291e71ded07ccf9a
//       (the NX-API client of `show queuing interface X`: the TABLE/ROW
//       names, stat types and units above). Cisco's QoS configuration guide
//       names the command without printing its output; the same rows in
//       text form (QOS GROUP 5: Tx Pkts/Byts, WRED/AFD & Tail Drop Pkts/Byts,
//       Q Depth Byts, WD & Tail Drop Pkts) appear in a public Nexus 93180FX2
//       capture (zartbot, "RoCEv2 AllReduce", 2021). Cumulative 64-bit,
//       cleared by `clear qos statistics`.
//
// Saved outputs are identified by their marks (the RxPPP/TxPPP header; the
// NX-API TABLE_qosgrp_stats / TABLE_qosgrp_egress_stats objects); the two
// per-interface JSON forms keep their command line, which names the port.
// The text forms of `show queuing interface` are not read (no Cisco document
// prints them whole; the one public capture is a third party's).
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

enum Form : size_t { kPfc, kWatchdog, kQueuing };

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

std::vector<sw::CounterForm> nxos_forms() {
  using F = sw::CounterForm;
  return {
      F::whole("show interface priority-flow-control", kPfc,
               "Nexus 9000 QoS configuration guide 10.5(x), Configuring Priority Flow Control; "
               "layout in shared/reference/switch-vendors.md section 4"),
      F::per_interface("show queuing pfc-queue interface", kWatchdog,
                       "Nexus 9000 Show Command Reference 9.3(x), Q Show Commands, show queuing "
                       "pfc-queue (wp2075340328)",
                       "detail | json"),
      F::per_interface("show queuing interface", kQueuing,
                       "allenrobel/nxapi-netbox lib/nxapi/nxapi_interface_egress_queuing.py "
                       "@56c1a8dd0e2f02ef2d3f494f291e71ded07ccf9a",
                       "| json"),
  };
}

bool has(std::string_view out, std::string_view word) {
  return out.find(word) != std::string_view::npos;
}

class NxosCounters final : public sw::CommandTableReader {
 public:
  NxosCounters() : CommandTableReader("nxos", nxos_forms(), "an NX-OS") {}

  // The text forms of the two queuing commands (no `| json`): refused,
  // never guessed (see the head of this file).
  std::string form_not_read(std::string_view line) const override {
    for (std::string_view c : {"show queuing pfc-queue interface", "show queuing interface"})
      if (line.starts_with(c) && !line.ends_with("| json"))
        return fmt::format(
            "the text form of '{}' is not read: no Cisco document prints it whole, so reading "
            "it would be a guess; save it with '| json'",
            line);
    return "";
  }

 private:
  // Saved outputs by their marks: the RxPPP/TxPPP header, the NX-API tables.
  bool shows(size_t form, std::string_view out) const override {
    if (form == kPfc) return has(out, "RxPPP") && has(out, "TxPPP");
    if (form == kWatchdog) return has(out, "\"TABLE_qosgrp_stats\"");
    return has(out, "\"TABLE_qosgrp_egress_stats\"");
  }

  Status parse_form(size_t form, const sw::CounterCommand& c, std::string_view out,
                    sw::CounterSnapshot& s) const override {
    if (form == kPfc) return parse_pfc(c, out, s);
    return form == kWatchdog ? parse_watchdog(c, out, s) : parse_queuing(c, out, s);
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

  Status parse_queuing(const sw::CounterCommand& c, std::string_view out,
                       sw::CounterSnapshot& s) const {
    json j = json::parse(out.begin(), out.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
      return fail(ErrorKind::invalid_input, "", "output is not a JSON object");
    // (eq-stat-type, eq-stat-units, kind, unit): every count row; "Q Depth" is
    // the queue's depth now (not a count, not a high-water mark): passed over.
    struct Stat {
      const char* type;
      const char* units;
      sw::CounterKind kind;
      sw::CounterUnit unit;
    };
    static const Stat kStats[] = {
        {"Tx", "Pkts", sw::CounterKind::tx_packets, sw::CounterUnit::packets},
        {"Tx", "Byts", sw::CounterKind::tx_bytes, sw::CounterUnit::bytes},
        {"WRED/AFD & Tail Drop", "Pkts", sw::CounterKind::queue_drops, sw::CounterUnit::packets},
        {"WRED/AFD & Tail Drop", "Byts", sw::CounterKind::drop_bytes, sw::CounterUnit::bytes},
        {"ECN", "Pkts", sw::CounterKind::ecn_marked, sw::CounterUnit::packets},
    };
    bool any = false;
    for (const json* module : rows(j, "module"))
      for (const json* intf : rows(*module, "queuing_interface"))
        for (const json* group : rows(*intf, "qosgrp_egress_stats")) {
          any = true;
          auto name = group->find("eq-qosgrp");
          if (name == group->end())
            return fail(ErrorKind::invalid_input, "",
                        fmt::format("{}: a QoS group without eq-qosgrp", c.port));
          if (name->is_string() && name->get<std::string>().find("QOS GROUP") != std::string::npos)
            continue;  // CONTROL / SPAN QOS GROUP: not a traffic class
          auto q = json_counter(*name);
          if (!q || *q > 7)
            return fail(ErrorKind::invalid_input, "",
                        fmt::format("{}: eq-qosgrp '{}'", c.port, name->dump()));
          for (const json* e : rows(*group, "qosgrp_egress_stats_entry")) {
            const std::string units = e->value("eq-stat-units", "");
            const std::string type = e->value("eq-stat-type", "");
            for (const Stat& st : kStats) {
              if (type != st.type || units != st.units) continue;
              const char* stat = st.type;
              uint64_t total = 0;
              for (const char* field : {"eq-uc-stat-value", "eq-mc-stat-value"}) {
                auto v = e->find(field);
                if (v == e->end()) continue;  // multicast is absent on some rows
                auto n = json_counter(*v);
                if (!n)
                  return fail(ErrorKind::invalid_input, "",
                              fmt::format("{}: QoS group {} {} {} is not a count", c.port, *q, stat,
                                          field));
                total += *n;
              }
              s.set({c.port, sw::CounterScope::queue, static_cast<int>(*q), st.kind},
                    count(total, st.unit, c));
            }
          }
        }
    if (!any)
      return fail(
          ErrorKind::invalid_input, "",
          "no TABLE_module/TABLE_queuing_interface/TABLE_qosgrp_egress_stats in the output");
    return {};
  }

 public:
  std::vector<std::string> not_exposed() const override {
    return {"pause per priority: NX-OS RxPPP/TxPPP are per port",
            "watermark, fcs_errors, link_flaps: not read on nxos"};
  }
};

const bool registered = sw::register_counter_reader(
    "nxos", [] { return std::unique_ptr<sw::CounterReader>(new NxosCounters()); });

}  // namespace
}  // namespace rocecfg::sw::nxos
