// Profile overlays: a profile may `include` base profiles (site -> rack ->
// role). Merge rule: includes are merged first, in the order listed, then the
// including file on top. Tables merge key by key, recursively; any other value
// (scalars, arrays, inline tables count as tables) replaces the earlier one
// whole. Every node keeps the source position of the file it came from, so a
// diagnostic points at the file that set the offending value.
#pragma once

#include <set>
#include <string>

#include <toml++/toml.h>

#include "core/diagnostic.h"

namespace rocecfg::profile {

// Parse `text` (from `path`) and resolve its includes recursively. Syntax
// errors and include problems are reported; returns the merged table (which
// no longer contains `include`).
toml::table parse_with_includes(const std::string& text, const std::string& path,
                                Diagnostics& diags, std::set<std::string>& visiting);

// Merge `top` into `base` with the rule above.
void merge_tables(toml::table& base, toml::table&& top);

}  // namespace rocecfg::profile
