// Parsing NVUE configuration ("nv set" lines) into the shared model. The
// parser starts from the factory defaults of CL 5.x (documented below) and
// applies every line on top, because `nv config show -o commands` lists only
// what differs from them; `nv set qos roce` switches to the RoCE defaults.
#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "common/capture.h"
#include "cumulus/cumulus.h"
#include "model/knob.h"
#include "model/qos.h"
#include "switch/interfaces.h"

namespace rocecfg::sw::cumulus {

namespace {

using model::Settings;

// Congestion control per traffic class. The thresholds are the factory ECN
// profile's (CL 5 QoS guide, "This is the default ECN configuration":
// default_ecn_red_conf min_threshold_bytes = 150000, max_threshold_bytes =
// 1500000, probability = 100; CumulusNetworks/docs content/cumulus-linux-52/
// Layer-1-and-Switch-Ports/Quality-of-Service/_index.md). The 40000/200000 of
// the same page are an example of a changed profile, not the default.
struct TcCc {
  bool ecn = false;
  uint64_t min_bytes = 150000;
  uint64_t max_bytes = 1500000;
  uint32_t probability = 100;
};

struct Sched {
  bool strict = false;
  uint8_t bw_percent = 0;
};

struct PortCfg {
  // "In Cumulus Linux, ifupdown2 assigns 9216 as the default MTU setting"
  // (CumulusNetworks/docs content/cumulus-linux-58/Layer-1-and-Switch-Ports/
  // Interface-Configuration-and-Management/Switch-Port-Attributes.md @4ec8c90a).
  uint32_t mtu_bytes = 9216;
  bool pfc_watchdog = false;
};

struct NvModel {
  // 802.1p is trusted until a mapping says otherwise: NVUE reports
  // `trust l2` as the operational value of a port with nothing applied
  // (CumulusNetworks/docs content/nvue-reference/Show-Commands/QoS.md
  // @02191e83, the `nv show interface swp1 qos mapping` example), as the
  // legacy traffic.conf's `packet_priority_source_set = [802.1p]` was.
  model::Trust trust = model::Trust::pcp;
  bool trust_both = false;
  std::array<uint8_t, 64> dscp_sp{};
  std::array<uint8_t, 8> sp_tc{};
  PriorityMask pfc;
  std::array<TcCc, 8> cc{};
  std::array<Sched, 8> sched{};
  uint32_t wd_polling_ms = 100;
  uint32_t wd_robustness = 3;
  // Buffer share of the default-lossless traffic pool: none by default, all
  // of the buffer is default-lossy (CL 5.14 QoS guide, "Flow Control
  // Buffers"); RoCE mode brings its own roce-lossless pool.
  uint32_t lossless_pool_percent = 0;
  uint32_t lossy_pool_percent = 100;
  // Which of default-lossless (or roce-lossless) and default-lossy a
  // memory-percent line stated.
  bool lossless_pool_stated = false, lossy_pool_stated = false;
  bool roce = false;
  std::optional<uint32_t> cable_length_m;  // qos pfc default-global cable-length
  std::map<std::string, PortCfg> ports;
  std::map<std::string, std::vector<std::string>> policies;
  std::vector<std::string> notes;
  // Which knobs a line stated (the rest are CL factory defaults), and the
  // QoS lines not understood, per line.
  std::set<model::Knob> stated;
  std::map<std::string, std::set<model::Knob>> port_stated;
  std::vector<sw::Unread> unread;
  // Knobs an `nv unset` left at a value this reader does not evaluate
  // (reported as not in the config) until a later line states them again.
  std::set<model::Knob> unknown;
  size_t passed_over = 0;  // `nv set` lines of no QoS or port object

  void state(std::initializer_list<model::Knob> knobs) {
    for (model::Knob k : knobs) {
      stated.insert(k);
      unknown.erase(k);
    }
  }

  NvModel() {
    // Factory, as the CL 5.8 QoS page states it (CumulusNetworks/docs
    // content/cumulus-linux-58/Layer-1-and-Switch-Ports/Quality-of-Service/
    // _index.md @33bbae46): "Trust DSCP": DSCP d -> switch-priority d/8;
    // "Egress Queues": switch priority n maps to egress queue n; "Congestion
    // Control (ECN)": default-global marks queue 0 at 150000/1500000 B, 100 %;
    // "Egress Scheduler": queues 0,2,4,6 get 12 %, queues 1,3,5,7 13 %.
    for (int d = 0; d < 64; ++d) dscp_sp[d] = static_cast<uint8_t>(d / 8);
    for (int p = 0; p < 8; ++p) sp_tc[p] = static_cast<uint8_t>(p);
    cc[0].ecn = true;
    for (int t = 0; t < 8; ++t) sched[t].bw_percent = t % 2 == 0 ? 12 : 13;
  }

