// rocecfg(8) from the CLI definitions themselves: `rocecfg --manpage
// TEMPLATE` fills the prose template (packaging/rocecfg.8.in) with the global
// options, every verb with its summary, usage and options, and the exit-code
// table of lib/core. The build generates the installed page this way, so the
// page, --help and the code cannot drift apart.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace rocecfg::cmd {

// The template's @GLOBAL_OPTIONS@, @COMMANDS@ and @EXIT_STATUS@ lines are
// replaced; everything else is copied as it is.
std::string render_manpage(const CLI::App& app, const std::string& template_text);

}  // namespace rocecfg::cmd
