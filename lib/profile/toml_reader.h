// Typed, range-checked reads from a toml++ table that report into Diagnostics
// instead of throwing, so one pass collects every problem in a file. Each
// read names the dotted key and points at the value (or the table when the key
// is missing).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "core/diagnostic.h"

namespace rocecfg::profile {

SourcePos pos_of(const toml::source_region& region, const std::string& fallback_path);

class TomlReader {
 public:
  TomlReader(Diagnostics& diags, std::string path) : diags_(diags), path_(std::move(path)) {}

  SourcePos pos(const toml::node& node) const { return pos_of(node.source(), path_); }
  SourcePos pos(const toml::key& key) const { return pos_of(key.source(), path_); }
  Diagnostics& diags() { return diags_; }

  // Reports keys of `table` not in `known`, with a "did you mean" suggestion.
  void check_keys(const toml::table& table, const std::string& prefix,
                  std::initializer_list<std::string_view> known);

  const toml::table* table(const toml::table& parent, std::string_view key,
                           const std::string& prefix);
  std::optional<std::string> string(const toml::table& t, std::string_view key,
                                    const std::string& prefix);
  std::optional<int64_t> integer(const toml::table& t, std::string_view key,
                                 const std::string& prefix, int64_t min, int64_t max,
                                 std::string_view allowed = {});
  std::optional<double> number(const toml::table& t, std::string_view key,
                               const std::string& prefix, double min, double max);
  std::optional<bool> boolean(const toml::table& t, std::string_view key,
                              const std::string& prefix);
  // A string naming one of `choices`.
  std::optional<std::string> choice(const toml::table& t, std::string_view key,
                                    const std::string& prefix,
                                    std::initializer_list<std::string_view> choices);
  std::optional<std::string> choice(const toml::table& t, std::string_view key,
                                    const std::string& prefix,
                                    std::span<const std::string_view> choices);
  // "150KB"-style sizes (explicit units required), at most `max_bytes`; a
  // size whose bytes do not fit 64 bits is refused, never wrapped.
  std::optional<uint64_t> bytes(const toml::table& t, std::string_view key,
                                const std::string& prefix, uint64_t max_bytes = UINT64_MAX);
  std::optional<uint64_t> bytes_value(const toml::node& node, const std::string& key,
                                      uint64_t max_bytes = UINT64_MAX);
  // An array of integers each in [min, max]; every bad element is reported.
  std::optional<std::vector<int64_t>> int_array(const toml::table& t, std::string_view key,
                                                const std::string& prefix, int64_t min, int64_t max,
                                                std::string_view allowed = {});

  void error(const toml::node& at, const std::string& key, std::string message,
             std::string allowed = {}) {
    diags_.error(pos(at), key, std::move(message), std::move(allowed));
  }
  void warning(const toml::node& at, const std::string& key, std::string message) {
    diags_.warning(pos(at), key, std::move(message));
  }

 private:
  const toml::node* value_node(const toml::table& t, std::string_view key) const;
  Diagnostics& diags_;
  std::string path_;
};

std::string join_key(const std::string& prefix, std::string_view key);
// Levenshtein-closest candidate within distance 2, or empty.
std::string closest(std::string_view word, std::initializer_list<std::string_view> candidates);
// The same over any list (CLI verbs, vendor names).
std::string closest(std::string_view word, std::span<const std::string_view> candidates);

}  // namespace rocecfg::profile
