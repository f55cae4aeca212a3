// rocecfg validate PROFILE [--inventory INV]: check files without touching anything.
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "check/options.h"
#include "command.h"
#include "core/printable.h"
#include "load_or_report.h"
#include "output.h"
#include "switch/adapter.h"

namespace rocecfg::cmd {
namespace {

// Each inventory switch against its vendor, before anything is sent: its
// interface ranges in that vendor's grammar (a SONiC range needs its step)
// and the profile's values within what the vendor documents
// (Adapter::check_intent, the check render() makes too). All at once.
std::vector<std::string> switch_problems(const profile::Inventory& inv,
                                         const profile::Intent& intent) {
  std::vector<std::string> out;
  const model::Settings settings = intent.switch_settings();
  for (const profile::SwitchEntry& sw : inv.switches) {
    std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(sw.vendor);
    if (!adapter) continue;  // the inventory loader already refused the vendor
    const std::string where = fmt::format("{}: switch {} ({})", inv.path, sw.name, sw.vendor);
    if (auto ports = adapter->expand_interfaces(sw.interfaces); !ports)
      out.push_back(where + ": " + ports.error().to_string());
    if (auto ok = adapter->check_intent(settings); !ok)
      out.push_back(where + ": " + ok.error().to_string());
  }
  return out;
}

// The inventory's switches for a rollout in batches (playbooks/switches.yml):
// each with the rails of the host NICs cabled to it (a NIC's switch_port),
// so leaves can be pushed one rail at a time; a switch no NIC names (a
// spine) has none.
nlohmann::json switch_list(const profile::Inventory& inv) {
  nlohmann::json out = nlohmann::json::array();
  for (const profile::SwitchEntry& sw : inv.switches) {
    std::set<uint32_t> rails;
    for (const profile::HostEntry& h : inv.hosts)
      for (const profile::NicEntry& nic : h.nics)
        if (nic.switch_port && nic.switch_port->switch_name == sw.name) rails.insert(nic.rail);
    out.push_back({{"name", sw.name}, {"vendor", sw.vendor}, {"rails", rails}});
  }
  return out;
}

const bool registered = register_command(
    {"validate",
     "check a profile (and inventory) and report every problem at once",
     [](CLI::App& sub, Globals& g) {
       auto profile = std::make_shared<std::string>();
       sub.add_option("profile", *profile, "profile TOML file")->required();
       return std::function<int()>([profile, &g] {
         std::optional<profile::Intent> intent = load_profile_or_report(*profile, g.json);
         bool ok = intent.has_value();
         std::optional<profile::Inventory> inv;
         if (ok) {  // [check], which only `rocecfg check` reads (lib/check/options.h)
           Diagnostics diags;
           (void)check::read_check_options(*profile, diags);
           if (!diags.all().empty()) fmt::print(stderr, "{}", diags.render());
           if (diags.has_errors())
             return report_error(kUsage, fmt::format("{}: [check] is not valid", *profile));
         }
         if (ok && !g.inventory.empty()) {
           inv = load_inventory_or_report(g.inventory, g.json);
           ok = inv.has_value();
           if (ok) {
             std::vector<std::string> problems = switch_problems(*inv, *intent);
             for (size_t i = 0; i + 1 < problems.size(); ++i)
               fmt::print(stderr, "rocecfg validate: {}\n", problems[i]);
             if (!problems.empty())
               return report_error(kUsage, problems.back(), nlohmann::json(problems));
           }
         }
         if (!ok) return static_cast<int>(kUsage);
         json_document().payload = {{"profile", *profile}, {"fabric", intent->name}};
         if (inv) json_document().payload["switches"] = switch_list(*inv);
         add_target({{"name", *profile}, {"kind", "file"}, {"outcome", "valid"}});
         if (!g.inventory.empty())
           add_target({{"name", g.inventory}, {"kind", "file"}, {"outcome", "valid"}});
         if (!g.json)
           fmt::print("{}: ok (fabric \"{}\")\n", printable(*profile), printable(intent->name));
         return static_cast<int>(kOk);
       });
     },
     {kOk, kUsage}});

}  // namespace
}  // namespace rocecfg::cmd