  // `nv set qos roce` (lossless): the RoCE defaults of the CL 5.x RoCE page
  // (CumulusNetworks/docs, "RDMA over Converged Ethernet - RoCE": the
  // `nv show qos roce` example): trust pcp,dscp; PFC on switch-priority 3;
  // switch-priority 3 -> TC 3, 6 -> TC 6, every other -> TC 0; ECN on
  // enabled-tc 0,3 at min 146.48 KB (150000 B) max 1.43 MB (1500000 B)
  // probability 100; TC 0 and TC 3 DWRR 50 %, TC 6 strict.
  void roce_defaults() {
    trust = model::Trust::dscp;
    trust_both = true;
    pfc = PriorityMask(1u << 3);
    for (int p = 0; p < 8; ++p) sp_tc[p] = p == 3 || p == 6 ? static_cast<uint8_t>(p) : 0;
    for (auto& c : cc) c = TcCc{};
    cc[0] = TcCc{true, 150000, 1500000, 100};
    cc[3] = TcCc{true, 150000, 1500000, 100};
    for (int t = 0; t < 8; ++t) sched[t] = Sched{false, 0};
    sched[0].bw_percent = 50;
    sched[3].bw_percent = 50;
    sched[6].strict = true;
  }
};

std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  std::istringstream in{std::string(line)};
  for (std::string w; in >> w;) {
    if (w.size() >= 2 && (w.front() == '\'' || w.front() == '"') && w.back() == w.front())
      w = w.substr(1, w.size() - 2);
    out.push_back(w);
  }
  return out;
}

Result<uint64_t> number(const std::string& s, uint64_t max) {
  uint64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v > max)
    return fail(ErrorKind::invalid_input, s, fmt::format("expected a number up to {}", max));
  return v;
}

// "0,3", "24-31", "3": the lists NVUE accepts wherever it takes an index.
Result<std::vector<unsigned>> index_list(const std::string& s, unsigned max) {
  std::vector<unsigned> out;
  std::istringstream in(s);
  for (std::string item; std::getline(in, item, ',');) {
    size_t dash = item.find('-');
    auto a = number(item.substr(0, dash), max);
    if (!a) return std::unexpected(a.error());
    uint64_t b = *a;
    if (dash != std::string::npos) {
      auto e = number(item.substr(dash + 1), max);
      if (!e) return std::unexpected(e.error());
      b = *e;
    }
    if (b < *a) return fail(ErrorKind::invalid_input, s, "reversed range");
    for (uint64_t i = *a; i <= b; ++i) out.push_back(static_cast<unsigned>(i));
  }
  if (out.empty()) return fail(ErrorKind::invalid_input, s, "empty list");
  return out;
}

// The line as NVUE reads it, for a note: "nv " and the words after it.
std::string command_text(const std::vector<std::string>& w) {
  std::string text = "nv";
  for (const std::string& x : w) text += " " + x;
  return text;
}

