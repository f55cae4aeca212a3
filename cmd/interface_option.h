// The -i/--interface option every host verb takes, and its parsing: comma
// lists split, duplicates merged, every bad name reported (exit 2) before the
// verb touches anything (host/interface_args.h has the rules).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace rocecfg::cmd {

void add_interface_option(CLI::App& sub, std::vector<std::string>& values, const std::string& help);

// The names to use, or nullopt after printing (and recording for --json)
// every bad value.
std::optional<std::vector<std::string>> interfaces_or_report(
    const std::vector<std::string>& values);

// The same, and every name must exist now (gate, doctor: a named interface
// that is not there is the operator's mistake, exit 2, not a finding about
// the host). Every missing name is reported, not only the first.
std::optional<std::vector<std::string>> existing_interfaces_or_report(
    const std::vector<std::string>& values);

}  // namespace rocecfg::cmd
