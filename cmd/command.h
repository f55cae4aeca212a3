// Subcommands register themselves here (one file per subcommand), so adding a
// verb touches no shared file. main.cpp builds the CLI11 app from the registry.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/exit_code.h"

namespace rocecfg::cmd {

// Exit codes: core/exit_code.h (rocecfg::kOk ... kNotEvaluated), one table for all verbs.

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
  // The codes this verb can return, for its --help (empty: the whole table).
  std::vector<ExitCode> exit_codes = {};
};

bool register_command(CommandSpec spec);

// Every list flag (--ports, --port, --switch): repeatable and a comma list,
// as -i/--interface is (`--ports swp1,swp2` = `--ports swp1 --ports swp2`).
CLI::Option* add_list_option(CLI::App& sub, const std::string& name,
                             std::vector<std::string>& values, const std::string& help);

// For DIR options (--textfile): "" is refused instead of silently ignored.
CLI::Validator non_empty_directory_name();
const std::vector<CommandSpec>& registered_commands();

}  // namespace rocecfg::cmd
