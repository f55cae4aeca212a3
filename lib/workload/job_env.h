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
#include "workload/library_settings.h"
#include "workload/nccl_effective.h"

namespace rocecfg::workload {

struct JobEnv {
  std::vector<Hca> hcas;
  std::vector<Setting> settings;
  std::vector<std::string> warnings;  // a GID index that is not the profile's, a missing HCA, ...
};

JobEnv job_env(const profile::Intent& intent, const host::FsRoot& fs,
               const host::HostInventory& inv, const GetEnv& getenv);

enum class EnvFormat { text, shell, slurm };
std::string render_env(const JobEnv& env, EnvFormat format);
nlohmann::json to_json(const JobEnv& env);

}  // namespace rocecfg::workload
