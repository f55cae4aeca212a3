// rocecfg plan PROFILE [--observed STATE] [--side host|switch]: the ordered
// changes that would turn STATE (another profile, e.g. one written by
// `rocecfg import`, or factory defaults when omitted) into PROFILE. Offline:
// it reads no device. `apply --dry-run` plans against the live devices.
#include <fmt/format.h>

#include "command.h"
#include "core/printable.h"
#include "host/equivalent_commands.h"
#include "load_or_report.h"
#include "model/vendors.h"
#include "output.h"
#include "plan/plan.h"
#include "plan/render.h"
#include "switch/adapter.h"
#include "switch/engine.h"
#include "verbs.h"

namespace rocecfg::cmd {
namespace {

struct PlanArgs {
  std::string profile;
  std::string observed;
  std::string side = "host";
  std::string target;
  std::string vendor;     // switch: plan what this vendor can hold (render's and audit's view)
  bool commands = false;  // host: each step as ip/dcb/mlnx_qos/sysfs commands
};

int run_plan(const PlanArgs& a, const Globals& g) {
  if (!a.vendor.empty() && a.side != "switch")
    return report_error(kUsage, "--vendor goes with --side switch");
  if (a.commands && a.side != "host")
    return report_error(kUsage, "--commands is for host plans (switch plans: rocecfg render)");
  std::optional<profile::Intent> intent = load_profile_or_report(a.profile, g.json);
  if (!intent) return kUsage;
  model::Settings observed;
  if (!a.observed.empty()) {
    std::optional<profile::Intent> state = load_profile_or_report(a.observed, g.json);
    if (!state) return kUsage;
    observed = a.side == "host" ? host_intent_settings(*state, nullptr) : state->switch_settings();
  }
  // Host: the profile's knobs and its [workload] files, as `apply --dry-run`
  // plans them (offline: no HCA list).
  model::Settings want =
      a.side == "host" ? host_intent_settings(*intent, nullptr) : intent->switch_settings();
  std::set<model::Knob> unsupported;  // with --vendor: what it cannot hold
  if (!a.vendor.empty()) {
    // What the vendor can hold (EOS: MTU at most 9214), as render and audit
    // see it, so the plan never proposes a value the switch refuses.
    std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(a.vendor);
    if (!adapter) return report_error(kUsage, model::unknown_vendor_text(a.vendor));
    Diagnostics said;
    unsupported = sw::unsupported_for(*adapter, want);
    want = sw::held_or_unsupported(*adapter, sw::ecn_in_vendor_unit(*adapter, want), said);
    for (const Diagnostic& w : said.all()) {
      fmt::print(stderr, "warning: {}: {}\n", w.key, w.message);
      add_warning(a.vendor, "unsupported", w.key + ": " + w.message);
    }
  }
  std::string target = a.target.empty() ? a.side : a.target;
  plan::Plan p;
  if (a.side == "host") {
    // As a host run plans them: interface knobs on the interface, the
    // host-wide files (/etc/nccl.conf, ...) once, on "host".
    model::Settings per_if, per_if_seen, wide, wide_seen;
    for (model::Knob k : model::all_knobs()) {
      model::knob_assign(model::is_host_wide(k) ? wide : per_if, want, k);
      model::knob_assign(model::is_host_wide(k) ? wide_seen : per_if_seen, observed, k);
    }
    plan::diff(target, per_if, per_if_seen, {}, p);
    plan::diff(model::kHostTarget, wide, wide_seen, {}, p);
  } else {
    plan::diff(target, want, observed, unsupported, p);
  }
  json_document().payload = {{"plan", plan::to_json(p)}};
  if (a.commands) {
    // The interface the commands name: --target, else a placeholder.
    std::string ifname = a.target.empty() ? "IF" : a.target;
    nlohmann::json steps = nlohmann::json::array();
    std::string text;
    for (const plan::Step& s : p.steps) {
      if (s.kind != plan::StepKind::change) continue;
      std::vector<std::string> lines = host::equivalent_commands(s, ifname);
      steps.push_back(
          {{"target", s.target}, {"knob", model::knob_name(s.knob)}, {"commands", lines}});
      text += fmt::format("# {} {}\n", s.target, model::knob_name(s.knob));
      for (const std::string& l : lines) text += l + "\n";
    }
    json_document().payload["commands"] = steps;
    if (!g.json) {
      fmt::print("{}", plan::render_text(p, g.verbose > 0));
      fmt::print(
          "\ncommands (iproute2 dcb, mlnx_qos, sysfs/configfs as rocecfg writes them; "
          "ECN/DCQCN/CNP in the mlx5 OFED form; DEV = the interface's RDMA device):\n{}",
          text);
    }
    return kOk;
  }
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
       sub.add_option("--target", a->target,
                      "name to show in the TARGET column (host --commands: the interface)");
       sub.add_option("--vendor", a->vendor,
                      "switch: plan what this vendor can hold, as render and audit do (" +
                          model::switch_vendor_list() + ")");
       sub.add_flag("--commands", a->commands,
                    "host: each step as the ip/dcb/mlnx_qos/sysfs commands it equals, for a "
                    "change ticket");
       return std::function<int()>([a, &g] { return run_plan(*a, g); });
     },
     {kOk, kUsage}});

}  // namespace
}  // namespace rocecfg::cmd
