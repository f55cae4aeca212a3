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

CLI::Option* add_list_option(CLI::App& sub, const std::string& name,
                             std::vector<std::string>& values, const std::string& help) {
  return sub.add_option(name, values, help + " (repeatable, or a comma list: a,b)")->delimiter(',');
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
