// Host expressions as Slurm writes them ($SLURM_JOB_NODELIST, `scontrol show
// hostnames`): comma-separated names, each with zero or more bracket groups
// of numbers and ranges, expanded left to right as a cartesian product:
//   gpu[001-004]            -> gpu001 gpu002 gpu003 gpu004
//   gpu[1,3,7-8],login1     -> gpu1 gpu3 gpu7 gpu8 login1
//   rack[1-2]-n[01-02]      -> rack1-n01 rack1-n02 rack2-n01 rack2-n02
// A range keeps the width of its lower bound's digits when that has leading
// zeros (Slurm's rule: "[001-064]" pads to three digits, "[1-64]" does not).
// The order is the order written (NCCL's ring follows it). Errors name the
// column; a name listed twice is an error, since a host cannot probe itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace rocecfg::model {

// Upper bound on the expansion, so "n[0-99999999]" fails instead of eating memory.
inline constexpr size_t kMaxHosts = 65536;

Result<std::vector<std::string>> expand_hostlist(const std::string& expression);

// The number a host name ends with ("gpu007" -> 7, "rack2-n03" -> 3): the
// inventory's {n} placeholder. None when the name does not end in a digit.
std::optional<uint64_t> trailing_number(const std::string& name);

// The ring successor of `me` in a job's node list (NCCL's ring follows the
// list's order; the last node's successor is the first). Errors when `me` is
// not in the list or the list has one node.
Result<std::string> ring_successor(const std::string& nodelist, const std::string& me);

// This host's name as Slurm and a fabric run list it: gethostname() up to
// the first dot (empty when it fails).
std::string short_host_name();

// Two names of one system: a host name, an LLDP system name, an inventory's
// switch or host name compare up to their first dot, case-insensitively
// ("leaf3.example.net" is "LEAF3").
bool same_system_name(std::string_view a, std::string_view b);

}  // namespace rocecfg::model
