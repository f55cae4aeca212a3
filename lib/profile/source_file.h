// Limits on a user's TOML file (profile, include, inventory): at most
// kMaxSourceBytes, read with core/regular_file (regular files only), and no
// key or table nested deeper than kMaxKeyDepth. toml++ recurses per dotted-key segment, so a
// 100 KB `[a.a.a....]` header overflows the stack inside the parser; the depth
// check runs on the raw text before toml++ sees it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostic.h"
#include "core/regular_file.h"

namespace rocecfg::profile {

// 1 MiB: the largest shipped profile is under 8 KB; a generated inventory of
// a few thousand switches still fits.
inline constexpr size_t kMaxSourceBytes = 1024 * 1024;
// Dotted segments in one key or table header ("a.b.c" is 3). Our schema
// needs 3; TOML arrays and inline tables are capped by toml++ itself (256).
inline constexpr int kMaxKeyDepth = 32;

// read_regular_file with the limit above.
Result<std::string> read_source_file(const std::string& path);

// Where `text` first nests a key deeper than `max_depth`, if anywhere.
std::optional<SourcePos> find_deep_key(std::string_view text, const std::string& path,
                                       int max_depth = kMaxKeyDepth);

}  // namespace rocecfg::profile
