// rocecfg env PROFILE [--shell|--slurm] [--inventory INV [--host NAME]]
// [--json]: the environment a job should carry so that NCCL/UCX/HCCL send in
// the profile's lossless class (lib/workload/job_env.h). Discovery reads
// sysfs under ROCECFG_SYSFS_ROOT when set (tests), else "/". With an
// inventory, the job's HCAs are the NICs its [[host]] declares (the host's
// own name, or --host for the node a login node writes the environment for).
#include <cstdlib>

#include <fmt/format.h>

#include "command.h"
#include "core/printable.h"
#include "load_or_report.h"
#include "model/hostlist.h"
#include "output.h"
#include "workload/job_env.h"

namespace rocecfg::cmd {
namespace {

const bool registered = register_command(
    {"env",
     "print the NCCL/UCX/HCCL environment a job needs for the lossless class",
     [](CLI::App& sub, Globals& g) {
       auto profile = std::make_shared<std::string>();
       auto shell = std::make_shared<bool>(false);
       auto slurm = std::make_shared<bool>(false);
       auto node = std::make_shared<std::string>();
       sub.add_option("profile", *profile, "profile TOML file")->required();
       auto* sh =
           sub.add_flag("--shell", *shell, "export lines for eval \"$(rocecfg env P --shell)\"");
       sub.add_flag("--slurm", *slurm, "export lines for a Slurm TaskProlog")->excludes(sh);
       sub.add_option("--host", *node,
                      "the --inventory [[host]] whose NICs the job uses (default: this host's "
                      "name)");
       return std::function<int()>([=, &g] {
         std::optional<profile::Intent> intent = load_profile_or_report(*profile, g.json);
         if (!intent) return static_cast<int>(kUsage);
         std::optional<workload::DeclaredHcas> declared;
         if (!g.inventory.empty()) {
           std::optional<profile::Inventory> inventory =
               load_inventory_or_report(g.inventory, g.json);
           if (!inventory) return static_cast<int>(kUsage);
           std::string me = node->empty() ? model::short_host_name() : *node;
           const profile::HostEntry* entry = inventory->find_host(me);
           if (!entry)
             return report_error(
                 kUsage, fmt::format("host {} is not a [[host]] of {}{}", printable(me),
                                     printable(g.inventory),
                                     node->empty() ? "; name the job's node with --host" : ""));
           declared = workload::declared_hcas(*entry);
         } else if (!node->empty()) {
           return report_error(kUsage, "--host names an inventory [[host]]: give --inventory INV");
         }
         const char* root = std::getenv("ROCECFG_SYSFS_ROOT");
         host::FsRoot fs(root && *root ? root : "/");
         host::HostInventory inv = host::discover(fs, /*query_verbs=*/false, /*gid_tables=*/true);
         workload::JobEnv env = workload::job_env(
             *intent, fs, inv, [](const char* k) { return std::getenv(k); },
             declared ? &*declared : nullptr);
         for (const std::string& w : env.warnings) add_warning("host", "warning", w);
         json_document().payload = workload::to_json(env);
         if (g.json) {
           // main() prints the envelope around the payload.
         } else if (*shell || *slurm) {
           fmt::print("{}", workload::render_env(env, *slurm ? workload::EnvFormat::slurm
                                                             : workload::EnvFormat::shell));
           for (const std::string& w : env.warnings)
             fmt::print(stderr, "rocecfg env: warning: {}\n", w);
         } else {
           fmt::print("{}", workload::render_env(env, workload::EnvFormat::text));
         }
         return static_cast<int>(env.settings.empty() ? kDrift : kOk);
       });
     },
     {kOk, kDrift, kUsage}});

}  // namespace
}  // namespace rocecfg::cmd
