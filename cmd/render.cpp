// rocecfg render PROFILE --vendor V [--ports RANGE] [--session] [--model M]:
// the exact commands that would be sent to a switch in factory state, for
// change review; --session prints the whole transaction a push sends
// (begin, commands, commit/confirm, save) and the rollback path. Offline.
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
  bool session = false;  // the whole transaction, not just the configuration lines
  std::string model;     // switch model where forms differ by model (huawei-ce)
  std::string release;
  std::string queues;  // eos: tx-queue | uc-tx-queue
};

int run_render(const RenderArgs& a, const Globals& g) {
  std::optional<profile::Intent> intent = load_profile_or_report(a.profile, g.json);
  if (!intent) return kUsage;
  std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(a.vendor);
  if (!adapter) {
    return report_error(kUsage, model::unknown_vendor_text(a.vendor));
  }
  auto ports = adapter->expand_interfaces(a.ports);
  if (!ports) {
    return report_error(kUsage, "--ports: " + ports.error().to_string());
  }
  adapter->set_platform({a.model, a.release, a.queues});
  Diagnostics warnings;
  auto rendered = sw::render_session(*adapter, intent->switch_settings(), *ports, warnings);
  if (!rendered) return report_error(kUsage, rendered.error().to_string());
  const std::vector<std::string>* commands = a.session ? &rendered->commands : &rendered->config;
  for (const Diagnostic& w : warnings.all()) {
    fmt::print(stderr, "warning: {}: {}\n", w.key, w.message);
    add_warning(a.vendor, "unsupported", w.key + ": " + w.message);
  }
  if (ports->empty()) fmt::print(stderr, "note: no --ports given: switch-wide settings only\n");
  json_document().payload = {{"vendor", a.vendor}, {"commands", *commands}};
  if (a.session) {
    json_document().payload["rollback"] = rendered->rollback;
    json_document().payload["reads"] = rendered->reads;
  }
  if (!g.json) {
    if (a.session)
      for (const std::string& r : rendered->reads) fmt::print("# read first: {}\n", r);
    for (const std::string& c : *commands) fmt::print("{}\n", c);
    if (a.session && !rendered->rollback.empty()) {
      fmt::print("# if a line is refused, instead of the rest:\n");
      for (const std::string& c : rendered->rollback) fmt::print("#   {}\n", c);
    }
  }
  return kOk;
}

const bool registered = register_command(
    {"render",
     "print the exact switch commands a profile turns into (offline)",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<RenderArgs>();
       sub.add_option("profile", a->profile, "profile TOML file")->required();
       sub.add_option("--vendor", a->vendor, model::switch_vendor_list())->required();
       add_list_option(sub, "--ports", a->ports,
                       "interfaces or ranges, e.g. swp1-32; without it, the switch-wide settings "
                       "only");
       sub.add_flag("--session", a->session,
                    "the whole push: transaction, commands, commit, save; rollback as comments");
       sub.add_option("--model", a->model, "switch model where forms differ (huawei-ce: CE8855)");
       sub.add_option("--release", a->release, "switch software release");
       sub.add_option("--queues", a->queues,
                      "eos: the ports' queue keyword (uc-tx-queue where unicast and multicast "
                      "queues are split; default tx-queue)")
           ->check(CLI::IsMember({"tx-queue", "uc-tx-queue"}));
       return std::function<int()>([a, &g] { return run_render(*a, g); });
     },
     {kOk, kUsage}});

}  // namespace
}  // namespace rocecfg::cmd
