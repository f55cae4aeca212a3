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

// The backups parse() reads (recognise.cpp); any other text is refused with
// "not a cumulus config: line N: ..." at its first unrecognised line.
enum class BackupKind { nv_commands, startup_yaml, traffic_conf };
Result<BackupKind> recognise_backup(std::string_view text);

// `nv config show -o commands` text (lines "nv set ..."; others ignored).
Result<sw::SwitchState> parse_nv_commands(std::string_view text);
// `nv config show` / /etc/nvue.d/startup.yaml: flattened into the same
// "nv set" lines, then parsed as above.
Result<std::vector<std::string>> startup_yaml_to_commands(std::string_view text);
// Legacy /etc/cumulus/datapath/traffic.conf (CL 3.x/4.x).
Result<sw::SwitchState> parse_traffic_conf(std::string_view text);

// Lines that make the config `now` exactly `before` again (restore.cpp);
// std::nullopt when a line fails the command gate.
std::optional<std::vector<std::string>> restore_nv(std::string_view before, std::string_view now);

Result<std::vector<std::string>> render_nv(const model::Settings& intent, const plan::Plan& changes,
                                           Diagnostics& warnings);

}  // namespace rocecfg::sw::cumulus