Status apply_qos(NvModel& m, const std::vector<std::string>& w, size_t i, int line_no) {
  // w[i] is the word after "qos".
  auto at = [&](size_t k) -> const std::string& {
    static const std::string none;
    return i + k < w.size() ? w[i + k] : none;
  };
  auto bad = [&](const std::string& why) {
    return fail(ErrorKind::invalid_input, fmt::format("line {}", line_no), why);
  };
  const std::string& kind = at(0);
  using model::Knob;
  auto ignored = [&](const char* why) {
    m.unread.push_back({line_no, command_text(w), why});
    return Status{};
  };
  if (kind == "roce") {
    m.state({Knob::trust, Knob::pfc, Knob::ecn, Knob::ecn_priorities, Knob::ets});
    // "nv set qos roce", "... mode lossless", "... enable on" (<=5.14),
    // "... state enabled" (>=5.15).
    bool off = (at(1) == "enable" && at(2) == "off") || (at(1) == "state" && at(2) == "disabled");
    if (at(1) == "mode" && at(2) == "lossy") {
      m.notes.push_back("qos roce mode lossy: RoCE defaults without PFC");
      m.roce_defaults();
      m.pfc = PriorityMask();
    } else if (!off) {
      m.roce_defaults();
      m.roce = true;
    }
    return {};
  }
  if (kind == "pfc-watchdog") {
    auto v = number(at(2), 100000);
    if (!v) return bad("pfc-watchdog: " + v.error().message);
    if (at(1) == "polling-interval")
      m.wd_polling_ms = static_cast<uint32_t>(*v);
    else if (at(1) == "robustness")
      m.wd_robustness = static_cast<uint32_t>(*v);
    else
      return ignored("not understood");
    return {};
  }
  // Traffic pools are named by pool, not by profile.
  if (kind == "traffic-pool" && at(2) == "memory-percent") {
    auto v = number(at(3), 100);
    if (!v) return bad("traffic-pool memory-percent: " + v.error().message);
    if (at(1) == "default-lossless" || at(1) == "roce-lossless")
      m.lossless_pool_percent = static_cast<uint32_t>(*v), m.lossless_pool_stated = true;
    else if (at(1) == "default-lossy")
      m.lossy_pool_percent = static_cast<uint32_t>(*v), m.lossy_pool_stated = true;
    m.state({Knob::buffers});
    return {};
  }
  if (kind == "traffic-pool") return ignored("traffic pool switch priorities are not read");
  const std::string& profile = at(1);
  if (profile != "default-global") {
    m.notes.push_back(fmt::format("qos {} profile {:?} is not default-global; shown under policies",
                                  kind, profile));
    m.policies[kind + " " + profile];
    return {};
  }
  if (kind == "mapping") {
    if (at(2) == "trust") {
      m.state({Knob::trust});
      m.trust_both = at(3) == "both";
      m.trust = (at(3) == "l3" || at(3) == "both") ? model::Trust::dscp : model::Trust::pcp;
      if (at(3) == "port") m.notes.push_back("trust port: every packet takes the port priority");
      return {};
    }
    if (at(2) == "dscp" && at(4) == "switch-priority") {
      auto ds = index_list(at(3), 63);
      auto sp = number(at(5), 7);
      if (!ds || !sp) return bad("mapping dscp: expected dscp <0-63 list> switch-priority <0-7>");
      for (unsigned d : *ds) m.dscp_sp[d] = static_cast<uint8_t>(*sp);
      m.state({Knob::dscp_map});
      return {};
    }
    return ignored("pcp mapping is not part of the model");
  }
  if (kind == "egress-queue-mapping" && at(2) == "switch-priority" && at(4) == "traffic-class") {
    auto sps = index_list(at(3), 7);
    auto tc = number(at(5), 7);
    if (!sps || !tc) return bad("egress-queue-mapping: expected switch-priority N traffic-class M");
    for (unsigned p : *sps) m.sp_tc[p] = static_cast<uint8_t>(*tc);
    m.state({Knob::ets});
    return {};
  }
  if (kind == "pfc") {
    if (at(2) == "switch-priority") {
      auto sps = index_list(at(3), 7);
      if (!sps) return bad("pfc switch-priority: " + sps.error().message);
      PriorityMask mask;
      for (unsigned p : *sps) mask.set(Priority::unchecked(p));
      m.pfc = mask;
      m.state({Knob::pfc});
      return {};
    }
    if (at(2) == "cable-length") {
      auto v = number(at(3), 100000);
      if (!v) return bad("pfc cable-length: " + v.error().message);
      m.cable_length_m = static_cast<uint32_t>(*v);
      m.state({Knob::buffers});
      return {};
    }
    return ignored("PFC buffer tuning is not part of the model");
  }
  if (kind == "congestion-control" && at(2) == "traffic-class") {
    auto tcs = index_list(at(3), 7);
    if (!tcs) return bad("congestion-control traffic-class: " + tcs.error().message);
    const std::string& key = at(4);
    if (key != "ecn" && key != "min-threshold" && key != "max-threshold" && key != "probability")
      return ignored("not understood");
    m.state({key == "ecn" ? Knob::ecn_priorities : Knob::ecn});
    for (unsigned t : *tcs) {
      TcCc& c = m.cc[t];
      if (key == "ecn")
        c.ecn = at(5) == "enable";
      else if (key == "min-threshold" || key == "max-threshold") {
        auto v = number(at(5), 1ull << 40);
        if (!v) return bad(key + ": " + v.error().message);
        (key == "min-threshold" ? c.min_bytes : c.max_bytes) = *v;
      } else if (key == "probability") {
        auto v = number(at(5), 100);
        if (!v) return bad("probability: " + v.error().message);
        c.probability = static_cast<uint32_t>(*v);
      }
    }
    return {};
  }
  if (kind == "egress-scheduler" && at(2) == "traffic-class") {
    auto tcs = index_list(at(3), 7);
    if (!tcs) return bad("egress-scheduler traffic-class: " + tcs.error().message);
    if (at(4) != "mode" && at(4) != "bw-percent") return ignored("not understood");
    m.state({Knob::ets});
    for (unsigned t : *tcs) {
      if (at(4) == "mode")
        m.sched[t].strict = at(5) == "strict";
      else if (at(4) == "bw-percent") {
        auto v = number(at(5), 100);
        if (!v) return bad("bw-percent: " + v.error().message);
        m.sched[t].bw_percent = static_cast<uint8_t>(*v);
      }
    }
    return {};
  }
  return ignored("not understood");
}

