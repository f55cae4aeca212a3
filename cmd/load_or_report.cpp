#include "load_or_report.h"
#include "core/printable.h"

#include "output.h"

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

// Diagnostics go to stderr as located text; the JSON document gets them as
// the error (when loading failed) or as warnings (when it succeeded).
template <typename T>
std::optional<T> report(const std::string& path, profile::Loaded<T> loaded) {
  if (!loaded.diagnostics.all().empty()) fmt::print(stderr, "{}", loaded.diagnostics.render());
  if (!loaded.value) {
    JsonDocument& doc = json_document();
    size_t errors = 0;
    for (const Diagnostic& d : loaded.diagnostics.all()) errors += d.severity == Severity::error;
    if (!doc.error)
      doc.error = nlohmann::json{{"message", fmt::format("{}: {} error(s)", path, errors)},
                                 {"diagnostics", diagnostics_json(loaded.diagnostics)}};
  } else {
    for (const Diagnostic& d : loaded.diagnostics.all())
      if (d.severity != Severity::error)
        add_warning(fmt::format("{}:{}:{}", d.pos.path, d.pos.line, d.pos.column), "warning",
                    d.key.empty() ? d.message : d.key + ": " + d.message);
  }
  return std::move(loaded.value);
}

}  // namespace

std::optional<profile::Intent> load_profile_or_report(const std::string& path, bool /*json*/,
                                                      profile::BufferRules rules) {
  return report(path, profile::load_profile(path, rules));
}

std::optional<profile::Inventory> load_inventory_or_report(const std::string& path, bool /*json*/) {
  return report(path, profile::load_inventory(path));
}

}  // namespace rocecfg::cmd
