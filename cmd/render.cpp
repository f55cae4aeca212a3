// rocecfg render PROFILE --vendor V [--ports RANGE]: the exact commands that
// would be sent to a switch in factory state, for change review. Offline.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "core/printable.h"
#include "load_or_report.h"
#include "model/vendors.h"
#include "output.h"
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
    return report_error(kUsage, fmt::format("unknown vendor {:?} (known: {})", a.vendor,
                                            model::switch_vendor_list()));
  }
  auto ports = adapter->expand_interfaces(a.ports);
  if (!ports) {
    return report_error(kUsage, "--ports: " + ports.error().to_string());
  }
  Diagnostics warnings;
  auto commands = sw::render_all(*adapter, intent->switch_settings(), *ports, warnings);
  if (!commands) {
    return report_error(kUsage, commands.error().to_string());
  }
  for (const Diagnostic& w : warnings.all()) {
    fmt::print(stderr, "warning: {}: {}\n", w.key, w.message);
    add_warning(a.vendor, "unsupported", w.key + ": " + w.message);
  }
  if (ports->empty()) fmt::print(stderr, "note: no --ports given: switch-wide settings only\n");
  json_document().payload = {{"vendor", a.vendor}, {"commands", *commands}};
  if (!g.json) {
    for (const std::string& c : *commands) fmt::print("{}\n", c);
  }
  return kOk;
}

const bool registered = register_command(
    {"render",
     "print the exact switch commands a profile turns into (offline)",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<RenderArgs>();
       sub.add_option("profile", a->profile, "profile TOML file")->required();
       sub.add_option("--vendor", a->vendor, model::switch_vendor_list())
           ->required();
       sub.add_option("--ports", a->ports, "interfaces or ranges, e.g. swp1-32 (repeatable)");
       return std::function<int()>([a, &g] { return run_render(*a, g); });
     },
     {kOk, kUsage}});

}  // namespace
}  // namespace rocecfg::cmd