// The interfaces of an `nv set interface <id>` line: a range NVUE expands
// ("swp1-4,swp6"), or one name of NVUE's own (DPU interfaces such as
// `pf0vf0_if` carry `_`, which no range holds). std::nullopt: no name.
std::optional<std::vector<std::string>> interface_names(const std::string& id) {
  if (auto names = sw::expand_interface_list(id)) return *names;
  if (id.empty() || id.size() > 64) return std::nullopt;
  for (char c : id)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.')
      return std::nullopt;
  return std::vector<std::string>{id};
}

bool front_panel(const std::string& n) {
  return !(n == "lo" || n == "eth0" || n.starts_with("bond") || n.starts_with("vlan") ||
           n.starts_with("br"));
}

Status apply_interface(NvModel& m, const std::vector<std::string>& w, int line_no) {
  // w: set interface <range> ...
  auto names = interface_names(w[2]);
  bool mtu = w.size() >= 6 && w[3] == "link" && w[4] == "mtu";
  bool qos = w.size() >= 5 && w[3] == "qos";
  if (!names) {
    if (mtu || qos) {
      m.unread.push_back({line_no, command_text(w), "interface name not understood"});
    } else {
      ++m.passed_over;
    }
    return {};
  }
  if (!mtu && !qos) ++m.passed_over;
  for (const std::string& n : *names) {
    if (!front_panel(n)) continue;
    PortCfg& p = m.ports[n];
    if (mtu) {
      auto v = number(w[5], 65535);
      if (!v) return wrap(v.error(), fmt::format("line {}: mtu", line_no));
      p.mtu_bytes = static_cast<uint32_t>(*v);
      m.port_stated[n].insert(model::Knob::mtu);
    } else if (qos && w[4] == "pfc-watchdog") {
      p.pfc_watchdog = !(w.size() >= 7 && w[5] == "state" && w[6] == "disable");
      m.port_stated[n].insert(model::Knob::pfc_watchdog);
    } else if (w.size() >= 7 && qos && w[5] == "profile") {
      m.policies[w[4] + " " + w[6]].push_back(n);
    }
  }
  return {};
}

