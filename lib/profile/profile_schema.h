// The profile language: which tables and keys exist, their ranges, and the
// cross-field rules (the FBOSS lesson: config is not state; the conversion
// checks consistency and names the object). Documented key by key in
// profiles/README.md.
#pragma once

#include <string>

#include <toml++/toml.h>

#include "core/diagnostic.h"
#include "profile/intent.h"

namespace rocecfg::profile {

// Fills `intent` from the merged table; every problem goes to `diags`.
// `buffer_rules`: run the buffer rules (profile/buffer_checks.h).
void read_profile(const toml::table& root, const std::string& path, Intent& intent,
                  Diagnostics& diags, bool buffer_rules = true);

}  // namespace rocecfg::profile
