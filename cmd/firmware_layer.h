// The NIC firmware layer of `apply` and `audit` (vendors/nic/firmware_session.h):
// which NICs (--pci, or the PCI functions under the target netdevs), the
// run, and its text and JSON. Runs only when the profile has [firmware].
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "host/discovery.h"
#include "nic/firmware_session.h"
#include "profile/intent.h"
#include "verbs.h"

namespace rocecfg::cmd {

// --pci (both verbs) and --firmware (apply).
void add_firmware_options(CLI::App& sub, std::vector<std::string>& pci, bool& firmware,
                          bool writes);

// Reads (and with `write`, writes next-boot values of) the firmware layer of
// the NICs named by `pci`, else of the PCI functions under `netdevs`.
// Shared by apply/audit and doctor.
nic::FirmwareReport read_firmware_layer(const profile::Intent& intent,
                                        const std::vector<std::string>& pci,
                                        const std::vector<host::Netdev>& netdevs, bool write,
                                        bool strict);

// Audit (apply = false) or apply the firmware layer over `netdevs` (or
// o.pci); prints, records the JSON payload's "firmware", returns the exit
// code. Without [firmware] in the profile: kOk and nothing printed.
int run_firmware_layer(const profile::Intent& intent, const HostVerbOptions& o,
                       const std::vector<host::Netdev>& netdevs, bool apply);

}  // namespace rocecfg::cmd
