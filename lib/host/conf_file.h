// KEY=VALUE configuration files that other programs read, edited so that
// rocecfg owns only its keys: every other byte of the file stays as it was.
//
// Two readers, two sets of rules (the readers' source is the truth):
// * nccl: NCCL's setEnvFile (NVIDIA/nccl src/misc/param.cc @5067397c):
//   a line starting with '#' is a comment; the key is everything before the
//   first '=' and the value everything after it, with NO whitespace
//   trimming ("NCCL_IB_TC = 106" sets a variable named "NCCL_IB_TC "); each
//   pair goes through setenv(name, value, 0) (src/os/linux.cc), so the first
//   occurrence of a key wins and the process environment beats the file.
// * ini: UCX's ucx.conf through inih (openucx/ucx src/ucs/config/parser.c
//   @9466d104): name and value trimmed, ';' and '#' comment lines, and
//   "[section]" headers that restrict the following keys to a CPU model; a
//   later value of a key overrides an earlier one. rocecfg manages only the
//   global part before the first section.
#pragma once

#include <map>
#include <optional>
#include <string>

namespace rocecfg::host {

enum class ConfSyntax { nccl, ini };

// The entries the reader would take from `text` (global part only for ini).
std::map<std::string, std::string> conf_entries(const std::string& text, ConfSyntax syntax);

// `text` with each key of `changes` set to its value (nullopt: its lines
// removed). The effective line of a key is rewritten in place; a new key is
// appended (nccl) or inserted before the first section (ini). Other lines,
// their order and the final newline (or its absence) are kept.
std::string conf_update(const std::string& text,
                        const std::map<std::string, std::optional<std::string>>& changes,
                        ConfSyntax syntax);

}  // namespace rocecfg::host
