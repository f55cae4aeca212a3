// apply/audit for switches (cmd/verbs.h) and the offline audit of a config
// backup (switch_verbs.h): inventory -> fleet runner -> one line per switch,
// drift per switch/interface/knob, JSON on request.
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "core/printable.h"
#include "core/regular_file.h"
#include "core/stop_signal.h"
#include "model/vendors.h"
#include "output.h"
#include "plan/group.h"
#include "plan/render.h"
#include "switch/engine.h"
#include "switch/exit_code.h"
#include "switch/fleet.h"
#include "switch_verbs.h"
#include "verbs.h"

namespace rocecfg::cmd {

namespace {

using nlohmann::json;

std::string expand_home(const std::string& path) {
  if (path.starts_with("~/")) {
    const char* home = std::getenv("HOME");
    return std::string(home ? home : "") + path.substr(1);
  }
  return path;
}

json drift_json(const plan::Plan& p) {
  json out = json::array();
  for (const plan::Step& s : p.steps)
    out.push_back({{"interface", s.target},
                   {"knob", model::knob_name(s.knob)},
                   {"observed", plan::knob_json(s.before, s.knob)},
                   {"intended", plan::knob_json(s.after, s.knob)},
                   {"kind", s.kind == plan::StepKind::change ? "change" : "unsupported"}});
  return out;
}

json not_observed_json(const std::vector<plan::Step>& steps) {
  json out = json::array();
  for (const plan::Step& s : steps)
    out.push_back({{"interface", s.target},
                   {"knob", model::knob_name(s.knob)},
                   {"intended", plan::knob_json(s.after, s.knob)}});
  return out;
}

json result_json(const sw::SwitchResult& r) {
  return {{"switch", r.name},
          {"vendor", r.vendor},
          {"outcome", to_string(r.outcome)},
          {"reason", r.reason},
          {"recognised_as", r.recognised_as},
          {"drift", drift_json(r.plan)},
          {"not_in_config", not_observed_json(r.not_observed)},
          {"commands", r.commands},
          {"warnings", r.warnings}};
}

// "leaf1  swp1-32  mtu  1500 -> 9216" lines under each switch with drift:
// equal changes on many ports are one row (plan::group_steps), ports in
// natural order, as `show switch` groups them; the header's counts are of
// these rows (sw::audit_state). Knobs the config does not state are their
// own rows: "not in the config".
void print_drift(const std::string& name, const plan::Plan& p,
                 const std::vector<plan::Step>& not_observed) {
  std::vector<plan::StepGroup> missing = plan::group_steps(not_observed);
  std::vector<plan::StepGroup> rows = plan::group_steps(p.steps);
  size_t wt = 0, wk = 0;
  for (const auto* groups : {&rows, &missing})
    for (const plan::StepGroup& g : *groups) {
      wt = std::max(wt, g.targets_text.size());
      wk = std::max(wk, model::knob_name(g.step.knob).size());
    }
  for (const plan::StepGroup& g : missing)
    fmt::print("  {}  {:<{}}  {:<{}}  not in the config (wanted {})\n", printable(name),
               printable(g.targets_text), wt, model::knob_name(g.step.knob), wk,
               model::knob_value_text(g.step.after, g.step.knob));
  for (const plan::StepGroup& g : rows) {
    const plan::Step& s = g.step;
    std::string change = s.kind == plan::StepKind::change
                             ? model::knob_value_text(s.before, s.knob) + " -> " +
                                   model::knob_value_text(s.after, s.knob)
                             : "not expressible on this vendor (wanted " +
                                   model::knob_value_text(s.after, s.knob) + ")";
    fmt::print("  {}  {:<{}}  {:<{}}  {}\n", printable(name), printable(g.targets_text), wt,
               model::knob_name(s.knob), wk, printable(change));
  }
}

int report(const std::vector<sw::SwitchResult>& results, bool json_out, bool audit, int verbose,
           bool strict, const char* kind = "switch") {
  int rc = kOk;
  for (const auto& r : results) rc = worst_exit_code(rc, sw::exit_code_for(r, strict));
  json j = json::array();
  for (const auto& r : results) {
    j.push_back(result_json(r));
    add_target({{"name", r.name}, {"kind", kind}, {"outcome", to_string(r.outcome)}});
    for (const std::string& w : r.warnings) add_warning(r.name, "warning", w);
    for (const plan::Step& s : r.plan.steps)
      if (s.kind == plan::StepKind::unsupported)
        add_warning(r.name, "unsupported",
                    fmt::format("{}: {}: not expressible on {}", s.target, model::knob_name(s.knob),
                                r.vendor));
    for (const plan::Step& s : r.not_observed)
      add_warning(r.name, "unverifiable",
                  fmt::format("{}: {}: not in the config", s.target, model::knob_name(s.knob)));
  }
  json_document().payload["switches"] = j;
  // A run that failed says which switch and why in the envelope's error too
  // (the table above already shows it to a human).
  // With --json, stderr gets it too (the table is not printed then).
  for (const auto& r : results)
    if (!json_document().error && sw::exit_code_for(r, strict) == kRuntime) {
      std::string why = fmt::format("{}: {}", r.name, r.reason);
      if (json_out)
        report_error(kRuntime, printable(why));
      else
        json_document().error = json{{"message", why}};
    }
  if (!json_out) {
    size_t wn = 6, wv = 6, wo = 7;
    for (const auto& r : results)
      if (file_display_name(r.name) != r.name)
        fmt::print("file: {}{}\n", printable(r.name),
                   r.recognised_as.empty() ? "" : " (read as " + printable(r.recognised_as) + ")");
    for (const auto& r : results) {
      wn = std::max(wn, file_display_name(r.name).size());
      wv = std::max(wv, r.vendor.size());
      wo = std::max(wo, std::string(to_string(r.outcome)).size());
    }
    fmt::print("{:<{}}  {:<{}}  {:<{}}  {}\n", "SWITCH", wn, "VENDOR", wv, "OUTCOME", wo, "REASON");
    for (const auto& r : results)
      // The reason may quote the switch: a newline in it once forged a row.
      fmt::print("{:<{}}  {:<{}}  {:<{}}  {}\n", printable(file_display_name(r.name)), wn, r.vendor,
                 wv, to_string(r.outcome), wo, printable(r.reason));
    for (const auto& r : results) {
      if (audit || verbose > 0) print_drift(file_display_name(r.name), r.plan, r.not_observed);
      if (r.outcome == sw::SwitchOutcome::planned || verbose > 0)
        for (const std::string& c : r.commands) fmt::print("  {}: {}\n", r.name, c);
      for (const std::string& w : r.warnings)
        fmt::print(stderr, "warning: {}: {}\n", r.name, printable(w));
      if (strict && r.plan.unsupported() > 0)
        fmt::print("  {}: strict: {} unsupported knob(s) count as not in place\n", r.name,
                   r.plan.unsupported());
    }
  }
  return rc;
}

int run(const profile::Intent& intent, const SwitchVerbOptions& o, sw::FleetMode mode) {
  if (!o.inventory) return report_error(kUsage, "switches need --inventory FILE");
  std::vector<sw::FleetSwitch> fleet;
  for (const profile::SwitchEntry& e : o.inventory->switches)
    if (o.switches.empty() ||
        std::find(o.switches.begin(), o.switches.end(), e.name) != o.switches.end())
      fleet.push_back(fleet_entry(e, o.accept_new_host_keys));
  for (sw::FleetSwitch& f : fleet) f.lock_wait_ms = o.lock_wait_s * 1000;
  for (const std::string& name : o.switches)
    if (!o.inventory->find_switch(name))
      return report_error(kUsage,
                          fmt::format("no switch named {:?} in {}", name, o.inventory->path));
  sw::FleetProgress progress{isatty(STDERR_FILENO) == 1 && !o.json,
                             mode == sw::FleetMode::audit ? "auditing" : "applying"};
  // Keep only what report() prints, so a large fleet's apply stays small:
  // the text summary of an apply shows no plan and, once sent, no commands.
  bool keep_detail = o.json || o.verbose > 0 || mode != sw::FleetMode::apply;
  std::vector<sw::SwitchResult> results(fleet.size());
  sw::run_switches(
      fleet, intent.switch_settings(), mode, o.parallel,
      [&](size_t i, sw::SwitchResult&& r) {
        if (!keep_detail) {
          r.plan.steps = {};
          r.commands = {};
        }
        results[i] = std::move(r);
      },
      progress);
  return report(results, o.json, mode == sw::FleetMode::audit, o.verbose, o.strict);
}

}  // namespace

std::string file_display_name(const std::string& name) {
  size_t slash = name.rfind('/');
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

sw::FleetSwitch fleet_entry(const profile::SwitchEntry& e, bool accept_new) {
  sw::FleetSwitch f;
  f.ssh.name = e.name;
  f.platform = {e.model, e.release, e.queues};
  f.ssh.host = e.address;
  f.ssh.port = e.port;
  f.ssh.user = e.user;
  f.ssh.identity_file = expand_home(e.identity_file);
  f.ssh.password_env = e.password_env;
  f.ssh.known_hosts = expand_home(e.known_hosts);
  f.ssh.connect_timeout_ms = e.connect_timeout_ms;
  f.ssh.command_timeout_ms = e.command_timeout_ms;
  f.ssh.accept_new_host_key = accept_new;
  f.vendor = e.vendor;
  f.interfaces = e.interfaces;
  return f;
}

int apply_switches(const profile::Intent& intent, const SwitchVerbOptions& options) {
  // SIGTERM/^C: switches not yet started are skipped, the one in flight is
  // finished or rolled back, and the summary says so.
  if (!options.dry_run) install_stop_handlers();
  return run(intent, options, options.dry_run ? sw::FleetMode::dry_run : sw::FleetMode::apply);
}

int audit_switches(const profile::Intent& intent, const SwitchVerbOptions& options) {
  return run(intent, options, sw::FleetMode::audit);
}

int audit_switch_file(const profile::Intent& intent, const std::string& vendor,
                      const std::string& file, bool json_out, bool strict,
                      const std::vector<std::string>& ports) {
  std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(vendor);
  if (!adapter) {
    return report_error(kUsage, model::unknown_vendor_text(vendor));
  }
  // Bounded, regular files only, and only what the sudo user could read.
  Result<std::string> content = read_input_file(file);
  if (!content)
    return report_error(
        kUsage, fmt::format("cannot read {}: {}", printable(file), content.error().message));
  // One audit for live, file and apply (sw::audit_config): a text that is not
  // this vendor's config is `failed` (exit 3), one that does not state the
  // intended knobs is `unverified` (exit 4): never "in sync" unobserved.
  sw::SwitchResult r = sw::audit_config(*adapter, *content, intent.switch_settings(), ports);
  r.name = file;
  return report({r}, json_out, true, 0, strict, "file");
}

}  // namespace rocecfg::cmd
