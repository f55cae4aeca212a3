// SwitchState's provenance bookkeeping (adapter.h): where each observed
// knob's value came from and which statements were not understood.
#include <fmt/format.h>

#include "switch/adapter.h"

namespace rocecfg::sw {

const char* to_string(Source source) {
  switch (source) {
    case Source::configured:
      return "configured";
    case Source::vendor_default:
      return "default";
    case Source::not_in_file:
      return "not-in-file";
  }
  return "?";
}

void SwitchState::mark(std::string_view target, model::Knob knob, Source source,
                       std::string vendor_text) {
  origins[std::string(target)][knob] = Origin{source, std::move(vendor_text)};
}

Origin SwitchState::origin(std::string_view target, model::Knob knob) const {
  const model::Settings* s = &global;
  if (target != kGlobalTarget) {
    auto p = ports.find(std::string(target));
    if (p == ports.end()) return {Source::not_in_file, {}};
    s = &p->second;
  }
  // A marked origin holds even for an absent value: "off by the vendor's
  // default" (no watchdog line on EOS) is known, not missing.
  if (auto t = origins.find(std::string(target)); t != origins.end())
    if (auto k = t->second.find(knob); k != t->second.end()) return k->second;
  if (!model::knob_present(*s, knob)) return {Source::not_in_file, {}};
  return {Source::configured, {}};
}

void SwitchState::unread(int line, std::string text, std::string why) {
  notes.push_back(line > 0 ? fmt::format("line {}: {}: {}", line, why, text)
                           : fmt::format("{}: {}", why, text));
  not_understood.push_back(Unread{line, std::move(text), std::move(why)});
}

}  // namespace rocecfg::sw

namespace rocecfg::sw {

size_t configured_knobs(const SwitchState& state) {
  size_t n = 0;
  for (model::Knob k : model::all_knobs()) {
    n += state.origin(kGlobalTarget, k).source == Source::configured;
    for (const auto& [name, s] : state.ports)
      n += state.origin(name, k).source == Source::configured;
  }
  return n;
}

}  // namespace rocecfg::sw
