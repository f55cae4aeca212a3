#include "profile/overlay.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "profile/toml_reader.h"

namespace rocecfg::profile {

namespace fs = std::filesystem;

void merge_tables(toml::table& base, toml::table&& top) {
  // Nodes are moved, not copied: toml++ drops the source position on copy,
  // and diagnostics must point at the file a value came from.
  for (auto& [key, node] : top) {
    toml::node* existing = base.get(key);
    if (existing && existing->is_table() && node.is_table()) {
      merge_tables(*existing->as_table(), std::move(*node.as_table()));
      continue;
    }
    if (node.is_table()) {
      base.insert_or_assign(key, std::move(*node.as_table()));
    } else if (node.is_array()) {
      base.insert_or_assign(key, std::move(*node.as_array()));
    } else {
      node.visit([&](auto&& value) { base.insert_or_assign(key, std::move(value)); });
    }
  }
}

namespace {

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

toml::table parse_with_includes(const std::string& text, const std::string& path,
                                Diagnostics& diags, std::set<std::string>& visiting) {
  // Debian's toml++ is built with exceptions: parse errors arrive as one.
  toml::table own;
  try {
    own = toml::parse(text, path);
  } catch (const toml::parse_error& err) {
    diags.error(pos_of(err.source(), path), "", fmt::format("TOML syntax: {}", err.description()));
    return {};
  }
  toml::node* include = own.get("include");
  if (!include) return own;

  TomlReader reader(diags, path);
  std::vector<const toml::node*> names;
  if (include->is_string()) {
    names.push_back(include);
  } else if (include->is_array()) {
    for (const toml::node& n : *include->as_array()) names.push_back(&n);
  } else {
    reader.error(*include, "include", "must be a file name or an array of file names");
  }

  toml::table merged;
  fs::path dir = fs::path(path).parent_path();
  for (const toml::node* n : names) {
    if (!n->is_string()) {
      reader.error(*n, "include", "must be a file name (string)");
      continue;
    }
    fs::path target = dir / n->as_string()->get();
    std::string key = fs::weakly_canonical(target).string();
    if (visiting.contains(key)) {
      reader.error(*n, "include", fmt::format("\"{}\" includes itself (cycle)", target.string()));
      continue;
    }
    std::optional<std::string> content = read_file(target.string());
    if (!content) {
      reader.error(*n, "include", fmt::format("cannot read \"{}\"", target.string()));
      continue;
    }
    visiting.insert(key);
    toml::table base = parse_with_includes(*content, target.string(), diags, visiting);
    visiting.erase(key);
    merge_tables(merged, std::move(base));
  }
  own.erase("include");
  merge_tables(merged, std::move(own));
  return merged;
}

}  // namespace rocecfg::profile
