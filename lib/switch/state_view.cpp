#include "switch/state_view.h"

#include <algorithm>
#include <array>

#include "plan/render.h"
#include "switch/interfaces.h"

namespace rocecfg::sw {

std::span<const model::Knob> switch_knobs() {
  using model::Knob;
  static constexpr std::array<Knob, 10> k{
      Knob::mtu, Knob::pfc, Knob::trust,        Knob::dscp_map, Knob::ecn_priorities,
      Knob::ecn, Knob::ets, Knob::pfc_watchdog, Knob::buffers,  Knob::cnp};
  return k;
}

KnobView knob_view(const SwitchState& state, const std::string& port, model::Knob knob) {
  const model::Settings* s = &state.global;
  std::string_view target = kGlobalTarget;
  if (!port.empty()) {
    auto it = state.ports.find(port);
    if (it != state.ports.end() && (model::knob_present(it->second, knob) ||
                                    state.origin(port, knob).source != Source::not_in_file)) {
      s = &it->second;
      target = port;
    }
  }
  Origin o = state.origin(target, knob);
  return {plan::knob_json(*s, knob), o.source, o.vendor_text};
}

nlohmann::json to_json(const KnobView& view) {
  return {
      {"value", view.value}, {"source", to_string(view.source)}, {"vendor_text", view.vendor_text}};
}

std::vector<PortGroup> port_groups(const SwitchState& state) {
  std::vector<std::string> names;
  for (const auto& [name, s] : state.ports) names.push_back(name);
  std::sort(names.begin(), names.end(), interface_less);
  std::vector<PortGroup> groups;
  for (const std::string& n : names) {
    PortGroup mine{{n}, {}};
    for (model::Knob k : switch_knobs()) mine.knobs.emplace_back(k, knob_view(state, n, k));
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const PortGroup& g) { return g.knobs == mine.knobs; });
    if (it == groups.end())
      groups.push_back(std::move(mine));
    else
      it->ports.push_back(n);
  }
  return groups;
}

}  // namespace rocecfg::sw
