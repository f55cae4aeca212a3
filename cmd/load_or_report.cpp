#include "load_or_report.h"

#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace rocecfg::cmd {

namespace {

nlohmann::json diagnostics_json(const Diagnostics& diags) {
  nlohmann::json out = nlohmann::json::array();
  for (const Diagnostic& d : diags.all())
    out.push_back({{"severity", d.severity == Severity::error ? "error" : "warning"},
                   {"file", d.pos.path},
                   {"line", d.pos.line},
                   {"column", d.pos.column},
                   {"key", d.key},
                   {"message", d.message},
                   {"allowed", d.allowed}});
  return out;
}

template <typename T>
std::optional<T> report(profile::Loaded<T> loaded, bool json) {
  if (!loaded.diagnostics.all().empty()) {
    if (json && !loaded.value)
      fmt::print(
          "{}\n",
          nlohmann::json{{"ok", false}, {"diagnostics", diagnostics_json(loaded.diagnostics)}}.dump(
              2));
    else
      fmt::print(stderr, "{}", loaded.diagnostics.render());
  }
  return std::move(loaded.value);
}

}  // namespace

std::optional<profile::Intent> load_profile_or_report(const std::string& path, bool json) {
  return report(profile::load_profile(path), json);
}

std::optional<profile::Inventory> load_inventory_or_report(const std::string& path, bool json) {
  return report(profile::load_inventory(path), json);
}

}  // namespace rocecfg::cmd