// `nv unset ...` (w without "nv"): what it removes goes back to the factory
// value where that is known (the whole `qos` tree, a port's MTU or its PFC
// watchdog); a part of the QoS tree the reader cannot put back is unknown
// until a later line states it again, so nothing is reported in sync for it.
Status apply_unset(NvModel& m, const std::vector<std::string>& w, int line_no) {
  using model::Knob;
  std::string text = command_text(w);
  if (w[1] == "qos" && w.size() == 2) {
    NvModel fresh;
    fresh.ports = std::move(m.ports);
    fresh.port_stated = std::move(m.port_stated);
    fresh.policies = std::move(m.policies);
    fresh.notes = std::move(m.notes);
    fresh.unread = std::move(m.unread);
    fresh.passed_over = m.passed_over;
    // Per-interface settings (MTU, the watchdog's state) are not under qos: kept.
    m = std::move(fresh);
    m.notes.push_back(
        fmt::format("line {}: nv unset qos: QoS back to the factory defaults", line_no));
    return {};
  }
  if (w[1] == "qos") {
    const std::string& part = w[2];
    std::set<Knob> knobs;
    if (part == "roce")
      knobs = {Knob::trust, Knob::pfc, Knob::ecn, Knob::ecn_priorities, Knob::ets, Knob::dscp_map};
    else if (part == "mapping")
      knobs = {Knob::trust, Knob::dscp_map};
    else if (part == "pfc")
      knobs = {Knob::pfc, Knob::buffers};
    else if (part == "traffic-pool")
      knobs = {Knob::buffers};
    else if (part == "congestion-control")
      knobs = {Knob::ecn, Knob::ecn_priorities};
    else if (part == "egress-scheduler" || part == "egress-queue-mapping")
      knobs = {Knob::ets};
    else if (part == "pfc-watchdog")
      knobs = {Knob::pfc_watchdog};
    if (knobs.empty()) {
      ++m.passed_over;
      return {};
    }
    m.unknown.insert(knobs.begin(), knobs.end());
    m.unread.push_back({line_no, text, "nv unset of a QoS setting: its value is not known"});
    return {};
  }
  if (w[1] != "interface" || w.size() < 3) {
    ++m.passed_over;
    return {};
  }
  auto names = interface_names(w[2]);
  if (!names) {
    m.unread.push_back({line_no, text, "interface name not understood"});
    return {};
  }
  bool all = w.size() == 3;
  bool mtu = all || (w.size() >= 4 && w[3] == "link" && (w.size() == 4 || w[4] == "mtu"));
  bool wd = all || (w.size() >= 4 && w[3] == "qos" && (w.size() == 4 || w[4] == "pfc-watchdog"));
  if (!mtu && !wd) ++m.passed_over;
  for (const std::string& n : *names) {
    if (!front_panel(n)) continue;
    auto it = m.ports.find(n);
    if (it == m.ports.end()) continue;
    if (mtu) {
      it->second.mtu_bytes = PortCfg{}.mtu_bytes;
      m.port_stated[n].erase(Knob::mtu);
    }
    if (wd) {
      it->second.pfc_watchdog = false;
      m.port_stated[n].erase(Knob::pfc_watchdog);
    }
  }
  return {};
}

