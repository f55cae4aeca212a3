#include "show_switch.h"

#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "core/printable.h"
#include "core/regular_file.h"
#include "model/vendors.h"
#include "output.h"
#include "switch/adapter.h"
#include "switch/interfaces.h"
#include "switch/state_view.h"

namespace rocecfg::cmd {

namespace {

using nlohmann::json;

json knobs_json(const std::vector<std::pair<model::Knob, sw::KnobView>>& knobs) {
  json out = json::object();
  for (const auto& [k, view] : knobs) out[std::string(model::knob_name(k))] = sw::to_json(view);
  return out;
}

std::vector<std::pair<model::Knob, sw::KnobView>> switch_wide(const sw::SwitchState& st) {
  std::vector<std::pair<model::Knob, sw::KnobView>> out;
  for (model::Knob k : sw::switch_knobs()) out.emplace_back(k, sw::knob_view(st, "", k));
  return out;
}

// One line a knob: name, value (as the plan prints it), and where it comes
// from when not configured -- "not in the file" is its own column, never a value.
void print_knobs(const sw::SwitchState& st, const std::string& port,
                 const std::vector<std::pair<model::Knob, sw::KnobView>>& knobs) {
  size_t w = 0;
  for (const auto& [k, view] : knobs) w = std::max(w, model::knob_name(k).size());
  const model::Settings* s = &st.global;
  if (!port.empty()) s = &st.ports.at(port);
  for (const auto& [k, view] : knobs) {
    model::Settings shown = model::knob_present(*s, k) ? *s : st.global;
    std::string value =
        view.source == sw::Source::not_in_file ? "-" : model::knob_value_text(shown, k);
    std::string where = view.source == sw::Source::configured ? "" : sw::to_string(view.source);
    if (!view.vendor_text.empty()) where += (where.empty() ? "" : ": ") + view.vendor_text;
    fmt::print("  {:<{}}  {}{}\n", model::knob_name(k), w, value,
               where.empty() ? "" : "  (" + where + ")");
  }
}

}  // namespace

int show_switch(const std::string& vendor, const std::string& from_file, bool json_out) {
  std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(vendor);
  if (!adapter) {
    return report_error(kUsage, model::unknown_vendor_text(vendor));
  }
  Result<std::string> text = read_input_file(from_file);
  if (!text)
    return report_error(
        kUsage, fmt::format("cannot read {}: {}", printable(from_file), text.error().message));
  auto state = adapter->parse(*text);
  if (!state) {
    // Not this vendor's config: refused, exit 3 (the reading rule of the switch parsers).
    return report_error(kRuntime, fmt::format("{}: {}", printable(from_file),
                                              printable(state.error().to_string())));
  }
  // Ports are grouped only where their whole observed state is equal
  // (values, sources and vendor words of every knob).
  std::vector<sw::PortGroup> groups = sw::port_groups(*state);
  if (json_out) {
    json port_groups = json::array();
    for (const sw::PortGroup& g : groups)
      port_groups.push_back({{"ports", g.ports},
                             {"range", sw::compress_interfaces(g.ports)},
                             {"knobs", knobs_json(g.knobs)}});
    json unread = json::array();
    for (const sw::Unread& u : state->not_understood)
      unread.push_back({{"line", u.line}, {"text", u.text}, {"why", u.why}});
    json_document().payload = {{"switch", json{{"vendor", vendor},
                                               {"file", from_file},
                                               {"recognised_as", state->recognised_as},
                                               {"passed_over", state->passed_over},
                                               {"switch_wide", knobs_json(switch_wide(*state))},
                                               {"port_groups", port_groups},
                                               {"policies", state->policies},
                                               {"notes", state->notes},
                                               {"not_understood", unread}}}};
    return kOk;
  }
  fmt::print("{} ({}, read as {})\nswitch-wide\n", from_file, vendor, state->recognised_as);
  print_knobs(*state, "", switch_wide(*state));
  for (const sw::PortGroup& g : groups) {
    fmt::print("interfaces {}\n", sw::compress_interfaces(g.ports));
    print_knobs(*state, g.ports.front(), g.knobs);
  }
  if (!state->policies.empty()) {
    fmt::print("policies\n");
    for (const auto& [policy, where] : state->policies)
      fmt::print("  {}  {}\n", policy,
                 where.empty() ? "(not applied)" : sw::compress_interfaces(where));
  }
  // Notes hold every statement not understood too, one a line (SwitchState::unread).
  for (const std::string& n : state->notes) fmt::print("note: {}\n", n);
  return kOk;
}

}  // namespace rocecfg::cmd
