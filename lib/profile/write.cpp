#include "profile/write.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/printable.h"
#include "core/units.h"

namespace rocecfg::profile {

namespace {

std::string list(PriorityMask m) {
  std::string out;
  for (unsigned p = 0; p < 8; ++p)
    if (m.has(Priority::unchecked(p))) out += (out.empty() ? "" : ", ") + std::to_string(p);
  return "[" + out + "]";
}

// A TOML basic string: quotes, backslashes and control characters escaped.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20)
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
    else
      out += c;
  }
  return out + "\"";
}

// TOML allows no control character but tab in a comment: a file name or a
// vendor line with one made the written profile fail to load. Escaped.
void comments(std::string& t, const std::vector<std::string>& lines) {
  for (const std::string& l : lines) t += "# " + printable(l) + "\n";
}

const char* action_name(model::WatchdogAction a) {
  return model::to_string(a);
}

}  // namespace

std::string write_profile(const Intent& in, const std::vector<std::string>& header,
                          const std::vector<std::string>& trailer) {
  const model::Settings& s = in.common;
  std::string t;
  comments(t, header);
  if (!header.empty()) t += "\n";
  t += fmt::format("[fabric]\nname = {}\n", quoted(in.name));
  if (!in.description.empty()) t += fmt::format("description = {}\n", quoted(in.description));
  t += "\n";

  // [lossless] dscp is only unambiguous with one lossless priority; other
  // DSCP entries go to [dscp_map].
  bool lossless_dscp = !in.lossless_dscp.empty() && in.lossless_priorities().count() == 1;
  if (!in.lossless_priorities().empty() || s.trust) {
    t += "[lossless]\n";
    if (!in.lossless_priorities().empty())
      t += fmt::format("priorities = {}\n", list(in.lossless_priorities()));
    if (lossless_dscp) {
      std::string d;
      for (uint8_t x : in.lossless_dscp) d += (d.empty() ? "" : ", ") + std::to_string(x);
      t += fmt::format("dscp = [{}]\n", d);
    }
    if (s.trust) t += fmt::format("trust = \"{}\"\n", model::to_string(*s.trust));
    t += "\n";
  }
  if (s.dscp_priority) {
    std::string lines;
    for (auto [d, p] : *s.dscp_priority) {
      bool said = lossless_dscp && std::find(in.lossless_dscp.begin(), in.lossless_dscp.end(), d) !=
                                       in.lossless_dscp.end();
      if (!said) lines += fmt::format("{} = {}\n", d, p);
    }
    if (!lines.empty()) t += "[dscp_map]\n" + lines + "\n";
  }
  if (s.cnp) t += fmt::format("[cnp]\ndscp = {}\npriority = {}\n\n", s.cnp->dscp, s.cnp->priority);
  if (s.ets) {
    std::string prio_tc, bw, strict;
    for (int i = 0; i < 8; ++i) {
      prio_tc += (i ? ", " : "") + std::to_string(s.ets->prio_tc[i].value());
      if (s.ets->tc_tsa[i] == model::Tsa::strict)
        strict += (strict.empty() ? "" : ", ") + std::to_string(i);
      else if (s.ets->tc_bandwidth_percent[i])
        bw += fmt::format("{}{} = {}", bw.empty() ? "" : ", ", i, s.ets->tc_bandwidth_percent[i]);
    }
    t += fmt::format("[ets]\nprio_tc = [{}]\n", prio_tc);
    if (!bw.empty()) t += fmt::format("bandwidth_percent = {{ {} }}\n", bw);
    t += fmt::format("strict = [{}]\n\n", strict);
  }
  if (s.ecn) {
    // One unit for both thresholds (as the plan prints them): never "150KiB"
    // beside "1536KB".
    // Fill levels alone (read from a Junos switch): no bytes are written,
    // never "0B" thresholds another switch would take literally.
    t += "[ecn]\n";
    if (s.ecn->has_bytes() || !s.ecn->fill) {
      auto [lo, hi] = format_bytes_pair(s.ecn->min_threshold_bytes, s.ecn->max_threshold_bytes);
      t += fmt::format("min_threshold = \"{}\"\nmax_threshold = \"{}\"\n", lo, hi);
    }
    t += fmt::format("mark_probability_percent = {}\n", s.ecn->mark_probability_percent);
    if (s.ecn->fill)
      t += fmt::format("fill_level_percent = [{}, {}]\n", s.ecn->fill->min_percent,
                       s.ecn->fill->max_percent);
    if (s.ecn_priorities) t += fmt::format("priorities = {}\n", list(*s.ecn_priorities));
    t += "\n";
  }
  if (in.host_mtu_bytes || in.switch_mtu_bytes) {
    t += "[mtu]\n";
    if (in.host_mtu_bytes) t += fmt::format("host_bytes = {}\n", *in.host_mtu_bytes);
    if (in.switch_mtu_bytes) t += fmt::format("switch_bytes = {}\n", *in.switch_mtu_bytes);
    t += "\n";
  }
  if (s.pfc_watchdog)
    t += fmt::format("[pfc_watchdog]\ndetection_ms = {}\nrestoration_ms = {}\naction = \"{}\"\n\n",
                     s.pfc_watchdog->detection_ms, s.pfc_watchdog->restoration_ms,
                     action_name(s.pfc_watchdog->action));
  if (s.buffers) {
    const model::Buffers& b = *s.buffers;
    t += "[buffers]\n";
    if (b.prio_buffer) {
      std::string m;
      for (int i = 0; i < 8; ++i) m += (i ? ", " : "") + std::to_string((*b.prio_buffer)[i]);
      t += fmt::format("prio_buffer = [{}]\n", m);
    }
    if (b.buffer_size_bytes) {
      std::string m;
      for (int i = 0; i < 8; ++i)
        m += fmt::format("{}\"{}\"", i ? ", " : "", format_bytes((*b.buffer_size_bytes)[i]));
      t += fmt::format("buffer_size = [{}]\n", m);
    }
    if (b.cable_length_m) t += fmt::format("cable_length_m = {}\n", *b.cable_length_m);
    if (b.headroom_bytes) t += fmt::format("headroom = \"{}\"\n", format_bytes(*b.headroom_bytes));
    if (const auto& sh = b.shared) {
      t += fmt::format("shared_lossless_percent = {}\n", sh->lossless_percent);
      if (sh->headroom_percent)
        t += fmt::format("shared_headroom_percent = {}\n", *sh->headroom_percent);
      t += fmt::format("shared_lossy_percent = {}\n", sh->lossy_percent);
      if (sh->multicast_percent)
        t += fmt::format("shared_multicast_percent = {}\n", *sh->multicast_percent);
    }
    t += "\n";
  }
  if (s.dcqcn) {
    t += fmt::format("[dcqcn]\nenabled = {}\n", s.dcqcn->enabled ? "true" : "false");
    for (const auto& [k, v] : s.dcqcn->params) t += fmt::format("{} = {}\n", k, v);
    t += "\n";
  }
  if (s.roce_tos || s.roce_mode) {
    t += "[rdma_cm]\n";
    if (s.roce_tos) t += fmt::format("tos = {}\n", *s.roce_tos);
    if (s.roce_mode)
      t += fmt::format("mode = \"{}\"\n",
                       *s.roce_mode == model::RoceMode::v2 ? "RoCE v2" : "IB/RoCE v1");
    t += "\n";
  }
  comments(t, trailer);
  return t;
}

}  // namespace rocecfg::profile
