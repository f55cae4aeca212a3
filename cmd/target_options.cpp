#include "target_options.h"

#include <algorithm>

#include <fmt/format.h>

#include "firmware_layer.h"
#include "interface_option.h"
#include "load_or_report.h"
#include "output.h"

namespace rocecfg::cmd {

void add_target_options(CLI::App& sub, TargetOptions& t, bool writes) {
  sub.add_option("profile", t.profile, "profile TOML file")->required();
  add_interface_option(sub, t.interfaces, "host netdev to manage (default: all RoCE netdevs)");
  add_list_option(sub, "--switch", t.switches, "inventory switch to manage (default: all)");
  sub.add_flag("--local", t.local, "with --inventory: this host's NICs as well");
  sub.add_option("--parallel", t.parallel, "switches handled at once")->check(CLI::Range(1, 1024));
  sub.add_flag(
      "--accept-new-host-keys", t.accept_new_host_keys,
      "trust and record SSH host keys not yet in known_hosts (changed keys are still refused)");
  sub.add_flag("--strict", t.strict,
               "unsupported knobs exit 1 instead of being warnings (also the profile's "
               "[fabric] unsupported_knobs = \"fail\")");
  if (writes) sub.add_flag("-n,--dry-run", t.dry_run, "print the plan, change nothing");
  add_firmware_options(sub, t.pci, t.firmware, writes);
  if (writes)
    sub.add_option(
           "--lock-wait", t.lock_wait_s,
           "seconds to wait for another apply of the same host or switch (locks in /run/rocecfg)")
        ->check(CLI::Range(0, 3600));
}

int run_on_targets(const TargetOptions& t, const Globals& g, HostVerb host, SwitchVerb sw) {
  std::optional<std::vector<std::string>> interfaces = interfaces_or_report(t.interfaces);
  if (!interfaces) return kUsage;
  std::optional<profile::Intent> intent = load_profile_or_report(t.profile, g.json);
  if (!intent) return kUsage;
  if (!t.switches.empty() && g.inventory.empty())
    return report_error(kUsage, "--switch needs --inventory");
  // Check every file before the first target is touched.
  std::optional<profile::Inventory> inv;
  if (!g.inventory.empty()) {
    inv = load_inventory_or_report(g.inventory, g.json);
    if (!inv) return kUsage;
  }
  bool strict = t.strict || intent->strict_unsupported;
  int rc = kOk;
  if (g.inventory.empty() || t.local) {
    HostVerbOptions o{*interfaces, t.dry_run,   strict, g.json, g.verbose, t.textfile_dir,
                      t.lock_wait_s, t.pci,   t.firmware};
    rc = worst_exit_code(rc, host(*intent, o));
  }
  if (inv) {
    SwitchVerbOptions o;
    o.inventory = &*inv;
    o.switches = t.switches;
    o.dry_run = t.dry_run;
    o.strict = strict;
    o.json = g.json;
    o.verbose = g.verbose;
    o.parallel = t.parallel;
    o.accept_new_host_keys = t.accept_new_host_keys;
    o.lock_wait_s = t.lock_wait_s;
    rc = worst_exit_code(rc, sw(*intent, o));
  }
  return rc;
}

}  // namespace rocecfg::cmd
