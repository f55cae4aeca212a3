// rocecfg render PROFILE --vendor V [--ports RANGE]: the exact commands that
// would be sent to a switch in factory state, for change review. Offline.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "load_or_report.h"
#include "model/vendors.h"
#include "switch/engine.h"

namespace rocecfg::cmd {
namespace {

struct RenderArgs {
  std::string profile;
  std::string vendor;
  std::vector<std::string> ports;
};

int run_render(const RenderArgs& a, const Globals& g) {
  std::optional<profile::Intent> intent = load_profile_or_report(a.profile, g.json);
  if (!intent) return kUsage;
  std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(a.vendor);
  if (!adapter) {
    std::string known = model::switch_vendor_list();
    fmt::print(stderr, "rocecfg render: unknown vendor {:?} (known: {})\n", a.vendor, known);
    return kUsage;
  }
  auto ports = adapter->expand_interfaces(a.ports);
  if (!ports) {
    fmt::print(stderr, "rocecfg render: --ports: {}\n", ports.error().to_string());
    return kUsage;
  }
  Diagnostics warnings;
  auto commands = sw::render_all(*adapter, intent->switch_settings(), *ports, warnings);
  if (!commands) {
    fmt::print(stderr, "rocecfg render: {}\n", commands.error().to_string());
    return kUsage;
  }
  for (const Diagnostic& w : warnings.all())
    fmt::print(stderr, "warning: {}: {}\n", w.key, w.message);
  if (ports->empty()) fmt::print(stderr, "note: no --ports given: switch-wide settings only\n");
  if (g.json) {
    nlohmann::json j = *commands;
    fmt::print("{}\n", nlohmann::json{{"vendor", a.vendor}, {"commands", j}}.dump(2));
  } else {
    for (const std::string& c : *commands) fmt::print("{}\n", c);
  }
  return kOk;
}

const bool registered = register_command(
    {"render", "print the exact switch commands a profile turns into (offline)",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<RenderArgs>();
       sub.add_option("profile", a->profile, "profile TOML file")->required();
       sub.add_option("--vendor", a->vendor, model::switch_vendor_list())
           ->required();
       sub.add_option("--ports", a->ports, "interfaces or ranges, e.g. swp1-32 (repeatable)");
       return std::function<int()>([a, &g] { return run_render(*a, g); });
     }});

}  // namespace
}  // namespace rocecfg::cmd
