#include "profile/load.h"

#include <fmt/format.h>

#include "profile/overlay.h"
#include "profile/profile_schema.h"
#include "profile/source_file.h"

namespace rocecfg::profile {

namespace {

template <typename T, typename FromText>
Loaded<T> load_file(const std::string& path, FromText from_text) {
  Result<std::string> text = read_source_file(path);
  if (!text) {
    Loaded<T> out;
    out.diagnostics.error({path, 0, 0}, "",
                          fmt::format("cannot read file: {}", text.error().message));
    return out;
  }
  return from_text(*text, path);
}

}  // namespace

Loaded<Intent> load_profile_text(const std::string& text, const std::string& path,
                                 BufferRules rules) {
  Loaded<Intent> out;
  IncludeChain chain;
  chain.visiting.insert(include_key(path));
  toml::table root = parse_with_includes(text, path, out.diagnostics, chain);
  if (out.diagnostics.has_errors()) return out;
  Intent intent;
  intent.path = path;
  read_profile(root, path, intent, out.diagnostics, rules == BufferRules::enforce);
  if (!out.diagnostics.has_errors()) out.value = std::move(intent);
  return out;
}

Loaded<Intent> load_profile(const std::string& path, BufferRules rules) {
  return load_file<Intent>(path, [rules](const std::string& text, const std::string& p) {
    return load_profile_text(text, p, rules);
  });
}

Loaded<Inventory> load_inventory(const std::string& path) {
  return load_file<Inventory>(path, load_inventory_text);
}

}  // namespace rocecfg::profile
