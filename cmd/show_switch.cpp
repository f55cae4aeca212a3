#include "show_switch.h"

#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "output.h"
#include "plan/render.h"
#include "switch/adapter.h"
#include "switch/interfaces.h"

namespace rocecfg::cmd {

namespace {

using nlohmann::json;

json settings_json(const model::Settings& s) {
  json out = json::object();
  for (model::Knob k : model::all_knobs())
    if (model::knob_present(s, k)) out[std::string(model::knob_name(k))] = plan::knob_json(s, k);
  return out;
}

void print_settings(const model::Settings& s) {
  size_t w = 0;
  for (model::Knob k : model::all_knobs())
    if (model::knob_present(s, k)) w = std::max(w, model::knob_name(k).size());
  for (model::Knob k : model::all_knobs())
    if (model::knob_present(s, k))
      fmt::print("  {:<{}}  {}\n", model::knob_name(k), w, model::knob_value_text(s, k));
}

}  // namespace

int show_switch(const std::string& vendor, const std::string& from_file, bool json_out) {
  std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(vendor);
  if (!adapter) {
    return report_error(kUsage, fmt::format("unknown vendor {:?}", vendor));
  }
  std::ifstream in(from_file);
  if (!in) {
    return report_error(kUsage, fmt::format("cannot read {}", from_file));
  }
  std::stringstream ss;
  ss << in.rdbuf();
  auto state = adapter->parse(ss.str());
  if (!state) {
    // Not this vendor's config: refused, exit 3 (the reading rule of the switch parsers).
    return report_error(kRuntime, fmt::format("{}: {}", from_file, state.error().to_string()));
  }
  // Interfaces with identical settings are shown once, as a range.
  std::vector<std::pair<std::vector<std::string>, model::Settings>> groups;
  std::vector<std::string> names;
  for (const auto& [name, s] : state->ports) names.push_back(name);
  std::sort(names.begin(), names.end(), sw::interface_less);
  for (const std::string& n : names) {
    const model::Settings& s = state->ports.at(n);
    auto it = std::find_if(groups.begin(), groups.end(), [&](auto& g) { return g.second == s; });
    if (it == groups.end())
      groups.push_back({{n}, s});
    else
      it->first.push_back(n);
  }
  if (json_out) {
    json ports = json::object();
    for (const auto& [list, s] : groups) ports[sw::compress_interfaces(list)] = settings_json(s);
    json_document().payload = {{"switch", json{{"vendor", vendor},
                                               {"file", from_file},
                                               {"global", settings_json(state->global)},
                                               {"interfaces", ports},
                                               {"policies", state->policies},
                                               {"notes", state->notes}}}};
    return kOk;
  }
  fmt::print("{} ({})\nswitch-wide\n", from_file, vendor);
  print_settings(state->global);
  for (const auto& [list, s] : groups) {
    fmt::print("interfaces {}\n", sw::compress_interfaces(list));
    print_settings(s);
  }
  if (!state->policies.empty()) {
    fmt::print("policies\n");
    for (const auto& [policy, where] : state->policies)
      fmt::print("  {}  {}\n", policy,
                 where.empty() ? "(not applied)" : sw::compress_interfaces(where));
  }
  for (const std::string& n : state->notes) fmt::print("note: {}\n", n);
  return kOk;
}

}  // namespace rocecfg::cmd
