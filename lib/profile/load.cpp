#include "profile/load.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "profile/overlay.h"
#include "profile/profile_schema.h"

namespace rocecfg::profile {

namespace {

template <typename T, typename FromText>
Loaded<T> load_file(const std::string& path, FromText from_text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Loaded<T> out;
    out.diagnostics.error({path, 0, 0}, "", "cannot read file");
    return out;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  return from_text(ss.str(), path);
}

}  // namespace

Loaded<Intent> load_profile_text(const std::string& text, const std::string& path) {
  Loaded<Intent> out;
  std::set<std::string> visiting{std::filesystem::weakly_canonical(path).string()};
  toml::table root = parse_with_includes(text, path, out.diagnostics, visiting);
  if (out.diagnostics.has_errors()) return out;
  Intent intent;
  intent.path = path;
  read_profile(root, path, intent, out.diagnostics);
  if (!out.diagnostics.has_errors()) out.value = std::move(intent);
  return out;
}

Loaded<Intent> load_profile(const std::string& path) {
  return load_file<Intent>(path, load_profile_text);
}

Loaded<Inventory> load_inventory(const std::string& path) {
  return load_file<Inventory>(path, load_inventory_text);
}

}  // namespace rocecfg::profile
