// The [workload] table (profiles/README.md): what the job's NCCL/UCX/HCCL
// must send. Read after every other table, because its defaults derive from
// [rdma_cm] tos and [lossless], and its rules check against them.
#pragma once

#include <toml++/toml.h>

#include "profile/intent.h"
#include "profile/toml_reader.h"

namespace rocecfg::profile {

void read_workload(TomlReader& r, const toml::table& root, Intent& intent);

}  // namespace rocecfg::profile
