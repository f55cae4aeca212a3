#include "target_options.h"

#include <algorithm>

#include <fmt/format.h>

#include "load_or_report.h"

namespace rocecfg::cmd {

void add_target_options(CLI::App& sub, TargetOptions& t, bool writes) {
  sub.add_option("profile", t.profile, "profile TOML file")->required();
  sub.add_option("--interface", t.interfaces,
                 "host netdev to manage (repeatable; default: all RoCE netdevs)");
  sub.add_option("--switch", t.switches, "inventory switch to manage (repeatable; default: all)");
  sub.add_flag("--local", t.local, "with --inventory: this host's NICs as well");
  sub.add_option("--parallel", t.parallel, "switches handled at once")->check(CLI::Range(1, 1024));
  sub.add_flag(
      "--accept-new-host-keys", t.accept_new_host_keys,
      "trust and record SSH host keys not yet in known_hosts (changed keys are still refused)");
  if (writes) sub.add_flag("--dry-run", t.dry_run, "print the plan, change nothing");
}

int run_on_targets(const TargetOptions& t, const Globals& g, HostVerb host, SwitchVerb sw) {
  std::optional<profile::Intent> intent = load_profile_or_report(t.profile, g.json);
  if (!intent) return kUsage;
  if (!t.switches.empty() && g.inventory.empty()) {
    fmt::print(stderr, "rocecfg: --switch needs --inventory\n");
    return kUsage;
  }
  int rc = kOk;
  if (g.inventory.empty() || t.local) {
    HostVerbOptions o{t.interfaces, t.dry_run, g.json, g.verbose, t.textfile_dir};
    rc = worst_exit_code(rc, host(*intent, o));
  }
  if (!g.inventory.empty()) {
    std::optional<profile::Inventory> inv = load_inventory_or_report(g.inventory, g.json);
    if (!inv) return kUsage;
    SwitchVerbOptions o;
    o.inventory = &*inv;
    o.switches = t.switches;
    o.dry_run = t.dry_run;
    o.json = g.json;
    o.verbose = g.verbose;
    o.parallel = t.parallel;
    o.accept_new_host_keys = t.accept_new_host_keys;
    rc = worst_exit_code(rc, sw(*intent, o));
  }
  return rc;
}

}  // namespace rocecfg::cmd
