// Switch-side helpers the generic verbs call besides cmd/verbs.h: offline
// audit of a config backup (`rocecfg audit PROFILE --vendor V --from-file F`).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "profile/intent.h"
#include "profile/inventory.h"
#include "switch/counter_collect.h"
#include "switch/counter_judge.h"
#include "switch/fleet.h"

namespace rocecfg::cmd {

// Audit a saved switch config (running-config text, config_db.json, NVUE
// commands/YAML, traffic.conf) against the profile. Every interface found in
// the file is audited (only `ports` when given). Prints drift (text or JSON); returns kOk, kDrift,
// or kUsage for an unknown vendor / unreadable or unparsable file. An inventory switch as the fleet
// runner takes it (~ in key paths expanded).
sw::FleetSwitch fleet_entry(const profile::SwitchEntry& e, bool accept_new_host_keys);

// The switches of a counter read as `rocecfg counters --json` prints them
// (payload.switches; probe --inventory puts the same under payload.switches).
nlohmann::json counter_reads_json(const std::vector<sw::CounterRead>& reads,
                                  const std::vector<sw::CounterJudgement>& judgements);

// An offline read names its switch by the config file: the file's name in
// tables and rows, its path once above them ("file: PATH"); audit and
// counters alike. Inventory names cannot hold a '/' (model::check_name), so
// a '/' means a path.
std::string file_display_name(const std::string& name);

int audit_switch_file(const profile::Intent& intent, const std::string& vendor,
                      const std::string& file, bool json, bool strict = false,
                      const std::vector<std::string>& ports = {});

}  // namespace rocecfg::cmd
