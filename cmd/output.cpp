#include "output.h"

#include <cstdio>

#include <fmt/format.h>

#include "core/exit_code.h"
#include "core/secrets.h"

namespace rocecfg::cmd {

JsonDocument& json_document() {
  static JsonDocument doc;
  return doc;
}

void add_warning(const std::string& target, const std::string& kind, const std::string& message) {
  json_document().warnings.push_back({{"target", target}, {"kind", kind}, {"message", message}});
}

void add_target(nlohmann::json target) {
  json_document().targets.push_back(std::move(target));
}

int report_error(int code, const std::string& raw_message, nlohmann::json diagnostics) {
  JsonDocument& doc = json_document();
  // An error may quote what it read (a line of a file, a switch's output):
  // never the value of a secret-holding environment variable.
  std::string message = scrub_environment_secrets(raw_message);
  fmt::print(stderr, "rocecfg{}{}: {}\n", doc.verb.empty() ? "" : " ", doc.verb, message);
  // The first error is the one the run stopped on; later ones are context.
  if (!doc.error) {
    doc.error = nlohmann::json{{"message", message}};
    if (!diagnostics.is_null()) (*doc.error)["diagnostics"] = std::move(diagnostics);
  }
  return code;
}

nlohmann::json json_envelope(int exit_code) {
  const JsonDocument& doc = json_document();
  nlohmann::json out = {{"schema_version", kJsonSchemaVersion},
                        {"verb", doc.verb},
                        {"ok", exit_code == kOk},
                        {"exit_code", exit_code},
                        {"warnings", doc.warnings},
                        {"targets", doc.targets},
                        {"payload", doc.payload}};
  if (doc.error)
    out["error"] = *doc.error;
  else if (exit_code == kUsage || exit_code == kRuntime)
    // A failure path that recorded nothing still says it failed, and where to look.
    out["error"] = {{"message", "see stderr"}};
  return out;
}

}  // namespace rocecfg::cmd
