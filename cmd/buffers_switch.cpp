#include "buffers_switch.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/printable.h"
#include "core/regular_file.h"
#include "model/interface_list.h"
#include "switch/adapter.h"
#include "switch/engine.h"
#include "switch/ssh.h"

namespace rocecfg::cmd {

namespace {

// The facts for one port: what the switch declares there, else switch-wide.
buffers::BufferFacts port_facts(const model::Settings& port, const model::Settings& global,
                                buffers::BufferFacts f) {
  const std::optional<model::Ecn>& ecn = port.ecn ? port.ecn : global.ecn;
  bool bytes = ecn && ecn->has_bytes();  // fill levels (Junos) are not bytes
  f.ecn_min_bytes = bytes ? std::optional(ecn->min_threshold_bytes) : std::nullopt;
  f.ecn_max_bytes = bytes ? std::optional(ecn->max_threshold_bytes) : std::nullopt;
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

namespace {

// The comparisons of one parsed config; `only`: these ports (empty: all).
SwitchBuffers from_state(const sw::SwitchState& state, SwitchBuffers out,
                         const std::vector<std::string>& only, const buffers::BufferFacts& base) {
  out.recognised_as = state.recognised_as;
  if (state.ports.empty()) {
    out.groups.push_back({{}, buffers::compare_buffers(port_facts({}, state.global, base))});
    return out;
  }
  // Ports in natural order (Ethernet4 before Ethernet12), as show switch lists them.
  std::vector<std::string> ports;
  for (const auto& [port, settings] : state.ports)
    if (only.empty() || std::find(only.begin(), only.end(), port) != only.end())
      ports.push_back(port);
  std::sort(ports.begin(), ports.end(), model::interface_less);
  for (const std::string& port : ports) {
    std::vector<buffers::Comparison> c =
        buffers::compare_buffers(port_facts(state.ports.at(port), state.global, base));
    auto it = std::find_if(out.groups.begin(), out.groups.end(),
                           [&](const SwitchBufferGroup& g) { return same(g.comparisons, c); });
    if (it != out.groups.end())
      it->ports.push_back(port);
    else
      out.groups.push_back({{port}, std::move(c)});
  }
  return out;
}

Result<SwitchBuffers> read_live(const sw::FleetSwitch& f, const buffers::BufferFacts& base) {
  std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(f.vendor);
  if (!adapter)
    return fail(ErrorKind::invalid_input, f.ssh.name, fmt::format("unknown vendor {:?}", f.vendor));
  auto ports = adapter->expand_interfaces(f.interfaces);
  if (!ports) return fail(ErrorKind::invalid_input, f.ssh.name, ports.error().to_string());
  adapter->set_platform(f.platform);
  auto session = sw::open_session(f.ssh, *adapter);
  if (!session)
    return fail(ErrorKind::failed, f.ssh.name, "unreachable: " + session.error().message);
  if (Status known = sw::learn_platform(*adapter, **session, *ports); !known)
    return fail(ErrorKind::failed, f.ssh.name, "model: " + known.error().to_string());
  Result<std::string> text = adapter->fetch_config(**session);
  if (!text) return fail(ErrorKind::failed, f.ssh.name, text.error().to_string());
  auto state = adapter->parse(*text);
  if (!state) return fail(ErrorKind::failed, f.ssh.name, state.error().to_string());
  for (const std::string& p : *ports)
    if (!state->ports.empty() && !state->ports.contains(p))
      return fail(ErrorKind::failed, f.ssh.name,
                  fmt::format("{}: not in the switch's running config", printable(p)));
  SwitchBuffers out{f.ssh.name, f.vendor, fmt::format("ssh {}:{}", f.ssh.host, f.ssh.port), "", {}};
  return from_state(*state, std::move(out), *ports, base);
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
  return from_state(*state, SwitchBuffers{"", vendor, file, "", {}}, {}, base);
}

std::vector<Result<SwitchBuffers>> live_switch_buffers(const std::vector<sw::FleetSwitch>& switches,
                                                       const buffers::BufferFacts& base,
                                                       int parallel) {
  std::vector<Result<SwitchBuffers>> out(
      switches.size(),
      Result<SwitchBuffers>(std::unexpected(Error{ErrorKind::failed, "", "not read"})));
  sw::run_fleet(
      switches.size(), parallel, [&](size_t i) { out[i] = read_live(switches[i], base); },
      [&](size_t i, const std::string& what) {
        out[i] = fail(ErrorKind::failed, switches[i].ssh.name, "internal error: " + what);
      });
  return out;
}

}  // namespace rocecfg::cmd
