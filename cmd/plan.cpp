// rocecfg plan PROFILE [--observed STATE] [--side host|switch]: the ordered
// changes that would turn STATE (another profile, e.g. one written by
// `rocecfg import`, or factory defaults when omitted) into PROFILE. Offline:
// it reads no device. `apply --dry-run` plans against the live devices.
#include <fmt/format.h>

#include "command.h"
#include "core/printable.h"
#include "load_or_report.h"
#include "output.h"
#include "plan/plan.h"
#include "plan/render.h"

namespace rocecfg::cmd {
namespace {

struct PlanArgs {
  std::string profile;
  std::string observed;
  std::string side = "host";
  std::string target;
};

int run_plan(const PlanArgs& a, const Globals& g) {
  std::optional<profile::Intent> intent = load_profile_or_report(a.profile, g.json);
  if (!intent) return kUsage;
  model::Settings observed;
  if (!a.observed.empty()) {
    std::optional<profile::Intent> state = load_profile_or_report(a.observed, g.json);
    if (!state) return kUsage;
    observed = a.side == "host" ? state->host_settings() : state->switch_settings();
  }
  model::Settings want = a.side == "host" ? intent->host_settings() : intent->switch_settings();
  std::string target = a.target.empty() ? a.side : a.target;
  plan::Plan p = plan::diff(target, want, observed);
  json_document().payload = {{"plan", plan::to_json(p)}};
  if (!g.json) fmt::print("{}", plan::render_text(p, g.verbose > 0));
  return kOk;
}

const bool registered = register_command(
    {"plan",
     "show the ordered changes from a state (or factory defaults) to a profile",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<PlanArgs>();
       sub.add_option("profile", a->profile, "profile TOML file")->required();
       sub.add_option("--observed", a->observed,
                      "profile describing the current state (default: factory defaults)");
       sub.add_option("--side", a->side, "which knobs: host or switch")
           ->check(CLI::IsMember({"host", "switch"}));
       sub.add_option("--target", a->target, "name to show in the TARGET column");
       return std::function<int()>([a, &g] { return run_plan(*a, g); });
     },
     {kOk, kUsage}});

}  // namespace
}  // namespace rocecfg::cmd
