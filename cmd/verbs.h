// The backend entry points the generic verbs (apply, audit) call. Each side is
// implemented next to its backend: host_verbs.cpp (lib/host) and
// switch_verbs.cpp (lib/switch). They print their own report (text or JSON)
// and return an exit code from command.h.
#pragma once

#include <string>
#include <vector>

#include "host/discovery.h"
#include "profile/intent.h"
#include "profile/inventory.h"

namespace rocecfg::cmd {

struct HostVerbOptions {
  std::vector<std::string> interfaces;  // --interface IF (repeatable); empty: discover
  bool dry_run = false;
  bool strict = false;  // unsupported knobs are drift (exit 1), not warnings
  bool json = false;
  int verbose = 0;
  std::string textfile_dir;  // audit: node_exporter metrics to DIR/rocecfg_audit.prom
  int lock_wait_s = 60;      // apply: how long to wait for another apply's host lock
  // The NIC firmware layer ([firmware] in the profile; cmd/firmware_layer.h):
  std::vector<std::string> pci;  // --pci ADDR: these NICs (without -i: the firmware layer only)
  bool firmware = false;         // apply --firmware: write next-boot values
};

// What a host run plans against: the profile's host knobs and, with
// [workload], the libraries' files (/etc/nccl.conf, ...) for `inv`'s HCAs
// (nullptr: offline, `plan`: no HCA list, the rest as apply writes it).
model::Settings host_intent_settings(const profile::Intent& intent, const host::HostInventory* inv);

int apply_hosts(const profile::Intent& intent, const HostVerbOptions& options);
int audit_hosts(const profile::Intent& intent, const HostVerbOptions& options);

struct SwitchVerbOptions {
  const profile::Inventory* inventory = nullptr;
  std::vector<std::string> switches;  // --switch NAME (repeatable); empty: all
  bool dry_run = false;
  bool strict = false;
  bool json = false;
  int verbose = 0;
  int parallel = 16;
  bool accept_new_host_keys = false;
  int lock_wait_s = 60;  // apply: how long to wait for another apply's switch lock
};

int apply_switches(const profile::Intent& intent, const SwitchVerbOptions& options);
int audit_switches(const profile::Intent& intent, const SwitchVerbOptions& options);

}  // namespace rocecfg::cmd
