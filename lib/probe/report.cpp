#include "probe/report.h"

#include <map>
#include <string_view>

#include <fmt/format.h>

#include "probe/grh.h"
#include "probe/marking_verdict.h"

namespace rocecfg::probe {
namespace {

// Counter deltas worth a line: anything but plain traffic, and only if it moved.
bool interesting(const std::string& key, uint64_t v) {
  if (v == 0) return false;
  auto colon = key.rfind(':');
  CounterClass c = classify(colon == std::string::npos ? key : key.substr(colon + 1));
  return c != CounterClass::other && c != CounterClass::packets;
}

// Per-priority pause, pause-duration and discard deltas of one phase, zeros
// included: "priority 3: 0 pause frames" is evidence, a missing line is "not
// measured". {priority: {key: delta}}.
std::map<int, std::map<std::string, uint64_t>> per_priority(const CounterMap& delta) {
  std::map<int, std::map<std::string, uint64_t>> out;
  for (const auto& [key, v] : delta) {
    auto colon = key.rfind(':');
    std::string_view name = colon == std::string::npos ? std::string_view(key)
                                                       : std::string_view(key).substr(colon + 1);
    CounterClass c = classify(name);
    if (c != CounterClass::pause && c != CounterClass::pause_duration && c != CounterClass::discard)
      continue;
    if (auto prio = counter_priority(name)) out[prio->value()][key] = v;
  }
  return out;
}

// "ToS 106 (DSCP 26, ECN ECT(0)) x 150, ToS 107 (DSCP 26, ECN CE) x 50"
std::string arrived_text(const MarkingTally& t) {
  std::string s;
  for (const auto& [tos, n] : t.by_tos)
    s += fmt::format("{}{} x {}", s.empty() ? "" : ", ", describe_tos(tos), n);
  if (t.unreadable)
    s += fmt::format("{}no readable header x {}", s.empty() ? "" : ", ", t.unreadable);
  return s.empty() ? "nothing" : s;
}

}  // namespace

std::string render_text(const ProbeReport& r, const Verdict& v) {
  std::string out;
  const TestOutcome* o = r.first_outcome();
  out += fmt::format("probe: {} {} -> {} ({}), op {}, {} QP{}, ToS {}{}\n", r.mode,
                     r.local_device.empty() ? "?" : r.local_device, o ? o->remote_device : "?",
                     r.server, to_string(r.op), r.qps, r.qps == 1 ? "" : "s", r.tos,
                     r.tos_source.empty() ? "" : fmt::format(" ({})", r.tos_source));
  if (o) {
    out += fmt::format("  local GID  {} index {} ({})\n", gid_display(o->local_gid.entry.gid),
                       o->local_gid.entry.index, o->local_gid.reason);
    out += fmt::format("  remote GID {} index {}\n", o->remote_gid, o->remote_gid_index);
    out += fmt::format("  path MTU   {} (ports {} / {})\n", o->path_mtu_bytes,
                       o->local_port_mtu_bytes, o->remote_port_mtu_bytes);
  }
  out += fmt::format("\n{:<7} {:<4} {:>7} {:>9} {:>9} {:>9} {:>8} {:>9} {:>9} {:>9} {:>9} {:>8}\n",
                     "phase", "test", "size", "Gb/s", "peak", "min", "Mmsg/s", "p50 us", "p99 us",
                     "p99.9 us", "max us", "setup ms");
  for (const TestRecord& t : r.tests) {
    std::string head =
        fmt::format("{:<7} {:<4} {:>7}", t.phase, to_string(t.mode), size_label(t.size_bytes));
    if (!t.outcome) {
      out += fmt::format("{} error: {}\n", head, t.error ? t.error->to_string() : "?");
      continue;
    }
    const TestOutcome& x = *t.outcome;
    if (x.bw)
      out += fmt::format(
          "{} {:>9.3f} {:>9.3f} {:>9.3f} {:>8.4f} {:>9} {:>9} {:>9} {:>9} {:>8.1f}\n", head,
          x.bw->gbps, x.bw->peak_gbps, x.bw->min_gbps, x.bw->mpps, "", "", "", "", x.setup_ms);
    else if (x.lat)
      out +=
          fmt::format("{} {:>9} {:>9} {:>9} {:>8} {:>9.1f} {:>9.1f} {:>9.1f}{} {:>9.1f} {:>8.1f}\n",
                      head, "", "", "", "", x.lat->median_us, x.lat->p99_us, x.lat->p99_9_us,
                      x.lat->p99_9_reliable ? "" : "*", x.lat->max_us, x.setup_ms);
  }
  if (!r.marking.empty()) out += "\n";
  for (const MarkingRecord& m : r.marking) {
    if (!m.outcome) {
      out +=
          fmt::format("marking ({}): error: {}\n", m.phase, m.error ? m.error->to_string() : "?");
      continue;
    }
    const MarkingOutcome& x = *m.outcome;
    const std::string via =
        x.rdma_cm ? fmt::format(" via rdma_cm ({} port {})", x.rdma_cm->device, x.rdma_cm->port)
                  : "";
    out += fmt::format("marking ({}): sent {} x {}{}; arrived {}: {}\n", m.phase,
                       describe_tos(x.sent_tos), x.sent, via, x.arrived.received,
                       arrived_text(x.arrived));
  }
  if (r.load) out += fmt::format("\n{}\n", r.load->describe());
  for (const PhaseCounters& pc : r.counters) {
    std::string moved;
    for (const auto& [k, d] : pc.delta)
      if (interesting(k, d)) moved += fmt::format("  {}+{}", k, d);
    out += fmt::format("counters ({}, {:.1f} s):{}\n", pc.phase, pc.seconds,
                       moved.empty() ? "  no errors, drops, pauses or congestion marks" : moved);
    auto prios = per_priority(pc.delta);
    if (prios.empty()) {
      out += fmt::format(
          "  per priority ({}): no per-priority pause/discard counters on these ports\n", pc.phase);
      continue;
    }
    for (const auto& [prio, counters] : prios) {
      std::string line;
      for (const auto& [k, d] : counters) line += fmt::format("  {}+{}", k, d);
      out += fmt::format("  priority {} ({}):{}\n", prio, pc.phase, line);
    }
  }
  out += fmt::format("\nverdict: {}\n", to_string(v.level));
  for (const Finding& f : v.findings)
    out += fmt::format("  {}  {}: {}\n", to_string(f.level), f.figure, f.message);
  return out;
}

nlohmann::json render_json(const ProbeReport& r, const Verdict& v) {
  using nlohmann::json;
  json j;
  j["mode"] = r.mode;
  j["local_device"] = r.local_device;
  j["server"] = r.server;
  j["op"] = to_string(r.op);
  j["qps"] = r.qps;
  j["tos"] = r.tos;
  j["tos_source"] = r.tos_source;
  if (r.link_rate_gbps) j["link_rate_gbps"] = *r.link_rate_gbps;
  if (const TestOutcome* o = r.first_outcome()) {
    j["remote_device"] = o->remote_device;
    j["local_gid"] = {{"gid", gid_display(o->local_gid.entry.gid)},
                      {"index", o->local_gid.entry.index},
                      {"reason", o->local_gid.reason}};
    j["remote_gid"] = {{"gid", o->remote_gid}, {"index", o->remote_gid_index}};
    j["path_mtu_bytes"] = o->path_mtu_bytes;
  }
  json tests = json::array();
  for (const TestRecord& t : r.tests) {
    json x{{"phase", t.phase}, {"test", to_string(t.mode)}, {"size_bytes", t.size_bytes}};
    if (t.error) x["error"] = t.error->to_string();
    if (t.outcome) {
      x["setup_ms"] = t.outcome->setup_ms;
      json steps = json::array();
      for (const auto& [step, ms] : t.outcome->setup_phases_ms)
        steps.push_back({{"step", step}, {"ms", ms}});
      x["setup_steps"] = std::move(steps);
      if (const auto& b = t.outcome->bw)
        x["bandwidth"] = {{"gbps", b->gbps},         {"peak_gbps", b->peak_gbps},
                          {"min_gbps", b->min_gbps}, {"mpps", b->mpps},
                          {"bytes", b->bytes},       {"messages", b->messages},
                          {"seconds", b->seconds}};
      if (const auto& l = t.outcome->lat)
        x["latency"] = {{"samples", l->samples},     {"min_us", l->min_us},
                        {"median_us", l->median_us}, {"p99_us", l->p99_us},
                        {"p99_9_us", l->p99_9_us},   {"max_us", l->max_us},
                        {"mean_us", l->mean_us},     {"p99_9_reliable", l->p99_9_reliable}};
    }
    tests.push_back(std::move(x));
  }
  j["tests"] = std::move(tests);
  json counters = json::array();
  for (const PhaseCounters& pc : r.counters) {
    json d = json::object();
    for (const auto& [k, val] : pc.delta)
      if (val) d[k] = val;
    json prio = json::object();
    for (const auto& [p, m] : per_priority(pc.delta)) prio[std::to_string(p)] = m;
    counters.push_back({{"phase", pc.phase},
                        {"seconds", pc.seconds},
                        {"delta", d},
                        {"per_priority", prio},
                        {"errors", pc.errors}});
  }
  j["counters"] = std::move(counters);
  json marking = json::array();
  for (const MarkingRecord& m : r.marking) {
    json x{{"phase", m.phase}};
    if (m.error) x["error"] = m.error->to_string();
    if (m.outcome) {
      const MarkingOutcome& o = *m.outcome;
      json arrived = json::array();
      uint64_t ce = 0;
      for (const auto& [tos, n] : o.arrived.by_tos) {
        arrived.push_back({{"tos", tos},
                           {"dscp", tos_dscp(tos)},
                           {"ecn", to_string(tos_ecn(tos))},
                           {"packets", n}});
        if (tos_ecn(tos) == Ecn::ce) ce += n;
      }
      x["sent"] = {{"tos", o.sent_tos},
                   {"dscp", tos_dscp(o.sent_tos)},
                   {"ecn", to_string(tos_ecn(o.sent_tos))},
                   {"packets", o.sent}};
      x["received"] = o.arrived.received;
      x["unreadable"] = o.arrived.unreadable;
      x["arrived"] = std::move(arrived);
      x["ce_marked"] = ce;
      x["remote_device"] = o.remote_device;
      x["connection"] = o.rdma_cm ? "rdma_cm" : "out_of_band";
      if (o.rdma_cm)
        x["rdma_cm"] = {{"device", o.rdma_cm->device},
                        {"port", o.rdma_cm->port},
                        {"route_tos", o.rdma_cm->route_tos}};
    }
    marking.push_back(std::move(x));
  }
  j["marking"] = std::move(marking);
  if (r.load)
    j["load"] = {{"rdma_gbps", r.load->rdma_gbps},
                 {"tcp_bytes", r.load->tcp_bytes},
                 {"seconds", r.load->seconds}};
  if (r.load_error) j["load_error"] = r.load_error->to_string();
  json findings = json::array();
  for (const Finding& f : v.findings)
    findings.push_back({{"level", to_string(f.level)},
                        {"rule", f.rule},
                        {"figure", f.figure},
                        {"message", f.message}});
  j["verdict"] = {{"level", to_string(v.level)}, {"findings", std::move(findings)}};
  j["seconds"] = r.seconds;
  return j;
}

}  // namespace rocecfg::probe
