// Subcommands register themselves here (one file per subcommand), so adding a
// verb touches no shared file. main.cpp builds the CLI11 app from the registry.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace rocecfg::cmd {

// Exit codes shared by every verb (documented in --help and the README).
enum ExitCode : int {
  kOk = 0,            // success, no drift, healthy
  kDrift = 1,         // drift found, apply incomplete, or unhealthy
  kUsage = 2,         // bad command line, profile or inventory
  kRuntime = 3,       // a device or the system failed us
  kNotEvaluated = 4,  // gate only: could not reach a verdict (see `rocecfg gate --help`)
};

struct Globals {
  bool json = false;
  int verbose = 0;
  std::string inventory;  // --inventory FILE
};

// define() adds the subcommand's options to `sub` and returns the function that
// runs it once parsing succeeded; that function returns the exit code.
struct CommandSpec {
  std::string name;
  std::string summary;
  std::function<std::function<int()>(CLI::App& sub, Globals& globals)> define;
};

bool register_command(CommandSpec spec);
const std::vector<CommandSpec>& registered_commands();

}  // namespace rocecfg::cmd
