// Reading class-of-service statements into CosModel, and resolving each
// interface's bindings into rocecfg's model (see parse_model.h, junos.h).
//
// What the configuration states and how it is read:
//   - a port's PFC priorities: the 802.1p code points of its congestion-
//     notification profile's input (`input ieee-802.1 code-point 011 pfc`);
//     with DSCP-based PFC (`input dscp code-point 011010 pfc`) the pause
//     priority is the output code point (`output ieee-802.1 code-point 011
//     flow-control-queue 4`), as Juniper's QFX5240 JVD pairs them. No profile:
//     PFC is off (Junos enables PFC only through a profile);
//   - the watchdog: `pfc-watchdog` in that profile, timers as stated or the
//     documented defaults (100 ms poll x 2, 200 ms recovery);
//   - the priority a forwarding class stands for: its `pfc-priority` (no-loss
//     classes), else the one 802.1p code point an IEEE 802.1p classifier maps
//     to it; a class with neither has no priority in the configuration;
//   - ETS: the bound scheduler map; `priority strict-high` is strict, a
//     `transmit-rate percent` the ETS share, a scheduler with neither has no
//     guaranteed share (0 %). The priority -> queue map needs an IEEE 802.1p
//     classifier covering all eight priorities;
//   - ECN: a scheduler with `explicit-congestion-notification` marks its
//     queue; its drop profile's fill levels are percent of the queue's
//     buffer, read as [ecn] fill_level_percent when the profile is the
//     two-point form rocecfg writes (`interpolate fill-level [ A B ]
//     drop-probability [ 0 P ]`), compared only with fill levels, never with
//     bytes.
#include "parse_model.h"

#include <fmt/format.h>

#include "../cli/common.h"

