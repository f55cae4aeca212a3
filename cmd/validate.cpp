// rocecfg validate PROFILE [--inventory INV]: check files without touching anything.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "core/printable.h"
#include "load_or_report.h"
#include "output.h"

namespace rocecfg::cmd {
namespace {

const bool registered = register_command(
    {"validate",
     "check a profile (and inventory) and report every problem at once",
     [](CLI::App& sub, Globals& g) {
       auto profile = std::make_shared<std::string>();
       sub.add_option("profile", *profile, "profile TOML file")->required();
       return std::function<int()>([profile, &g] {
         std::optional<profile::Intent> intent = load_profile_or_report(*profile, g.json);
         bool ok = intent.has_value();
         if (ok && !g.inventory.empty())
           ok = load_inventory_or_report(g.inventory, g.json).has_value();
         if (!ok) return static_cast<int>(kUsage);
         json_document().payload = {{"profile", *profile}, {"fabric", intent->name}};
         add_target({{"name", *profile}, {"kind", "file"}, {"outcome", "valid"}});
         if (!g.inventory.empty())
           add_target({{"name", g.inventory}, {"kind", "file"}, {"outcome", "valid"}});
         if (!g.json) fmt::print("{}: ok (fabric \"{}\")\n", *profile, intent->name);
         return static_cast<int>(kOk);
       });
     },
     {kOk, kUsage}});

}  // namespace
}  // namespace rocecfg::cmd