sw::SwitchState to_state(const NvModel& m) {
  sw::SwitchState st;
  Settings& g = st.global;
  g.trust = m.trust;
  // Every number in the model was range-checked as its line was read.
  model::DscpPriorityMap map;
  for (unsigned d = 0; d < 64; ++d) map[Dscp::unchecked(d)] = Priority::unchecked(m.dscp_sp[d]);
  g.dscp_priority = map;
  g.pfc_enabled = m.pfc;
  if (!m.pfc.empty() && !m.roce && m.lossless_pool_percent == 0)
    st.notes.push_back(fmt::format(
        "PFC on switch-priority {} without a lossless traffic pool: all of the buffer is "
        "default-lossy (set qos traffic-pool default-lossless memory-percent)",
        m.pfc.to_string()));
  if (m.cable_length_m) {
    g.buffers.emplace();
    g.buffers->cable_length_m = m.cable_length_m;
  }
  // The pools' split: both as stated, else the factory's (all of the buffer
  // default-lossy). One pool stated alone is half a split (a fragment, or
  // pools beyond 100 % that NVUE would refuse): said, not read. RoCE mode's
  // own pool has no size the config states.
  if (m.lossless_pool_stated != m.lossy_pool_stated) {
    st.notes.push_back(
        fmt::format("traffic-pool: only {} has a memory-percent; the buffer's split is not read",
                    m.lossless_pool_stated ? "the lossless pool" : "default-lossy"));
  } else if (m.lossless_pool_stated || !m.roce) {
    if (!g.buffers) g.buffers.emplace();
    g.buffers->shared = model::SharedSplit{m.lossless_pool_percent, m.lossy_pool_percent, {}, {}};
  }
  model::Ets ets;
  for (int i = 0; i < 8; ++i) {
    ets.prio_tc[i] = TrafficClass::unchecked(m.sp_tc[i]);
    ets.tc_tsa[i] = m.sched[i].strict ? model::Tsa::strict : model::Tsa::ets;
    ets.tc_bandwidth_percent[i] = m.sched[i].strict ? 0 : m.sched[i].bw_percent;
  }
  g.ets = ets;
  // ECN is configured per traffic class; the model holds the priorities those
  // classes serve (through the egress-queue-mapping read above) and one
  // threshold set, taken from the lowest marked class.
  std::set<TrafficClass> marked;
  std::optional<model::Ecn> ecn;
  for (int t = 0; t < 8; ++t) {
    if (!m.cc[t].ecn) continue;
    marked.insert(TrafficClass::unchecked(static_cast<unsigned>(t)));
    model::Ecn e{m.cc[t].min_bytes, m.cc[t].max_bytes, m.cc[t].probability};
    if (!ecn)
      ecn = e;
    else if (*ecn != e)
      st.notes.push_back(fmt::format("traffic-class {} has different ECN thresholds", t));
  }
  g.ecn_priorities = model::priorities_served(ets.prio_tc, marked);
  g.ecn = ecn;
  for (const auto& [name, p] : m.ports) {
    Settings& s = st.ports[name];
    s.mtu_bytes = p.mtu_bytes;
    if (p.pfc_watchdog) {
      uint32_t detect = m.wd_polling_ms * m.wd_robustness;
      // Spectrum restores after the same number of polls and drops while stormed.
      s.pfc_watchdog = model::PfcWatchdog{detect, detect, model::WatchdogAction::drop};
    }
  }
  st.policies = m.policies;
  st.notes.insert(st.notes.end(), m.notes.begin(), m.notes.end());
  using model::Knob;
  for (Knob k :
       {Knob::trust, Knob::dscp_map, Knob::pfc, Knob::ets, Knob::ecn, Knob::ecn_priorities})
    if (!m.stated.contains(k))
      st.mark(sw::kGlobalTarget, k, sw::Source::vendor_default, "CL 5.x factory default");
  if (g.buffers && !m.stated.contains(Knob::buffers))
    st.mark(sw::kGlobalTarget, Knob::buffers, sw::Source::vendor_default,
            "CL 5.x factory default: all of the buffer default-lossy");
  for (const auto& [name, p] : m.ports) {
    auto it = m.port_stated.find(name);
    for (Knob k : {Knob::mtu, Knob::pfc_watchdog})
      if (it == m.port_stated.end() || !it->second.contains(k))
        st.mark(name, k, sw::Source::vendor_default,
                k == Knob::mtu ? "9216 (CL default)" : "PFC watchdog off (CL default)");
      else if (k == Knob::pfc_watchdog && !p.pfc_watchdog)
        // `qos pfc-watchdog state disable`: known off, not missing.
        st.mark(name, k, sw::Source::configured, "pfc-watchdog state disable");
  }
  for (model::Knob k : m.unknown) {
    model::knob_assign(g, model::Settings{}, k);
    st.origins[std::string(sw::kGlobalTarget)].erase(k);
    for (auto& [name, s] : st.ports)
      if (k == model::Knob::pfc_watchdog) {
        s.pfc_watchdog.reset();
        st.origins[name].erase(k);
      }
  }
  for (const sw::Unread& u : m.unread) st.unread(u.line, u.text, u.why);
  sw::pass_over(st, m.passed_over, "nv set lines that are not QoS or port MTU");
  if (m.trust_both) st.notes.push_back("trust both (pcp,dscp): DSCP classification wins for IP");
  return st;
}

}  // namespace

Result<sw::SwitchState> parse_nv_commands(std::string_view text) {
  NvModel m;
  std::istringstream in{std::string(text)};
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    std::vector<std::string> w = words(line);
    // Runbooks paste commands as `sudo nv set ...`; recognise_backup accepts
    // them, so they are read, not dropped.
    if (!w.empty() && w[0] == "sudo") w.erase(w.begin());
    if (w.size() < 3 || w[0] != "nv") continue;
    if (w[1] != "set" && w[1] != "unset") continue;  // nv config / show / action
    bool unset = w[1] == "unset";
    w.erase(w.begin());  // "set ..." / "unset ..."
    Status ok;
    if (unset)
      ok = apply_unset(m, w, line_no);
    else if (w[1] == "qos")
      ok = apply_qos(m, w, 2, line_no);
    else if (w[1] == "interface" && w.size() >= 3)
      ok = apply_interface(m, w, line_no);
    else
      ++m.passed_over;
    if (!ok) return std::unexpected(ok.error());
  }
  return to_state(m);
}

}  // namespace rocecfg::sw::cumulus
