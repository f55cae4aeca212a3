// The [buffers] arithmetic keys and the buffer rules (lib/buffers/rules.h)
// as part of loading a profile: the rules' findings become located errors
// (or, for a waived rule, warnings), so validate, plan and doctor all refuse
// the same profile with the same words.
#pragma once

#include <toml++/toml.h>

#include "buffers/rules.h"
#include "profile/intent.h"
#include "profile/toml_reader.h"

namespace rocecfg::profile {

// Reads port_speed, asic, fabric_rtt_us and waive from the [buffers] table.
void read_buffer_intent(TomlReader& r, const toml::table& buffers, Intent& intent);

// The profile's figures as the rules take them.
buffers::BufferFacts buffer_facts(const Intent& intent);

// Runs the rules once everything is read.
void check_buffer_rules(TomlReader& r, const toml::table& root, const Intent& intent);

}  // namespace rocecfg::profile
