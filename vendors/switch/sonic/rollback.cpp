// Undoing a failed push: `config rollback` to the checkpoint the push took
// first, and what rocecfg does when the generic config updater (GCU) refuses
// that rollback.
//
// `config rollback` diffs the checkpoint against CONFIG_DB into a JSON patch
// and runs GCU's field operation validators over the whole patch before it
// changes anything (sonic-net/sonic-utilities @691b1bbc4fd2b71657d1b0b334c37136deb51526:
// generic_config_updater/generic_updater.py PatchApplier.apply,
// gu_common.py validate_field_operation, field_operation_validators.py,
// gcu_field_operation_validators.conf.json). Of the tables rocecfg writes,
// PFC_WD is allowed only on the ASIC families and releases the conf lists
// (asic_type from sonic_version.yml and DEVICE_METADATA hwsku, branch from
// build_version; an unknown ASIC is refused), BUFFER_PROFILE only as whole
// profiles or dynamic_th/xoff replaces on listed platforms, BUFFER_POOL never.
// A refusal prints "Failed to rollback config", click's usage and
// "Error: Modification of PFC_WD table is illegal- validating function
// ...rdma_config_update_validator returned False", exits 2 (config/main.py
// rollback: ctx.fail), and leaves CONFIG_DB holding the push. rocecfg starts
// the watchdog last, so a refusal follows a failure at or after
// `config pfcwd start` (e.g. `config save`).
//
// Then rocecfg restores the checkpoint itself, the same way it undoes a
// verified commit: the checkpoint file GCU wrote (/etc/sonic/checkpoints/
// <name>.cp.json, generic_updater.py CHECKPOINTS_DIR, one JSON document like
// `show runningconfiguration all`) against CONFIG_DB now, as exact
// sonic-db-cli writes of rocecfg's tables (restore.cpp), read back and
// compared. Only a read-back equal to the checkpoint counts as restored.
// Otherwise the error names every table still changed and the remedy, keeps
// the checkpoint, and carries kRollbackFailed: never "rolled back".
#include <fmt/format.h>

#include "sonic/sonic.h"

namespace rocecfg::sw::sonic {

namespace {

std::string checkpoint_path() {
  return fmt::format("/etc/sonic/checkpoints/{}.cp.json", kCheckpoint);
}

// GCU's reason: the last "Error: " line of a failed `config rollback`, else
// the whole message.
std::string refusal_reason(const std::string& message) {
  size_t at = message.rfind("\nError: ");
  if (at == std::string::npos) return message;
  size_t end = message.find('\n', at + 1);
  return message.substr(at + 1, end == std::string::npos ? end : end - at - 1);
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// The manual way back when rocecfg cannot restore: the checkpoint is a whole
// CONFIG_DB file, which `config reload` loads (doc/Command-Reference.md
// "config reload [-y|--yes] ... [<filename>]"; it restarts SONiC's services).
std::string remedy() {
  return fmt::format(
      "the checkpoint is kept: restore those tables from {0}, or load it whole with "
      "`sudo config reload -y {0}` (restarts SONiC's services)",
      checkpoint_path());
}

// What differs from the checkpoint now, for the report; "unknown" when
// CONFIG_DB cannot be read or compared.
std::string still_changed(Session& session, const std::string& before) {
  auto now = session.run("show runningconfiguration all");
  auto diff = now ? table_differences(before, *now) : std::nullopt;
  if (!diff) return "unknown (CONFIG_DB not read back)";
  return diff->empty() ? "none of rocecfg's tables" : joined(*diff);
}

// CONFIG_DB back to the checkpoint without GCU. The tables it restored, or
// why not (with what is still changed).
Result<std::vector<std::string>> restore_from_checkpoint(Session& session) {
  auto before = session.run(read_file_command(checkpoint_path()));
  if (!before)
    return fail("checkpoint", fmt::format("cannot read it ({}); CONFIG_DB may still hold the push",
                                          before.error().message));
  auto now = session.run("show runningconfiguration all");
  if (!now)
    return fail("CONFIG_DB",
                fmt::format("not read ({}); it may still hold the push", now.error().message));
  auto changed = table_differences(*before, *now);
  auto writes = restore_config_db(*before, *now);
  if (!changed || !writes)
    return fail("CONFIG_DB",
                "cannot be restored exactly (a value sonic-db-cli cannot carry); "
                "still changed: " +
                    (changed ? joined(*changed) : std::string("unknown")));
  // One exec per write (a rare path): a failure then names its write.
  for (const std::string& w : *writes)
    if (auto r = session.run(w); !r)
      return fail("CONFIG_DB", fmt::format("a restore write failed: {}; still changed: {}",
                                           r.error().message, still_changed(session, *before)));
  if (std::string left = still_changed(session, *before); left != "none of rocecfg's tables")
    return fail("CONFIG_DB", "the restore did not read back; still changed: " + left);
  return *changed;
}

}  // namespace

Status roll_back(Session& session, const Error& cause) {
  const std::string rollback = fmt::format("sudo config rollback {}", kCheckpoint);
  const std::string drop = fmt::format("sudo config delete-checkpoint {}", kCheckpoint);
  Result<std::string> r = session.run(rollback);
  if (!r && session.reconnect()) r = session.run(rollback);
  Error e = cause;
  if (r) {
    (void)session.run(drop);
    return std::unexpected(e);
  }
  const std::string why = refusal_reason(r.error().message);
  auto restored = restore_from_checkpoint(session);
  if (!restored) {
    e.message += fmt::format(
        "; {}: `config rollback` refused ({}), and rocecfg's own restore "
        "failed: {}; {}",
        kRollbackFailed, why, restored.error().to_string(), remedy());
    return std::unexpected(e);
  }
  (void)session.run(drop);
  e.message += fmt::format(
      "; `config rollback` refused ({}): restored from the checkpoint with sonic-db-cli instead "
      "({}), CONFIG_DB reads back as before",
      why, restored->empty() ? std::string("nothing had changed") : joined(*restored));
  return std::unexpected(e);
}

}  // namespace rocecfg::sw::sonic
