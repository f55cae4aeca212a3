// rocecfg validate PROFILE [--inventory INV]: check files without touching anything.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "load_or_report.h"

namespace rocecfg::cmd {
namespace {

const bool registered = register_command(
    {"validate", "check a profile (and inventory) and report every problem at once",
     [](CLI::App& sub, Globals& g) {
       auto profile = std::make_shared<std::string>();
       sub.add_option("profile", *profile, "profile TOML file")->required();
       return std::function<int()>([profile, &g] {
         std::optional<profile::Intent> intent = load_profile_or_report(*profile, g.json);
         bool ok = intent.has_value();
         if (ok && !g.inventory.empty())
           ok = load_inventory_or_report(g.inventory, g.json).has_value();
         if (!ok) return static_cast<int>(kUsage);
         if (g.json)
           fmt::print(
               "{}\n",
               nlohmann::json{{"ok", true}, {"profile", *profile}, {"fabric", intent->name}}.dump(
                   2));
         else
           fmt::print("{}: ok (fabric \"{}\")\n", *profile, intent->name);
         return static_cast<int>(kOk);
       });
     }});

}  // namespace
}  // namespace rocecfg::cmd
