// With --json, every run of rocecfg prints exactly one JSON document on
// stdout, on success and on every error: main() prints it once, after the
// verb returned, from what the verb recorded here. Verbs never print JSON
// themselves; they fill the document:
//
//   json_document().payload = ...;             // the verb's own result
//   add_target({{"name", "eth0"}, {"kind", "interface"}, {"outcome", "in_sync"}});
//   add_warning("eth0", "unsupported", "rdma_cm: no configfs");
//   return report_error(kUsage, "--peer: port 99999 out of range");
//
// The envelope (schema_version, verb, ok, exit_code, warnings, targets,
// payload, error) is described by cmd/schemas/envelope.schema.json, each
// verb's payload by cmd/schemas/VERB.schema.json.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace rocecfg::cmd {

inline constexpr int kJsonSchemaVersion = 1;

struct JsonDocument {
  std::string verb;  // set by main() from the parsed subcommand
  nlohmann::json payload = nlohmann::json::object();
  nlohmann::json targets = nlohmann::json::array();
  nlohmann::json warnings = nlohmann::json::array();
  std::optional<nlohmann::json> error;  // {"message": ..., "diagnostics"?: [...]}
};

// The one document of this process.
JsonDocument& json_document();

// kind: "warning", "unsupported" (the device cannot take the knob) or
// "unverifiable" (it could not be read back).
void add_warning(const std::string& target, const std::string& kind, const std::string& message);
// {"name": ..., "kind": "interface"|"switch"|"file"|"host", "outcome": ...}
void add_target(nlohmann::json target);

// An error the run stops on: "rocecfg VERB: MESSAGE" on stderr (always, so
// a human sees it with --json too) and the document's error. Returns `code`.
int report_error(int code, const std::string& message,
                 nlohmann::json diagnostics = nlohmann::json());

// The envelope for a run that ends with `exit_code`; main() prints it.
nlohmann::json json_envelope(int exit_code);

}  // namespace rocecfg::cmd
