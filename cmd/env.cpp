// rocecfg env PROFILE [--shell|--slurm] [--json]: the environment a job
// should carry so that NCCL/UCX/HCCL send in the profile's lossless class
// (lib/workload/job_env.h). Discovery reads sysfs under ROCECFG_SYSFS_ROOT
// when set (tests), else "/".
#include <cstdlib>

#include <fmt/format.h>

#include "command.h"
#include "core/printable.h"
#include "load_or_report.h"
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
       sub.add_option("profile", *profile, "profile TOML file")->required();
       auto* sh =
           sub.add_flag("--shell", *shell, "export lines for eval \"$(rocecfg env P --shell)\"");
       sub.add_flag("--slurm", *slurm, "export lines for a Slurm TaskProlog")->excludes(sh);
       return std::function<int()>([=, &g] {
         std::optional<profile::Intent> intent = load_profile_or_report(*profile, g.json);
         if (!intent) return static_cast<int>(kUsage);
         const char* root = std::getenv("ROCECFG_SYSFS_ROOT");
         host::FsRoot fs(root && *root ? root : "/");
         host::HostInventory inv = host::discover(fs, /*query_verbs=*/false, /*gid_tables=*/true);
         workload::JobEnv env =
             workload::job_env(*intent, fs, inv, [](const char* k) { return std::getenv(k); });
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
