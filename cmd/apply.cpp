// rocecfg apply PROFILE: bring this host's NICs (default) or the inventory's
// switches (--inventory) to the profile. Plans first, changes only what
// differs, reads back, rolls back on failure.
#include <fmt/format.h>

#include "command.h"
#include "load_or_report.h"
#include "target_options.h"
#include "verbs.h"

namespace rocecfg::cmd {
namespace {

const bool registered =
    register_command({"apply",
                      "bring hosts (default) or switches (--inventory) to the profile",
                      [](CLI::App& sub, Globals& g) {
                        auto t = std::make_shared<TargetOptions>();
                        add_target_options(sub, *t, /*writes=*/true);
                        return std::function<int()>(
                            [t, &g] { return run_on_targets(*t, g, apply_hosts, apply_switches); });
                      },
                      {kOk, kDrift, kUsage, kRuntime, kNotEvaluated}});

}  // namespace
}  // namespace rocecfg::cmd
