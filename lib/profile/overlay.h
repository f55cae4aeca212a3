// Profile overlays: a profile may `include` base profiles (site -> rack ->
// role). Merge rule: includes are merged first, in the order listed, then the
// including file on top. Tables merge key by key, recursively; any other value
// (scalars, arrays) replaces the earlier one whole, and so do the tables that
// are one value, a map whose keys are data (kValueTables: `ets.bandwidth_percent`,
// `dscp_map`): `bandwidth_percent = { 3 = 100 }` on top of `{ 0 = 50, 3 = 50 }`
// is `{ 3 = 100 }`, never a 150 % mix. `unset = ["ecn", "ets.strict"]` in the
// including file drops inherited keys before its own are merged. Every node
// keeps the source position of the file it came from, so a diagnostic points
// at the file that set the offending value.
#pragma once

#include <map>
#include <set>
#include <string>

#include <toml++/toml.h>

#include "core/diagnostic.h"

namespace rocecfg::profile {

// Each file is read at most once per load (a second include of the same
// file is an error naming the first), and one load reads at most
// kMaxIncludedFiles files: four 16 KB files including each other twice over
// once meant 27 million parses.
inline constexpr int kMaxIncludedFiles = 32;

// What one load has read so far, keyed by the file's canonical path.
struct IncludeChain {
  std::set<std::string> visiting;                // the current chain, for cycles
  std::map<std::string, SourcePos> included_at;  // every file read, where from
  int files = 0;
};

// Parse `text` (from `path`) and resolve its includes recursively. Syntax
// errors, over-deep keys and include problems are reported; returns the
// merged table (which no longer contains `include`).
toml::table parse_with_includes(const std::string& text, const std::string& path,
                                Diagnostics& diags, IncludeChain& chain);

// A path's identity for "already included": canonical where the file system
// can say, else the path made absolute; never throws.
std::string include_key(const std::string& path);

// Tables that are one value (dotted paths from the profile's root).
inline constexpr const char* kValueTables[] = {"ets.bandwidth_percent", "dscp_map"};

// Merge `top` into `base` with the rule above; `path` is where `base` sits
// in the profile ("" for the root).
void merge_tables(toml::table& base, toml::table&& top, const std::string& path = "");

}  // namespace rocecfg::profile
