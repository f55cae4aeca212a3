// Which Cumulus backup a text is, or that it is none: the parser starts
// from factory defaults, so text it cannot read would otherwise become "a
// switch with nothing changed" (an `nv show qos roce` table read as a lossy
// switch). Read are `nv config show -o commands` (flat `nv set` lines),
// /etc/nvue.d/startup.yaml (`nv config show` YAML) and the legacy
// /etc/cumulus/datapath/traffic.conf; `nv show` tables are not.
#include <regex>
#include <sstream>

#include <fmt/format.h>

#include "cumulus/cumulus.h"

namespace rocecfg::sw::cumulus {

namespace {

constexpr std::string_view kExpected =
    "`nv config show -o commands`, /etc/nvue.d/startup.yaml or "
    "/etc/cumulus/datapath/traffic.conf";

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r");
  size_t b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

std::unexpected<Error> refuse(int line, const std::string& text, std::string_view why) {
  std::string shown = text.size() > 120 ? text.substr(0, 120) + "..." : text;
  return fail(ErrorKind::invalid_input, "not a cumulus config",
              fmt::format("line {}: {} ({}; expected {})", line, shown, why, kExpected));
}

}  // namespace

Result<BackupKind> recognise_backup(std::string_view text) {
  static const std::regex key_value(R"(^[A-Za-z0-9_]+(\.[A-Za-z0-9_\-]+)+\s*=.*$)");
  std::istringstream in{std::string(text)};
  std::optional<BackupKind> kind;
  int line_no = 0;
  for (std::string raw; std::getline(in, raw);) {
    ++line_no;
    std::string t = trim(raw);
    if (t.empty() || t[0] == '#') continue;
    if (!kind) {
      if (t.starts_with("nv ") || t.starts_with("sudo nv "))
        kind = BackupKind::nv_commands;
      else if (t == "- set:" || t == "- header:" || t.starts_with("- set:") ||
               t.starts_with("- header:"))
        kind = BackupKind::startup_yaml;
      else if (std::regex_match(t, key_value))
        kind = BackupKind::traffic_conf;
      else
        return refuse(line_no, t, "not an NVUE command, NVUE YAML or traffic.conf line");
      continue;
    }
    if (*kind == BackupKind::nv_commands) {
      if (t.starts_with("sudo ")) t = trim(t.substr(5));
      if (!(t.starts_with("nv set ") || t.starts_with("nv unset ") || t.starts_with("nv config ")))
        return refuse(line_no, t, "not an `nv set` / `nv unset` command");
    } else if (*kind == BackupKind::traffic_conf) {
      if (!std::regex_match(t, key_value))
        return refuse(line_no, t, "not a traffic.conf `key = value` line");
    }
    // startup.yaml: the YAML reader says where it fails.
  }
  if (!kind)
    return fail(ErrorKind::invalid_input, "not a cumulus config",
                fmt::format("no configuration statement in the text (expected {})", kExpected));
  return *kind;
}

}  // namespace rocecfg::sw::cumulus
