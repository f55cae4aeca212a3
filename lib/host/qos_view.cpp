#include "host/qos_view.h"

#include <algorithm>

#include <fmt/format.h>

#include "host/discovery.h"
#include "host/lldp.h"
#include "host/nic_adapter.h"
#include "model/dcqcn_params.h"
#include "model/path_mtu.h"
#include "plan/render.h"

namespace rocecfg::host {

using model::Knob;

namespace {

// An intent that manages every host knob, so observe() reads them all. The
// values are never written: only which fields are present matters (and the
// DCQCN parameter names, which tell the NIC adapter what to read).
model::Settings ask_everything() {
  model::Settings s;
  s.mtu_bytes = 1500;
  s.ets = model::Ets{};
  s.buffers = model::Buffers{};
  s.pfc_enabled = PriorityMask{};
  s.trust = model::Trust::dscp;
  s.dscp_priority = model::DscpPriorityMap{};
  s.ecn_priorities = PriorityMask{};
  model::Dcqcn d;
  d.enabled = true;
  for (const model::DcqcnParam& p : model::dcqcn_params()) d.params[std::string(p.name)] = p.min;
  s.dcqcn = d;
  s.cnp = model::Cnp{};
  s.roce_mode = model::RoceMode::v2;
  s.roce_tos = 0;
  return s;
}

bool is_switch_only(Knob k) {
  return k == Knob::ecn || k == Knob::pfc_watchdog;
}

// Where LinuxHost reads each knob (linux_host.h's table, from the caller's side).
std::string source_of(Knob k, const std::string& nic_family) {
  if (k == Knob::mtu) return "rtnetlink";
  if (is_dcb_knob(k)) return "dcbnl";
  if (is_nic_family_knob(k)) return nic_family.empty() ? "no NIC adapter" : nic_family;
  return "rdma_cm configfs";
}

const char* reading_name(QosReading r) {
  switch (r) {
    case QosReading::ok:
      return "ok";
    case QosReading::unsupported:
      return "unsupported";
    case QosReading::unreadable:
      return "unreadable";
  }
  return "?";
}

std::string on_off(bool b) {
  return b ? "on" : "off";
}

// One row per priority: "enabled  -  -  -  on ...".
std::string priority_row(const std::string& label, const std::array<std::string, 8>& cells) {
  std::string out = fmt::format("{:<10}", label);
  for (const std::string& c : cells) out += fmt::format("{:>4}", c);
  return out;
}

// The multi-line value text of one knob; the first line sits on the knob's
// row, the others below it.
std::vector<std::string> value_lines(const model::Settings& s, Knob k) {
  switch (k) {
    case Knob::mtu:
      return {fmt::format("{} bytes", *s.mtu_bytes)};
    case Knob::pfc: {
      std::array<std::string, 8> prio, on;
      for (unsigned p = 0; p < 8; ++p) {
        prio[p] = std::to_string(p);
        on[p] = s.pfc_enabled->has(Priority::unchecked(p)) ? "on" : "-";
      }
      return {priority_row("priority", prio), priority_row("enabled", on)};
    }
    case Knob::ets: {
      std::vector<std::string> out = {"tc  tsa     bw%  priorities"};
      for (unsigned tc = 0; tc < 8; ++tc) {
        std::vector<std::string> prios;
        for (unsigned p = 0; p < 8; ++p)
          if (s.ets->prio_tc[p].value() == tc) prios.push_back(std::to_string(p));
        if (prios.empty() && s.ets->tc_bandwidth_percent[tc] == 0) continue;
        model::Tsa tsa = s.ets->tc_tsa[tc];
        std::string bw = tsa == model::Tsa::ets ? std::to_string(s.ets->tc_bandwidth_percent[tc])
                                                : std::string("-");
        out.push_back(fmt::format(
            "{:<3} {:<7} {:>3}  {}", tc, model::to_string(tsa), bw,
            prios.empty() ? std::string("-") : fmt::format("{}", fmt::join(prios, " "))));
      }
      return out;
    }
    case Knob::buffers: {
      std::vector<std::string> out;
      const model::Buffers& b = *s.buffers;
      if (b.prio_buffer) {
        std::array<std::string, 8> prio, buf;
        for (unsigned p = 0; p < 8; ++p) {
          prio[p] = std::to_string(p);
          buf[p] = std::to_string((*b.prio_buffer)[p]);
        }
        out.push_back(priority_row("priority", prio));
        out.push_back(priority_row("buffer", buf));
      }
      if (b.buffer_size_bytes) {
        std::vector<std::string> sizes;
        for (unsigned i = 0; i < 8; ++i)
          if ((*b.buffer_size_bytes)[i] != 0)
            sizes.push_back(fmt::format("{}: {} B", i, (*b.buffer_size_bytes)[i]));
        out.push_back("sizes     " + (sizes.empty() ? std::string("all 0 B")
                                                    : fmt::format("{}", fmt::join(sizes, ", "))));
      }
      if (b.cable_length_m)
        out.push_back(fmt::format("cable     {} m (PFC delay field)", *b.cable_length_m));
      if (out.empty()) out.push_back("-");
      return out;
    }
    case Knob::trust:
      return {model::to_string(*s.trust)};
    case Knob::dscp_map:
      return {model::dscp_map_text(*s.dscp_priority)};
    case Knob::ecn_priorities:
      return {fmt::format("priorities {}", s.ecn_priorities->to_string())};
    case Knob::dcqcn: {
      std::vector<std::string> out = {on_off(s.dcqcn->enabled)};
      for (const auto& [name, value] : s.dcqcn->params)
        out.push_back(fmt::format("{:<30} {}", name, value));
      return out;
    }
    case Knob::cnp:
      return {fmt::format("dscp {}, priority {}", s.cnp->dscp, s.cnp->priority)};
    case Knob::roce_mode:
      return {model::to_string(*s.roce_mode)};
    case Knob::roce_tos:
      return {
          fmt::format("{} (DSCP {}, ECN bits {})", *s.roce_tos, *s.roce_tos >> 2, *s.roce_tos & 3)};
    default:
      return {model::knob_value_text(s, k)};
  }
}

// Observation::warnings speak about the intent's MTU; this view has no intent,
// so the one note worth making is about the MTU the interface has.
std::optional<std::string> path_mtu_note(const Observation& o) {
  if (!o.observed.mtu_bytes) return std::nullopt;
  uint32_t path = model::roce_path_mtu_for(*o.observed.mtu_bytes);
  if (path >= 4096) return std::nullopt;
  return fmt::format("MTU {} limits the RoCE path MTU to {}", *o.observed.mtu_bytes, path);
}

// Who else can set PFC/ETS here, as facts: the verdict against a profile's
// [dcbx] owner is doctor's (qos_owner_findings).
std::vector<std::string> owner_lines(const QosOwnership& w) {
  return {w.dcbx_mode ? "dcbx " + dcbx_mode_text(*w.dcbx_mode)
                      : "dcbx none" + (w.dcbx_error.empty() ? "" : ": " + w.dcbx_error),
          w.host_agent ? *w.host_agent + " running (negotiates DCBX where it receives LLDP)"
                       : "lldpad not running",
          w.firmware.willing
              ? fmt::format("firmware DCBX willing {}", *w.firmware.willing ? "yes" : "no")
              : "firmware DCBX willing unknown (NIC firmware parameters not read)"};
}

}  // namespace

QosView observe_qos(LinuxHost& host, const FsRoot& fs, const std::string& ifname) {
  QosView v;
  v.observation = host.observe(ifname, ask_everything());
  const Observation& o = v.observation;
  if (!o.found) return v;
  for (Knob k : model::all_knobs()) {
    // The job libraries' files and the OFED override are the workload's
    // view (rocecfg env, doctor), not the NIC's QoS.
    if (is_switch_only(k) || model::is_host_wide(k) || k == Knob::device_traffic_class) continue;
    QosEntry e{k, source_of(k, o.nic_family), QosReading::ok, ""};
    if (o.unsupported.count(k)) {
      e.reading = QosReading::unsupported;
      e.note = o.why_unsupported.count(k) ? o.why_unsupported.at(k) : "";
    } else if (o.unreadable_knobs.count(k) || !model::knob_present(o.observed, k)) {
      e.reading = QosReading::unreadable;
      for (const Error& err : o.unreadable)
        if (e.note.empty()) e.note = err.message;
    }
    // A DCB refusal (no DCB ops, DCBX owned by an agent) explains every DCB knob.
    if (e.reading != QosReading::ok && e.note.empty() && is_dcb_knob(k) && !o.refusals.empty())
      e.note = o.refusals.front().message;
    v.entries.push_back(std::move(e));
  }
  if (Result<LinkPause> p = link_pause(ifname))
    v.link_pause = *p;
  else
    v.link_pause_note = p.error().message;
  if (!o.netdev.rdma_device.empty())
    v.active_mtu_bytes = active_mtu(fs, o.netdev.rdma_device, o.netdev.rdma_port);
  v.owner = {ifname, o.dcbx_mode, "", running_dcbx_agent(fs), {}, firmware_dcbx_unknown(ifname)};
  if (!o.dcbx_mode)
    for (const QosEntry& e : v.entries)
      if (e.knob == Knob::pfc && e.reading != QosReading::ok) v.owner.dcbx_error = e.note;
  return v;
}

std::string render_qos_text(const std::vector<QosView>& views) {
  std::string out;
  for (const QosView& v : views) {
    const Observation& o = v.observation;
    if (!out.empty()) out += "\n";
    if (!o.found) {
      out += fmt::format("{}: {}\n", o.netdev.name,
                         o.refusals.empty() ? "not found" : o.refusals.front().message);
      continue;
    }
    const Netdev& n = o.netdev;
    out += fmt::format("{}  driver {}, {}\n", n.name, n.driver.empty() ? "unknown" : n.driver,
                       n.rdma_device.empty()
                           ? std::string("no RDMA device")
                           : fmt::format("RDMA {} port {}", n.rdma_device, n.rdma_port));
    // knob | source | value; continuation lines under the value column. The
    // source column is as wide as this interface's longest source.
    size_t source_width = std::string("computed").size();
    for (const QosEntry& e : v.entries) source_width = std::max(source_width, e.source.size());
    auto row = [&](const std::string& name, const std::vector<std::string>& lines,
                   const std::string& source) {
      for (size_t i = 0; i < lines.size(); ++i)
        out += fmt::format("  {:<16}{:<{}}  {}\n", i == 0 ? name : "", i == 0 ? source : "",
                           source_width, lines[i]);
    };
    for (const QosEntry& e : v.entries) {
      std::string name(model::knob_name(e.knob));
      if (e.reading == QosReading::ok)
        row(name, value_lines(o.observed, e.knob), e.source);
      else
        row(name,
            {fmt::format("{}{}", reading_name(e.reading), e.note.empty() ? "" : ": " + e.note)},
            e.source);
      if (e.knob == Knob::mtu && e.reading == QosReading::ok) {
        std::string path =
            fmt::format("{} (from the MTU)", model::roce_path_mtu_for(*o.observed.mtu_bytes));
        if (v.active_mtu_bytes) path += fmt::format(", active {}", *v.active_mtu_bytes);
        row("roce path mtu", {path}, v.active_mtu_bytes ? "verbs" : "computed");
      }
    }
    if (v.link_pause)
      row("link pause",
          {fmt::format("autoneg {}, rx {}, tx {}", on_off(v.link_pause->autoneg),
                       on_off(v.link_pause->rx), on_off(v.link_pause->tx))},
          "ethtool");
    else
      row("link pause", {"unreadable: " + v.link_pause_note}, "ethtool");
    row("qos owner", owner_lines(v.owner), "dcbnl, /proc");
    if (std::optional<std::string> note = path_mtu_note(o))
      out += fmt::format("  note: {}\n", *note);
  }
  return out;
}

nlohmann::json qos_json(const std::vector<QosView>& views) {
  nlohmann::json arr = nlohmann::json::array();
  for (const QosView& v : views) {
    const Observation& o = v.observation;
    nlohmann::json j = {{"interface", o.netdev.name}, {"found", o.found}};
    if (!o.found) {
      j["error"] = o.refusals.empty() ? "not found" : o.refusals.front().message;
      arr.push_back(j);
      continue;
    }
    j["driver"] = o.netdev.driver;
    j["rdma_device"] = o.netdev.rdma_device.empty() ? nlohmann::json(nullptr)
                                                    : nlohmann::json(o.netdev.rdma_device);
    j["nic_family"] = o.nic_family;
    nlohmann::json knobs = nlohmann::json::object();
    for (const QosEntry& e : v.entries) {
      nlohmann::json k = {{"source", e.source}, {"reading", reading_name(e.reading)}};
      if (e.reading == QosReading::ok)
        k["value"] = plan::knob_json(o.observed, e.knob);
      else
        k["note"] = e.note;
      knobs[std::string(model::knob_name(e.knob))] = k;
    }
    j["knobs"] = knobs;
    if (o.observed.mtu_bytes) {
      j["roce_path_mtu"] = {{"from_mtu", model::roce_path_mtu_for(*o.observed.mtu_bytes)},
                            {"active", v.active_mtu_bytes ? nlohmann::json(*v.active_mtu_bytes)
                                                          : nlohmann::json(nullptr)}};
    }
    if (v.link_pause)
      j["link_pause"] = {{"source", "ethtool"},
                         {"autoneg", v.link_pause->autoneg},
                         {"rx", v.link_pause->rx},
                         {"tx", v.link_pause->tx}};
    else
      j["link_pause"] = {
          {"source", "ethtool"}, {"reading", "unreadable"}, {"note", v.link_pause_note}};
    const QosOwnership& w = v.owner;
    j["qos_owner"] = {
        {"dcbx_mode", w.dcbx_mode ? nlohmann::json(*w.dcbx_mode) : nlohmann::json(nullptr)},
        {"dcbx", owner_lines(w).front()},
        {"lldpad", w.host_agent ? nlohmann::json(*w.host_agent) : nlohmann::json(nullptr)},
        {"firmware_willing",
         w.firmware.willing ? nlohmann::json(*w.firmware.willing) : nlohmann::json(nullptr)},
        {"firmware_note", w.firmware.source}};
    j["warnings"] = nlohmann::json::array();
    if (std::optional<std::string> note = path_mtu_note(o)) j["warnings"].push_back(*note);
    arr.push_back(j);
  }
  return {{"interfaces", arr}};
}

}  // namespace rocecfg::host
