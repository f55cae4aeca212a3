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

namespace {

// The last resort for a failure path that did not call report_error: the
// cause from what the run did record (an error-kind warning, a target that
// failed), never a pointer elsewhere. cmd.json_schema fails any 2/3 whose
// error does not come from report_error or this.
std::string unrecorded_failure(const JsonDocument& doc) {
  for (const char* kind : {"error", "unverifiable"})
    for (const nlohmann::json& w : doc.warnings)
      if (w.value("kind", "") == kind) return w.value("target", "") + ": " + w.value("message", "");
  for (const nlohmann::json& t : doc.targets) {
    std::string outcome = t.value("outcome", "");
    if (outcome != "in_sync" && outcome != "in-sync" && outcome != "observed" && outcome != "ok")
      return t.value("name", "") + ": " + outcome;
  }
  return "failed before anything was recorded";
}

}  // namespace

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
    out["error"] = {{"message", unrecorded_failure(doc)}};
  return out;
}

}  // namespace rocecfg::cmd
