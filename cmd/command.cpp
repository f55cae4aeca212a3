#include "command.h"

namespace rocecfg::cmd {

namespace {
std::vector<CommandSpec>& registry() {
  static std::vector<CommandSpec> commands;
  return commands;
}
}  // namespace

bool register_command(CommandSpec spec) {
  registry().push_back(std::move(spec));
  return true;
}

const std::vector<CommandSpec>& registered_commands() {
  return registry();
}

CLI::Validator non_empty_directory_name() {
  return CLI::Validator(
      [](std::string& value) {
        return value.empty() ? std::string("needs a directory, got an empty string")
                             : std::string();
      },
      "DIR");
}

}  // namespace rocecfg::cmd
