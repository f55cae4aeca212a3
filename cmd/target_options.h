// Options shared by apply and audit: which targets (this host's NICs, or the
// inventory's switches) and how.
#pragma once

#include <string>
#include <vector>

#include "command.h"
#include "profile/intent.h"
#include "verbs.h"

namespace rocecfg::cmd {

struct TargetOptions {
  std::string profile;
  std::vector<std::string> interfaces;
  std::vector<std::string> switches;
  bool dry_run = false;
  bool strict = false;  // unsupported knobs exit 1 (also [fabric] unsupported_knobs = "fail")
  bool local = false;   // with --inventory: this host's NICs too
  int parallel = 16;
  bool accept_new_host_keys = false;
  std::string textfile_dir;      // audit --textfile (this host's report)
  int lock_wait_s = 60;          // apply --lock-wait
  std::vector<std::string> pci;  // --pci (the firmware layer's NICs)
  bool firmware = false;         // apply --firmware
};

void add_target_options(CLI::App& sub, TargetOptions& t, bool writes);

using HostVerb = int (*)(const profile::Intent&, const HostVerbOptions&);
using SwitchVerb = int (*)(const profile::Intent&, const SwitchVerbOptions&);

// Without --inventory: this host. With it: its switches (and this host with
// --local). The worst exit code wins.
int run_on_targets(const TargetOptions& t, const Globals& g, HostVerb host, SwitchVerb sw);

}  // namespace rocecfg::cmd
