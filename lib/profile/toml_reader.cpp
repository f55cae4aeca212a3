#include "profile/toml_reader.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/units.h"

namespace rocecfg::profile {

SourcePos pos_of(const toml::source_region& region, const std::string& fallback_path) {
  SourcePos p;
  p.path = region.path ? std::string(*region.path) : fallback_path;
  p.line = static_cast<int>(region.begin.line);
  p.column = static_cast<int>(region.begin.column);
  return p;
}

std::string join_key(const std::string& prefix, std::string_view key) {
  return prefix.empty() ? std::string(key) : prefix + "." + std::string(key);
}

namespace {
// Optimal string alignment distance: insertions, deletions, substitutions and
// adjacent transpositions ("trsut" -> "trust" is one edit) each cost 1.
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

std::string join_choices(std::initializer_list<std::string_view> items) {
  std::string out;
  for (std::string_view s : items) out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}
}  // namespace

std::string closest(std::string_view word, std::initializer_list<std::string_view> candidates) {
  return closest(word, std::span<const std::string_view>(candidates.begin(), candidates.size()));
}

std::string closest(std::string_view word, std::span<const std::string_view> candidates) {
  // Short words get one edit of slack, longer ones two: "qos" is not "ets".
  std::string best;
  size_t best_distance = word.size() <= 4 ? 2 : 3;
  for (std::string_view c : candidates) {
    size_t d = edit_distance(word, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  return best;
}

void TomlReader::check_keys(const toml::table& table, const std::string& prefix,
                            std::initializer_list<std::string_view> known) {
  for (const auto& [key, node] : table) {
    if (std::find(known.begin(), known.end(), key.str()) != known.end()) continue;
    std::string message = "unknown key";
    std::string suggestion = closest(key.str(), known);
    if (!suggestion.empty()) message += fmt::format(" (did you mean '{}'?)", suggestion);
    diags_.error(pos(key), join_key(prefix, key.str()), message, join_choices(known));
  }
}

const toml::node* TomlReader::value_node(const toml::table& t, std::string_view key) const {
  return t.get(key);
}

const toml::table* TomlReader::table(const toml::table& parent, std::string_view key,
                                     const std::string& prefix) {
  const toml::node* n = value_node(parent, key);
  if (!n) return nullptr;
  if (!n->is_table()) {
    error(*n, join_key(prefix, key), "must be a table");
    return nullptr;
  }
  return n->as_table();
}

std::optional<std::string> TomlReader::string(const toml::table& t, std::string_view key,
                                              const std::string& prefix) {
  const toml::node* n = value_node(t, key);
  if (!n) return std::nullopt;
  if (!n->is_string()) {
    error(*n, join_key(prefix, key), "must be a string");
    return std::nullopt;
  }
  return n->as_string()->get();
}

std::optional<int64_t> TomlReader::integer(const toml::table& t, std::string_view key,
                                           const std::string& prefix, int64_t min, int64_t max,
                                           std::string_view allowed) {
  const toml::node* n = value_node(t, key);
  if (!n) return std::nullopt;
  std::string k = join_key(prefix, key);
  std::string range = allowed.empty() ? fmt::format("{}..{}", min, max) : std::string(allowed);
  if (!n->is_integer()) {
    error(*n, k, "must be an integer", range);
    return std::nullopt;
  }
  int64_t v = n->as_integer()->get();
  if (v < min || v > max) {
    error(*n, k, fmt::format("{} is out of range", v), range);
    return std::nullopt;
  }
  return v;
}

std::optional<double> TomlReader::number(const toml::table& t, std::string_view key,
                                         const std::string& prefix, double min, double max) {
  const toml::node* n = value_node(t, key);
  if (!n) return std::nullopt;
  std::string k = join_key(prefix, key);
  std::string range = fmt::format("{}..{}", min, max);
  if (!n->is_number()) {
    error(*n, k, "must be a number", range);
    return std::nullopt;
  }
  double v =
      n->is_integer() ? static_cast<double>(n->as_integer()->get()) : n->as_floating_point()->get();
  // Written as "not inside" so NaN (for which every comparison is false) is refused too.
  if (!(v >= min && v <= max)) {
    error(*n, k, std::isnan(v) ? "nan is not a usable value" : fmt::format("{} is out of range", v),
          range);
    return std::nullopt;
  }
  return v;
}

std::optional<bool> TomlReader::boolean(const toml::table& t, std::string_view key,
                                        const std::string& prefix) {
  const toml::node* n = value_node(t, key);
  if (!n) return std::nullopt;
  if (!n->is_boolean()) {
    error(*n, join_key(prefix, key), "must be true or false");
    return std::nullopt;
  }
  return n->as_boolean()->get();
}

std::optional<std::string> TomlReader::choice(const toml::table& t, std::string_view key,
                                              const std::string& prefix,
                                              std::initializer_list<std::string_view> choices) {
  return choice(t, key, prefix, std::span<const std::string_view>(choices.begin(), choices.size()));
}

std::optional<std::string> TomlReader::choice(const toml::table& t, std::string_view key,
                                              const std::string& prefix,
                                              std::span<const std::string_view> choices) {
  const toml::node* n = value_node(t, key);
  if (!n) return std::nullopt;
  std::string k = join_key(prefix, key);
  std::string list;
  for (std::string_view c : choices) list += (list.empty() ? "\"" : ", \"") + std::string(c) + "\"";
  if (!n->is_string()) {
    error(*n, k, "must be a string", list);
    return std::nullopt;
  }
  std::string v = n->as_string()->get();
  if (std::find(choices.begin(), choices.end(), v) == choices.end()) {
    error(*n, k, fmt::format("\"{}\" is not a known value", v), list);
    return std::nullopt;
  }
  return v;
}

std::optional<uint64_t> TomlReader::bytes_value(const toml::node& n, const std::string& key,
                                                uint64_t max_bytes) {
  if (!n.is_string()) {
    error(n, key, "must be a size string with a unit, e.g. \"150KB\"", std::string(kByteUnits));
    return std::nullopt;
  }
  std::string text = n.as_string()->get();
  std::optional<uint64_t> v = parse_bytes(text);
  if (!v) {
    error(n, key, fmt::format("\"{}\" is not a size", text), std::string(kByteUnits));
  } else if (*v > max_bytes) {
    error(n, key, fmt::format("\"{}\" is {} bytes, too large", text, *v),
          fmt::format("at most {} bytes", max_bytes));
    return std::nullopt;
  }
  return v;
}

std::optional<uint64_t> TomlReader::bytes(const toml::table& t, std::string_view key,
                                          const std::string& prefix, uint64_t max_bytes) {
  const toml::node* n = value_node(t, key);
  if (!n) return std::nullopt;
  return bytes_value(*n, join_key(prefix, key), max_bytes);
}

std::optional<std::vector<int64_t>> TomlReader::int_array(const toml::table& t,
                                                          std::string_view key,
                                                          const std::string& prefix, int64_t min,
                                                          int64_t max, std::string_view allowed) {
  const toml::node* n = value_node(t, key);
  if (!n) return std::nullopt;
  std::string k = join_key(prefix, key);
  std::string range = allowed.empty() ? fmt::format("{}..{}", min, max) : std::string(allowed);
  if (!n->is_array()) {
    error(*n, k, "must be an array of integers", range);
    return std::nullopt;
  }
  std::vector<int64_t> out;
  bool ok = true;
  size_t i = 0;
  for (const toml::node& e : *n->as_array()) {
    std::string ek = fmt::format("{}[{}]", k, i++);
    if (!e.is_integer()) {
      error(e, ek, "must be an integer", range);
      ok = false;
      continue;
    }
    int64_t v = e.as_integer()->get();
    if (v < min || v > max) {
      error(e, ek, fmt::format("{} is out of range", v), range);
      ok = false;
      continue;
    }
    out.push_back(v);
  }
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace rocecfg::profile
