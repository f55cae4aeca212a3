#include "profile/buffer_checks.h"

#include <algorithm>

#include <fmt/format.h>

#include "buffers/ecn.h"
#include "buffers/link.h"

namespace rocecfg::profile {

void read_buffer_intent(TomlReader& r, const toml::table& t, Intent& intent) {
  BufferIntent& b = intent.buffer_intent;
  if (auto v = r.string(t, "port_speed", "buffers")) {
    if (auto mbps = buffers::parse_speed(*v))
      b.port_speed_mbps = *mbps;
    else
      r.error(*t.get("port_speed"), "buffers.port_speed",
              fmt::format("\"{}\" is not a port speed", *v), buffers::speed_names());
  }
  std::vector<std::string_view> names;
  for (const buffers::Asic& a : buffers::asics()) names.push_back(a.name);
  if (auto v = r.choice(t, "asic", "buffers", std::span<const std::string_view>(names)))
    b.asic = *v;
  if (auto v = r.number(t, "fabric_rtt_us", "buffers", 0.1, 100000)) b.fabric_rtt_us = *v;
  if (const toml::node* n = t.get("waive")) {
    std::vector<std::string_view> ids = buffers::rule_ids();
    std::string allowed;
    for (std::string_view id : ids) allowed += (allowed.empty() ? "" : ", ") + std::string(id);
    if (!n->is_array()) {
      r.error(*n, "buffers.waive", "must be an array of rule names", allowed);
      return;
    }
    size_t i = 0;
    for (const toml::node& e : *n->as_array()) {
      std::string key = fmt::format("buffers.waive[{}]", i++);
      std::optional<std::string_view> s = e.value<std::string_view>();
      if (!s)
        r.error(e, key, "must be a rule name", allowed);
      else if (std::find(ids.begin(), ids.end(), *s) == ids.end())
        r.error(e, key, fmt::format("\"{}\" is not a buffer rule", *s), allowed);
      else
        b.waived.emplace_back(*s);
    }
  }
}

buffers::BufferFacts buffer_facts(const Intent& intent) {
  buffers::BufferFacts f;
  const BufferIntent& b = intent.buffer_intent;
  f.speed_mbps = b.port_speed_mbps;
  f.asic = b.asic ? buffers::find_asic(*b.asic) : nullptr;
  f.fabric_rtt_us = b.fabric_rtt_us.value_or(buffers::kDefaultFabricRttUs);
  f.host_mtu_bytes = intent.host_mtu_bytes;
  f.switch_mtu_bytes = intent.switch_mtu_bytes;
  if (intent.common.ecn && intent.common.ecn->has_bytes()) {
    f.ecn_min_bytes = intent.common.ecn->min_threshold_bytes;
    f.ecn_max_bytes = intent.common.ecn->max_threshold_bytes;
  }
  if (const auto& buf = intent.common.buffers) {
    f.cable_m = buf->cable_length_m;
    f.headroom_bytes = buf->headroom_bytes;
    // The smallest buffer any lossless priority lands in: it pauses first.
    if (buf->prio_buffer && buf->buffer_size_bytes)
      for (unsigned p = 0; p < 8; ++p)
        if (intent.lossless_priorities().has(Priority::unchecked(p))) {
          uint64_t size = (*buf->buffer_size_bytes)[(*buf->prio_buffer)[p]];
          f.lossless_buffer_bytes = std::min(f.lossless_buffer_bytes.value_or(size), size);
        }
  }
  return f;
}

void check_buffer_rules(TomlReader& r, const toml::table& root, const Intent& intent) {
  for (const buffers::Finding& f : buffers::check_buffers(buffer_facts(intent))) {
    const toml::node* at = root.at_path(f.key).node();
    if (!at) at = root.at_path("buffers").node();
    if (!at) at = &root;
    if (intent.buffer_intent.waives(f.rule))
      r.warning(*at, f.key, fmt::format("{} (rule {} waived in buffers.waive)", f.message, f.rule));
    else
      r.error(*at, f.key, fmt::format("{} (rule {})", f.message, f.rule), f.allowed);
  }
}

}  // namespace rocecfg::profile
