#include "model/knob.h"

#include <array>

#include <fmt/format.h>

#include "core/units.h"

namespace rocecfg::model {

namespace {

constexpr std::array kKnobs{Knob::mtu,
                            Knob::ets,
                            Knob::buffers,
                            Knob::pfc,
                            Knob::trust,
                            Knob::dscp_map,
                            Knob::ecn_priorities,
                            Knob::ecn,
                            Knob::dcqcn,
                            Knob::cnp,
                            Knob::pfc_watchdog,
                            Knob::roce_mode,
                            Knob::roce_tos,
                            Knob::device_traffic_class,
                            Knob::nccl_conf,
                            Knob::ucx_conf,
                            Knob::job_env};

std::string entries_text(const std::map<std::string, std::string>& m) {
  if (m.empty()) return "none";
  std::string out;
  for (const auto& [k, v] : m) out += (out.empty() ? "" : " ") + k + "=" + v;
  return out;
}

template <typename T>
std::string join8(const std::array<T, 8>& a) {
  std::string out;
  for (size_t i = 0; i < 8; ++i) out += (i ? "," : "") + fmt::format("{}", a[i]);
  return out;
}

std::string ets_text(const Ets& e) {
  std::string tsa;
  for (size_t i = 0; i < 8; ++i) tsa += (i ? "," : "") + std::string(to_string(e.tc_tsa[i]));
  return fmt::format("prio_tc={} tsa={} bw={}", join8(e.prio_tc), tsa,
                     join8(e.tc_bandwidth_percent));
}

}  // namespace

PriorityMask pg_union(const std::vector<PriorityMask>& groups) {
  uint8_t bits = 0;
  for (PriorityMask g : groups) bits |= g.bits();
  return PriorityMask(bits);
}

namespace {

// "lossless 66%,headroom 24%,lossy 10%" (the partitions the split states).
std::string shared_split_text(const SharedSplit& s) {
  std::string out = fmt::format("lossless {}%", s.lossless_percent);
  if (s.headroom_percent) out += fmt::format(",headroom {}%", *s.headroom_percent);
  out += fmt::format(",lossy {}%", s.lossy_percent);
  if (s.multicast_percent) out += fmt::format(",multicast {}%", *s.multicast_percent);
  return out;
}

// The partitions the intent states, and only those.
bool shared_split_matches(const SharedSplit& want, const SharedSplit& have) {
  return want.lossless_percent == have.lossless_percent &&
         want.lossy_percent == have.lossy_percent &&
         (!want.headroom_percent || want.headroom_percent == have.headroom_percent) &&
         (!want.multicast_percent || want.multicast_percent == have.multicast_percent);
}

std::string buffers_text(const Buffers& b) {
  std::string out;
  auto add = [&](const std::string& s) { out += (out.empty() ? "" : " ") + s; };
  if (b.prio_buffer) add("prio_buffer=" + join8(*b.prio_buffer));
  if (b.buffer_size_bytes) {
    std::string sizes;
    for (size_t i = 0; i < 8; ++i)
      sizes += (i ? "," : "") + format_bytes((*b.buffer_size_bytes)[i]);
    add("size=" + sizes);
  }
  if (b.cable_length_m) add(fmt::format("cable_length={}m", *b.cable_length_m));
  if (b.headroom_bytes) add("headroom=" + format_bytes(*b.headroom_bytes));
  if (b.lossless_pgs) add("lossless_pgs=" + pg_union(*b.lossless_pgs).to_string());
  if (b.shared) add("shared=" + shared_split_text(*b.shared));
  return out.empty() ? "-" : out;
}

template <typename Map>
bool declared_entries_match(const Map& intent, const Map& observed) {
  for (const auto& [key, value] : intent) {
    auto it = observed.find(key);
    if (it == observed.end() || it->second != value) return false;
  }
  return true;
}

}  // namespace

bool is_host_wide(Knob k) {
  return k == Knob::nccl_conf || k == Knob::ucx_conf || k == Knob::job_env;
}

std::span<const Knob> all_knobs() {
  return kKnobs;
}

std::string_view knob_name(Knob k) {
  switch (k) {
    case Knob::mtu:
      return "mtu";
    case Knob::ets:
      return "ets";
    case Knob::buffers:
      return "buffers";
    case Knob::pfc:
      return "pfc";
    case Knob::trust:
      return "trust";
    case Knob::dscp_map:
      return "dscp_map";
    case Knob::ecn_priorities:
      return "ecn_priorities";
    case Knob::ecn:
      return "ecn";
    case Knob::dcqcn:
      return "dcqcn";
    case Knob::cnp:
      return "cnp";
    case Knob::pfc_watchdog:
      return "pfc_watchdog";
    case Knob::roce_mode:
      return "roce_mode";
    case Knob::roce_tos:
      return "roce_tos";
    case Knob::device_traffic_class:
      return "device_traffic_class";
    case Knob::nccl_conf:
      return "nccl_conf";
    case Knob::ucx_conf:
      return "ucx_conf";
    case Knob::job_env:
      return "job_env";
  }
  return "?";
}

std::optional<Knob> knob_from_name(std::string_view name) {
  for (Knob k : kKnobs)
    if (knob_name(k) == name) return k;
  return std::nullopt;
}

bool knob_present(const Settings& s, Knob k) {
  switch (k) {
    case Knob::mtu:
      return s.mtu_bytes.has_value();
    case Knob::ets:
      return s.ets.has_value();
    case Knob::buffers:
      return s.buffers.has_value();
    case Knob::pfc:
      return s.pfc_enabled.has_value();
    case Knob::trust:
      return s.trust.has_value();
    case Knob::dscp_map:
      return s.dscp_priority.has_value();
    case Knob::ecn_priorities:
      return s.ecn_priorities.has_value();
    case Knob::ecn:
      return s.ecn.has_value();
    case Knob::dcqcn:
      return s.dcqcn.has_value();
    case Knob::cnp:
      return s.cnp.has_value();
    case Knob::pfc_watchdog:
      return s.pfc_watchdog.has_value();
    case Knob::roce_mode:
      return s.roce_mode.has_value();
    case Knob::roce_tos:
      return s.roce_tos.has_value();
    case Knob::device_traffic_class:
      return s.device_traffic_class.has_value();
    case Knob::nccl_conf:
      return s.nccl_conf.has_value();
    case Knob::ucx_conf:
      return s.ucx_conf.has_value();
    case Knob::job_env:
      return s.job_env.has_value();
  }
  return false;
}

bool knob_satisfied(const Settings& intent, const Settings& observed, Knob k) {
  if (!knob_present(intent, k)) return true;  // not managed
  if (!knob_present(observed, k)) return false;
  switch (k) {
    case Knob::dscp_map:
      return declared_entries_match(*intent.dscp_priority, *observed.dscp_priority);
    // Only the keys rocecfg owns are compared; the file's other lines are not ours.
    case Knob::nccl_conf:
      return declared_entries_match(*intent.nccl_conf, *observed.nccl_conf);
    case Knob::ucx_conf:
      return declared_entries_match(*intent.ucx_conf, *observed.ucx_conf);
    case Knob::job_env:
      return declared_entries_match(*intent.job_env, *observed.job_env);
    case Knob::dcqcn:
      return intent.dcqcn->enabled == observed.dcqcn->enabled &&
             declared_entries_match(intent.dcqcn->params, observed.dcqcn->params);
    case Knob::buffers: {
      // Only the buffer fields the intent declares are compared.
      const Buffers& want = *intent.buffers;
      const Buffers& have = *observed.buffers;
      return (!want.prio_buffer || want.prio_buffer == have.prio_buffer) &&
             (!want.buffer_size_bytes || want.buffer_size_bytes == have.buffer_size_bytes) &&
             (!want.cable_length_m || want.cable_length_m == have.cable_length_m) &&
             (!want.headroom_bytes || want.headroom_bytes == have.headroom_bytes) &&
             (!want.lossless_pgs || (have.lossless_pgs && pg_union(*want.lossless_pgs) ==
                                                              pg_union(*have.lossless_pgs))) &&
             (!want.shared || (have.shared && shared_split_matches(*want.shared, *have.shared)));
    }
    default: {
      Settings a = knob_slice(intent, k);
      Settings b = knob_slice(observed, k);
      return a == b;
    }
  }
}

Settings knob_slice(const Settings& s, Knob k) {
  Settings out;
  knob_assign(out, s, k);
  return out;
}

void knob_assign(Settings& into, const Settings& from, Knob k) {
  switch (k) {
    case Knob::mtu:
      into.mtu_bytes = from.mtu_bytes;
      break;
    case Knob::ets:
      into.ets = from.ets;
      break;
    case Knob::buffers:
      into.buffers = from.buffers;
      break;
    case Knob::pfc:
      into.pfc_enabled = from.pfc_enabled;
      break;
    case Knob::trust:
      into.trust = from.trust;
      break;
    case Knob::dscp_map:
      into.dscp_priority = from.dscp_priority;
      break;
    case Knob::ecn_priorities:
      into.ecn_priorities = from.ecn_priorities;
      break;
    case Knob::ecn:
      into.ecn = from.ecn;
      break;
    case Knob::dcqcn:
      into.dcqcn = from.dcqcn;
      break;
    case Knob::cnp:
      into.cnp = from.cnp;
      break;
    case Knob::pfc_watchdog:
      into.pfc_watchdog = from.pfc_watchdog;
      break;
    case Knob::roce_mode:
      into.roce_mode = from.roce_mode;
      break;
    case Knob::roce_tos:
      into.roce_tos = from.roce_tos;
      break;
    case Knob::device_traffic_class:
      into.device_traffic_class = from.device_traffic_class;
      break;
    case Knob::nccl_conf:
      into.nccl_conf = from.nccl_conf;
      break;
    case Knob::ucx_conf:
      into.ucx_conf = from.ucx_conf;
      break;
    case Knob::job_env:
      into.job_env = from.job_env;
      break;
  }
}

std::string dscp_map_text(const DscpPriorityMap& dscp_priority) {
  if (dscp_priority.empty()) return "none";
  std::string out;
  auto it = dscp_priority.begin();
  while (it != dscp_priority.end()) {
    unsigned first = it->first.value(), last = first, prio = it->second.value();
    auto next = std::next(it);
    while (next != dscp_priority.end() && next->first.value() == last + 1 &&
           next->second.value() == prio) {
      last = next->first.value();
      ++next;
    }
    if (!out.empty()) out += ",";
    out += first == last ? fmt::format("{}:{}", first, prio)
                         : fmt::format("{}-{}:{}", first, last, prio);
    it = next;
  }
  return out;
}

std::string knob_value_text(const Settings& s, Knob k) {
  if (!knob_present(s, k)) return "-";
  switch (k) {
    case Knob::mtu:
      return std::to_string(*s.mtu_bytes);
    case Knob::ets:
      return ets_text(*s.ets);
    case Knob::buffers:
      return buffers_text(*s.buffers);
    case Knob::pfc:
      return s.pfc_enabled->to_string();
    case Knob::trust:
      return to_string(*s.trust);
    case Knob::dscp_map:
      return dscp_map_text(*s.dscp_priority);
    case Knob::ecn_priorities:
      return s.ecn_priorities->to_string();
    case Knob::ecn: {
      // One unit for both thresholds, never "min=150KiB max=3072KB". Fill
      // levels alone (a switch that takes only them) print without bytes.
      const model::Ecn& e = *s.ecn;
      std::string fill =
          e.fill ? fmt::format("fill={}%..{}% ", e.fill->min_percent, e.fill->max_percent) : "";
      if (e.fill && e.min_threshold_bytes == 0 && e.max_threshold_bytes == 0)
        return fmt::format("{}p={}%", fill, e.mark_probability_percent);
      auto [lo, hi] = format_bytes_pair(e.min_threshold_bytes, e.max_threshold_bytes);
      return fmt::format("min={} max={} {}p={}%", lo, hi, fill, e.mark_probability_percent);
    }
    case Knob::dcqcn: {
      std::string out = s.dcqcn->enabled ? "on" : "off";
      for (const auto& [name, value] : s.dcqcn->params) out += fmt::format(" {}={}", name, value);
      return out;
    }
    case Knob::cnp:
      return fmt::format("dscp={} prio={}", s.cnp->dscp, s.cnp->priority);
    case Knob::pfc_watchdog:
      return fmt::format("detect={}ms restore={}ms action={}", s.pfc_watchdog->detection_ms,
                         s.pfc_watchdog->restoration_ms, to_string(s.pfc_watchdog->action));
    case Knob::roce_mode:
      return to_string(*s.roce_mode);
    case Knob::roce_tos:
      return std::to_string(*s.roce_tos);
    case Knob::device_traffic_class:
      return std::to_string(*s.device_traffic_class);
    case Knob::nccl_conf:
      return entries_text(*s.nccl_conf);
    case Knob::ucx_conf:
      return entries_text(*s.ucx_conf);
    case Knob::job_env:
      return entries_text(*s.job_env);
  }
  return "-";
}

}  // namespace rocecfg::model
