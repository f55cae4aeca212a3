// The one exit-code table of rocecfg. Every verb maps each of its outcomes
// onto these codes; lib/ modules that decide an outcome (host session, gate)
// use them directly, --help and the man page print exit_code_help(), and a
// test checks the README's table against exit_code_table().
//
// A run over several targets reports the most severe code
// (worst_exit_code): 2, then 3, then 1, then 4, then 0. 4 is "could not
// evaluate": the gate without RDMA devices or peer, an audit that saw no
// drift but could not observe some intended knobs (not in a switch config).
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace rocecfg {

enum ExitCode : int {
  kOk = 0,            // success: applied, no drift, healthy
  kDrift = 1,         // drift found, apply incomplete, probe or gate unhealthy
  kUsage = 2,         // bad command line, profile, inventory or argument value
  kRuntime = 3,       // a device, the kernel, SSH or RDMA failed us
  kNotEvaluated = 4,  // no verdict: nothing (or not everything intended) was observed
};

struct ExitCodeInfo {
  ExitCode code;
  std::string_view meaning;  // one line, as the README table and --help print it
};

// All codes in ascending order, with the meaning users read.
std::span<const ExitCodeInfo> exit_code_table();

// The "Exit codes:" block for --help. `only` (non-empty) restricts it to the
// codes a verb can return.
std::string exit_code_help(std::span<const ExitCode> only = {});

// The code of a run over several targets: the most severe one.
int worst_exit_code(int a, int b);

}  // namespace rocecfg
