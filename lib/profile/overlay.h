// Profile overlays: a profile may `include` base profiles (site -> rack ->
// role). Merge rule: includes are merged first, in the order listed, then the
// including file on top. Tables merge key by key, recursively; any other value
// (scalars, arrays, inline tables count as tables) replaces the earlier one
// whole. Every node keeps the source position of the file it came from, so a
// diagnostic points at the file that set the offending value.
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

// Merge `top` into `base` with the rule above.
void merge_tables(toml::table& base, toml::table&& top);

}  // namespace rocecfg::profile
