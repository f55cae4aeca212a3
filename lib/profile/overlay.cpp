#include "profile/overlay.h"

#include <filesystem>

#include <fmt/format.h>

#include "core/printable.h"
#include "profile/source_file.h"
#include "profile/toml_reader.h"

namespace rocecfg::profile {

namespace fs = std::filesystem;

namespace {

bool is_value_table(const std::string& path) {
  for (const char* v : kValueTables)
    if (path == v) return true;
  return false;
}

// Remove the dotted `path` from `t`; false when nothing was there.
bool erase_path(toml::table& t, std::string_view path) {
  size_t dot = path.find('.');
  if (dot == std::string_view::npos) return t.erase(path) > 0;
  toml::table* sub = t.get_as<toml::table>(path.substr(0, dot));
  return sub && erase_path(*sub, path.substr(dot + 1));
}

// `unset = ["key", "table.key"]`: inherited keys the including file drops.
void apply_unset(toml::table& inherited, const toml::node& unset, bool has_include,
                 TomlReader& reader) {
  if (!has_include) {
    reader.error(unset, "unset",
                 "drops keys inherited through include; this file includes nothing");
    return;
  }
  const toml::array* names = unset.as_array();
  if (!names) {
    reader.error(unset, "unset", "must be an array of keys, e.g. unset = [\"ets.strict\"]");
    return;
  }
  for (const toml::node& n : *names) {
    const toml::value<std::string>* name = n.as_string();
    if (!name)
      reader.error(n, "unset", "must be a key name (string), e.g. \"ecn\" or \"ets.strict\"");
    else if (!erase_path(inherited, name->get()))
      reader.error(
          n, "unset",
          fmt::format("\"{}\" is not set by the included files; nothing to drop", name->get()));
  }
}

}  // namespace

void merge_tables(toml::table& base, toml::table&& top, const std::string& path) {
  // Nodes are moved, not copied: toml++ drops the source position on copy,
  // and diagnostics must point at the file a value came from.
  for (auto& [key, node] : top) {
    std::string at = path.empty() ? std::string(key.str()) : path + "." + std::string(key.str());
    toml::node* existing = base.get(key);
    if (existing && existing->is_table() && node.is_table() && !is_value_table(at)) {
      merge_tables(*existing->as_table(), std::move(*node.as_table()), at);
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

std::string include_key(const std::string& path) {
  // The non-throwing overloads: a symlink loop, a 300-character name or a
  // directory we may not search made the throwing ones abort the process.
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(path, ec);
  if (!ec && !canonical.empty()) return canonical.string();
  fs::path absolute = fs::absolute(path, ec);
  return (ec ? fs::path(path) : absolute).lexically_normal().string();
}

toml::table parse_with_includes(const std::string& text, const std::string& path,
                                Diagnostics& diags, IncludeChain& chain) {
  if (std::optional<SourcePos> deep = find_deep_key(text, path)) {
    diags.error(*deep, "",
                fmt::format("keys and tables nest deeper than {} levels; refused before parsing",
                            kMaxKeyDepth));
    return {};
  }
  // Debian's toml++ is built with exceptions: parse errors arrive as one.
  toml::table own;
  try {
    own = toml::parse(text, path);
  } catch (const toml::parse_error& err) {
    diags.error(pos_of(err.source(), path), "", fmt::format("TOML syntax: {}", err.description()));
    return {};
  }
  toml::node* include = own.get("include");
  TomlReader reader(diags, path);
  if (!include) {
    if (const toml::node* unset = own.get("unset")) {
      toml::table nothing;
      apply_unset(nothing, *unset, false, reader);
      own.erase("unset");
    }
    return own;
  }

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
    const std::string& name = n->as_string()->get();
    // The OS sees a path up to its first NUL: "base.toml\u0000x" would load
    // base.toml while the file names something else.
    if (name.find('\0') != std::string::npos) {
      reader.error(
          *n, "include",
          fmt::format("\"{}\": a file name cannot contain a NUL byte; refused", printable(name)));
      continue;
    }
    fs::path target = dir / name;
    std::string key = include_key(target.string());
    if (chain.visiting.contains(key)) {
      reader.error(*n, "include", fmt::format("\"{}\" includes itself (cycle)", target.string()));
      continue;
    }
    if (auto seen = chain.included_at.find(key); seen != chain.included_at.end()) {
      const SourcePos& at = seen->second;
      reader.error(*n, "include",
                   fmt::format("\"{}\" is already included (at {}:{}:{}); include each file once",
                               target.string(), at.path, at.line, at.column));
      continue;
    }
    if (chain.files >= kMaxIncludedFiles) {
      reader.error(*n, "include",
                   fmt::format("more than {} files in one load; refused", kMaxIncludedFiles));
      break;
    }
    Result<std::string> content = read_source_file(target.string());
    if (!content) {
      reader.error(*n, "include",
                   fmt::format("cannot read \"{}\": {}", target.string(), content.error().message));
      continue;
    }
    ++chain.files;
    chain.included_at.emplace(key, reader.pos(*n));
    chain.visiting.insert(key);
    toml::table base = parse_with_includes(*content, target.string(), diags, chain);
    chain.visiting.erase(key);
    merge_tables(merged, std::move(base));
  }
  own.erase("include");
  if (const toml::node* unset = own.get("unset")) {
    apply_unset(merged, *unset, true, reader);
    own.erase("unset");
  }
  merge_tables(merged, std::move(own));
  return merged;
}

}  // namespace rocecfg::profile
