#include "buffers_switch.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/printable.h"
#include "core/regular_file.h"
#include "switch/adapter.h"

namespace rocecfg::cmd {

namespace {

// The facts for one port: what the switch declares there, else switch-wide.
buffers::BufferFacts port_facts(const model::Settings& port, const model::Settings& global,
                                buffers::BufferFacts f) {
  const std::optional<model::Ecn>& ecn = port.ecn ? port.ecn : global.ecn;
  f.ecn_min_bytes = ecn ? std::optional(ecn->min_threshold_bytes) : std::nullopt;
  f.ecn_max_bytes = ecn ? std::optional(ecn->max_threshold_bytes) : std::nullopt;
  // Each buffer figure from the port, else switch-wide.
  const std::optional<model::Buffers> none;
  const std::optional<model::Buffers>& pb = port.buffers ? port.buffers : none;
  const std::optional<model::Buffers>& gb = global.buffers ? global.buffers : none;
  f.headroom_bytes = pb && pb->headroom_bytes ? pb->headroom_bytes
                     : gb                     ? gb->headroom_bytes
                                              : std::nullopt;
  if (pb && pb->cable_length_m)
    f.cable_m = pb->cable_length_m;
  else if (gb && gb->cable_length_m)
    f.cable_m = gb->cable_length_m;
  // A switch's ingress pool is not the NIC buffer ecn-before-pfc compares with.
  f.lossless_buffer_bytes.reset();
  return f;
}

bool same(const std::vector<buffers::Comparison>& a, const std::vector<buffers::Comparison>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].profile_bytes != b[i].profile_bytes || a[i].limit_bytes != b[i].limit_bytes ||
        a[i].basis != b[i].basis || a[i].outcome != b[i].outcome || a[i].missing != b[i].missing)
      return false;
  return true;
}

}  // namespace

Result<SwitchBuffers> switch_buffers(const std::string& vendor, const std::string& file,
                                     const buffers::BufferFacts& base) {
  std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(vendor);
  if (!adapter)
    return fail(ErrorKind::invalid_input, "--vendor", fmt::format("unknown vendor {:?}", vendor));
  Result<std::string> text = read_input_file(file);
  if (!text)
    return fail(ErrorKind::invalid_input, fmt::format("cannot read {}", printable(file)),
                text.error().message);
  auto state = adapter->parse(*text);
  if (!state) return fail(ErrorKind::failed, printable(file), state.error().to_string());
  SwitchBuffers out{vendor, file, state->recognised_as, {}};
  if (state->ports.empty()) {
    out.groups.push_back({{}, buffers::compare_buffers(port_facts({}, state->global, base))});
    return out;
  }
  for (const auto& [port, settings] : state->ports) {
    std::vector<buffers::Comparison> c =
        buffers::compare_buffers(port_facts(settings, state->global, base));
    auto it = std::find_if(out.groups.begin(), out.groups.end(),
                           [&](const SwitchBufferGroup& g) { return same(g.comparisons, c); });
    if (it != out.groups.end())
      it->ports.push_back(port);
    else
      out.groups.push_back({{port}, std::move(c)});
  }
  return out;
}

}  // namespace rocecfg::cmd