namespace rocecfg::sw::junos {

namespace {

using model::Knob;

std::optional<unsigned> small(std::string_view text, unsigned max) {
  auto n = cli::number(text, max);
  return n ? std::optional<unsigned>(static_cast<unsigned>(*n)) : std::nullopt;
}

// The words from `at`, as one string.
std::string rest(const std::vector<std::string>& w, size_t at) {
  return at >= w.size() ? "" : cli::join({w.begin() + static_cast<long>(at), w.end()}, " ");
}

const std::string kNotRead = "class-of-service statement not read";

}  // namespace

std::string CosModel::read_cos(const Statement& s) {
  const auto& w = s.words;
  const std::string& kind = w[1];
  if (kind == "forwarding-classes") {
    if (w.size() < 4 || w[2] != "class") return kNotRead + " (only `class NAME ...` is read)";
    ForwardingClass& fc = classes_[w[3]];
    for (size_t i = 4; i < w.size(); ++i) {
      if (w[i] == "queue-num" && i + 1 < w.size() && small(w[i + 1], 15)) {
        fc.queue = small(w[++i], 15);
      } else if (w[i] == "no-loss") {
        fc.no_loss = true;
      } else if (w[i] == "pfc-priority" && i + 1 < w.size() && small(w[i + 1], 7)) {
        fc.pfc_priority = small(w[++i], 7);
      } else {
        return kNotRead + " (forwarding-class option " + w[i] + ")";
      }
    }
    return "";
  }
  if (kind == "classifiers") return read_classifier(s, 2);
  if (kind == "congestion-notification-profile") return read_congestion(s, 2);
  if (kind == "drop-profiles") return read_drop_profile(s, 2);
  if (kind == "schedulers") return read_scheduler(s, 2);
  if (kind == "scheduler-maps") {
    if (w.size() == 7 && w[3] == "forwarding-class" && w[5] == "scheduler") {
      scheduler_maps_[w[2]][w[4]] = w[6];
      return "";
    }
    return kNotRead;
  }
  if (kind == "interfaces") return read_binding(s, 2);
  if (kind == "shared-buffer" && w.size() == 7 && w[3] == "buffer-partition" && w[5] == "percent" &&
      (w[2] == "ingress" || w[2] == "egress")) {
    auto n = small(w[6], 100);
    if (!n) return kNotRead + " (a buffer-partition percent is 0..100)";
    partition_percent_[{w[2], w[4]}] = *n;
    return "";
  }
  if (kind == "shared-buffer" || kind == "dedicated-buffer")
    return "buffer setting rocecfg does not manage (only the shared buffer's partition "
           "percentages are read)";
  return kNotRead;
}

std::string CosModel::read_classifier(const Statement& s, size_t at) {
  const auto& w = s.words;
  // classifiers dscp|ieee-802.1 NAME forwarding-class F loss-priority L code-points X...
  if (w.size() < at + 7 || (w[at] != "dscp" && w[at] != "ieee-802.1") ||
      w[at + 2] != "forwarding-class" || w[at + 4] != "loss-priority" || w[at + 6] != "code-points")
    return kNotRead;
  bool dscp = w[at] == "dscp";
  auto& table = dscp ? dscp_classifiers_[w[at + 1]] : pcp_classifiers_[w[at + 1]];
  if (w.size() == at + 7) return kNotRead + " (no code point)";
  for (size_t i = at + 7; i < w.size(); ++i) {
    auto cp = dscp ? dscp_from_bits(w[i]) : pcp_from_bits(w[i]);
    if (!cp) return kNotRead + " (code point " + w[i] + ")";
    table[*cp] = w[at + 3];
  }
  return "";
}

std::string CosModel::read_congestion(const Statement& s, size_t at) {
  const auto& w = s.words;
  if (w.size() < at + 2) return kNotRead;
  CongestionProfile& p = congestion_[w[at]];
  const std::string& part = w[at + 1];
  if (part == "input" && w.size() >= at + 6 && w[at + 3] == "code-point" &&
      (w[at + 2] == "ieee-802.1" || w[at + 2] == "dscp")) {
    if (rest(w, at + 5).find("pfc") != 0) return kNotRead + " (input without pfc)";
    if (w[at + 2] == "ieee-802.1") {
      auto b = pcp_from_bits(w[at + 4]);
      if (!b) return kNotRead + " (code point " + w[at + 4] + ")";
      p.input_pcp.insert(*b);
    } else {
      auto b = dscp_from_bits(w[at + 4]);
      if (!b) return kNotRead + " (code point " + w[at + 4] + ")";
      p.input_dscp.insert(*b);
    }
    return w.size() == at + 6 ? "" : "PFC option not read (" + rest(w, at + 6) + ")";
  }
  if (part == "output" && w.size() >= at + 7 && w[at + 2] == "ieee-802.1" &&
      w[at + 3] == "code-point" && w[at + 5] == "flow-control-queue") {
    auto b = pcp_from_bits(w[at + 4]);
    if (!b) return kNotRead + " (code point " + w[at + 4] + ")";
    for (size_t i = at + 6; i < w.size(); ++i) {
      auto q = small(w[i], 15);
      if (!q) return kNotRead + " (queue " + w[i] + ")";
      p.output_pcp_queues[*b].insert(*q);
    }
    return "";
  }
  if (part == "pfc-watchdog") {
    p.watchdog = true;
    for (size_t i = at + 2; i + 1 < w.size(); i += 2) {
      if (w[i] == "poll-interval" && small(w[i + 1], 65535))
        p.poll_ms = small(w[i + 1], 65535);
      else if (w[i] == "detection" && small(w[i + 1], 1000000))
        p.detection_polls = small(w[i + 1], 1000000);
      else if (w[i] == "recovery" && small(w[i + 1], 65535))
        p.recovery_ms = small(w[i + 1], 65535);
      else if (w[i] == "watchdog-action" && (w[i + 1] == "drop" || w[i + 1] == "forward"))
        p.action = w[i + 1];
      else
        return kNotRead + " (pfc-watchdog " + w[i] + ")";
    }
    return (w.size() - at) % 2 == 0 ? "" : kNotRead + " (pfc-watchdog " + w.back() + ")";
  }
  return kNotRead;
}

std::string CosModel::read_scheduler(const Statement& s, size_t at) {
  const auto& w = s.words;
  if (w.size() < at + 1) return kNotRead;
  Scheduler& sc = schedulers_[w[at]];
  if (w.size() == at + 1) return "";
  const std::string& what = w[at + 1];
  if (what == "priority" && w.size() == at + 3) {
    sc.priority = w[at + 2];
    return "";
  }
  if (what == "transmit-rate" && w.size() == at + 4 && w[at + 2] == "percent" &&
      small(w[at + 3], 100)) {
    sc.rate_percent = small(w[at + 3], 100);
    return "";
  }
  if (what == "explicit-congestion-notification" && w.size() == at + 2) {
    sc.ecn = true;
    return "";
  }
  if (what == "drop-profile-map") {
    for (size_t i = at + 2; i + 1 < w.size(); ++i)
      if (w[i] == "drop-profile") sc.drop_profile = w[i + 1];
    return "";
  }
  return kNotRead + " (scheduler " + what + ")";
}

std::string CosModel::read_drop_profile(const Statement& s, size_t at) {
  const auto& w = s.words;
  if (w.size() < at + 1) return kNotRead;
  DropProfile& d = drop_profiles_[w[at]];
  // interpolate fill-level N / interpolate drop-probability N, one value a
  // statement (read_set splits `[ a b ]`). EVO writes decimals; rocecfg
  // states whole percent and leaves a fractional level unread.
  if (w.size() == at + 4 && w[at + 1] == "interpolate" &&
      (w[at + 2] == "fill-level" || w[at + 2] == "drop-probability")) {
    auto v = small(w[at + 3], 100);
    if (!v) {
      d.other = true;
      return kNotRead + " (" + w[at + 2] + " " + w[at + 3] + ": not a whole percent)";
    }
    (w[at + 2] == "fill-level" ? d.fill_percent : d.probability_percent).push_back(*v);
    return "";
  }
  d.other = true;
  return kNotRead + " (drop profile " + rest(w, at + 1) + "; only `interpolate` is read)";
}

std::variant<model::Ecn, std::string> CosModel::ecn_of(const std::string& name) const {
  auto it = drop_profiles_.find(name);
  if (it == drop_profiles_.end()) return "drop profile " + name + " is not defined";
  const DropProfile& d = it->second;
  if (d.other || d.fill_percent.size() != 2 || d.probability_percent.size() != 2 ||
      d.probability_percent[0] != 0 || d.fill_percent[0] > d.fill_percent[1])
    return "drop profile " + name +
           " is not the two-point form [ecn] states (fill-level [ A B ] drop-probability [ 0 P ])";
  model::Ecn e;
  e.mark_probability_percent = d.probability_percent[1];
  e.fill = model::EcnFill{static_cast<uint8_t>(d.fill_percent[0]),
                          static_cast<uint8_t>(d.fill_percent[1])};
  return e;
}

std::string CosModel::read_binding(const Statement& s, size_t at) {
  const auto& w = s.words;
  if (w.size() < at + 3) return kNotRead;
  CosBinding& b = bindings_[w[at]];
  if (w[at].find('*') == std::string::npos && std::regex_match(w[at], port_grammar()))
    ports_.insert(w[at]);
  const std::string& what = w[at + 1];
  if (what == "congestion-notification-profile" && w.size() == at + 3) {
    b.congestion_profile = w[at + 2];
    return "";
  }
  if (what == "scheduler-map" && w.size() == at + 3) {
    b.scheduler_map = w[at + 2];
    return "";
  }
  if (what == "unit" && w.size() == at + 6 && w[at + 3] == "classifiers") {
    if (w[at + 4] == "dscp") b.dscp_classifier = w[at + 5];
    if (w[at + 4] == "ieee-802.1") b.pcp_classifier = w[at + 5];
    if (w[at + 4] == "dscp" || w[at + 4] == "ieee-802.1") return "";
  }
  return kNotRead + " (interface " + rest(w, at + 1) + ")";
}

bool CosModel::read_interface(const Statement& s) {
  const auto& w = s.words;
  if (!std::regex_match(w[1], port_grammar())) return false;
  ports_.insert(w[1]);
  if (w.size() == 4 && w[2] == "mtu") {
    if (auto mtu = cli::number(w[3], 65535)) {
      mtu_[w[1]] = static_cast<uint32_t>(*mtu);
      return true;
    }
  }
  return false;
}

}  // namespace rocecfg::sw::junos
