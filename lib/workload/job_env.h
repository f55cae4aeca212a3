// `rocecfg env`: the environment a job should carry so that its libraries
// send in the lossless class, for a shell (export lines to eval), a Slurm
// TaskProlog (whose stdout "export NAME=value" lines Slurm sets in the task's
// environment; slurm.conf TaskProlog), JSON, or people.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/discovery.h"
#include "profile/intent.h"
#include "profile/inventory.h"
#include "workload/library_settings.h"
#include "workload/nccl_effective.h"

namespace rocecfg::workload {

struct JobEnv {
  std::vector<Hca> hcas;
  std::vector<Setting> settings;
  std::vector<std::string> warnings;  // a GID index that is not the profile's, a missing HCA, ...
};

// The HCAs an inventory [[host]] declares (its NICs, by rail), for `env
// --inventory INV --host NAME`. A single-NIC form without rdma_device names
// no device: left out, with a warning. nic_rule = "ethernet" names none
// either: on the host it is every RDMA device with an Ethernet port.
struct DeclaredHcas {
  std::string source;  // "inventory host gpu001"
  std::vector<std::string> names;
  std::vector<std::string> netdevs;  // parallel to names; "" when not stated
  std::vector<std::string> warnings;
  bool by_rule = false;
};
DeclaredHcas declared_hcas(const profile::HostEntry& host);

// The job's HCAs are the ones the host has, narrowed to what is declared
// (the inventory host's NICs when given, else workload.hca); a declared name
// the host lacks is a warning. A host with no RDMA device at all (a login
// node writing a job's environment) cannot say: the declared names are used
// as they are, marked not seen, with a warning.
JobEnv job_env(const profile::Intent& intent, const host::FsRoot& fs,
               const host::HostInventory& inv, const GetEnv& getenv,
               const DeclaredHcas* declared = nullptr);

enum class EnvFormat { text, shell, slurm };
std::string render_env(const JobEnv& env, EnvFormat format);
nlohmann::json to_json(const JobEnv& env);

}  // namespace rocecfg::workload
