// NVIDIA Cumulus Linux, internal interfaces of the adapter (see adapter.cpp
// for the vendor's model and pitfalls).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/result.h"
#include "plan/plan.h"
#include "switch/adapter.h"

namespace rocecfg::sw::cumulus {

// The texts parse() reads, identified by their own marks (recognise.cpp);
// any other text is refused with "not a cumulus config: line N: ...".
enum class BackupKind { nv_commands, startup_yaml, yaml_fragment, traffic_conf };
struct Backup {
  BackupKind kind = BackupKind::nv_commands;
  // The text cleaned (common/capture.h), line numbers kept: prompt lines and
  // the output of shown commands blanked, a uniform indent removed.
  std::string text;
  size_t passed_over = 0;  // prompt and output lines blanked
};
Result<Backup> recognise_backup(std::string_view text);
// Marks the recogniser and the readers share: an `nv ...` command (after an
// optional `sudo`; "" when the line is none), a traffic.conf `key = value`
// line's key, its family (`pfc` of `pfc.G.cos_list`), whether that family is
// documented, and whether a word is a top-level NVUE object.
std::string_view nv_command(std::string_view line);
std::optional<std::string> traffic_conf_key(std::string_view line);
std::string traffic_conf_family(std::string_view key);
bool traffic_conf_documented(std::string_view family);
bool nvue_object(std::string_view key);

// `nv config show -o commands` text (lines "nv set ..."; others ignored).
Result<sw::SwitchState> parse_nv_commands(std::string_view text);
// `nv config show` / /etc/nvue.d/startup.yaml (or a fragment of its `set`
// tree when `fragment`): flattened into the same "nv set" lines, line numbers
// kept (one output line per input line, "" where none), then parsed as above.
struct FlatYaml {
  std::string commands;
  size_t passed_over = 0;  // lines that are not part of the `set` tree's keys
};
Result<FlatYaml> startup_yaml_to_commands(std::string_view text, bool fragment);
// Legacy /etc/cumulus/datapath/traffic.conf (CL 3.x/4.x).
Result<sw::SwitchState> parse_traffic_conf(std::string_view text);

// Lines that make the config `now` exactly `before` again (restore.cpp);
// std::nullopt when a line fails the command gate.
std::optional<std::vector<std::string>> restore_nv(std::string_view before, std::string_view now);

Result<std::vector<std::string>> render_nv(const model::Settings& intent, const plan::Plan& changes,
                                           Diagnostics& warnings);

}  // namespace rocecfg::sw::cumulus
