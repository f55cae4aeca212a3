// One `rocecfg audit` / `rocecfg apply` run over a host's interfaces: observe
// every target, diff against the intent, and (apply) execute one combined
// plan with read-back and rollback. The cmd layer only parses arguments and
// prints; tests drive this directly against real netdevs.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/exit_code.h"

#include "host/linux_host.h"
#include "plan/apply.h"
#include "plan/journal.h"
#include "plan/plan.h"

namespace rocecfg::host {

// One rule for knobs a device cannot take (no configfs for rdma_cm, a NIC
// family without ECN per priority): by default a warning, listed with its
// reason and counted, and the run succeeds when everything supported is in
// place; `strict` (--strict, or [fabric] unsupported_knobs = "fail") makes
// them drift (exit 1).
struct SessionPolicy {
  bool strict = false;
  // Where an apply records itself while it writes, and where both verbs look
  // for an apply that never finished (plan/journal.h); empty: no journal.
  std::string journal_dir;
  // apply: knobs another party owns ([dcbx] owner = "switch": PFC and ETS
  // come from the switch over DCBX). Compared, never written: a difference
  // is listed with the reason and leaves the apply incomplete (exit 1).
  std::set<model::Knob> owned_elsewhere;
  std::string owned_elsewhere_reason;
};

struct SessionReport {
  std::vector<Observation> targets;
  plan::Plan plan;                           // all targets, in step order per target
  std::optional<plan::ApplyReport> applied;  // apply only, when something was run
  bool refused = false;                      // apply refused before writing anything
  bool dry_run = false;
  bool strict = false;
  size_t compared = 0;  // knob comparisons made (intent knobs supported on a found target)
  int exit_code = kOk;  // core/exit_code.h
  // An apply that never finished (killed), found in the journal (plan/journal.h).
  std::optional<plan::InterruptedApply> interrupted_earlier;
  std::string journal_error;  // the journal could not be written or removed
};

// `journal_dir` (empty: no journal) is where an apply records itself while it
// writes, and where both verbs look for an apply that never finished.
SessionReport run_audit(LinuxHost& host, const std::vector<std::string>& interfaces,
                        const model::Settings& intent, SessionPolicy policy = {});
SessionReport run_apply(LinuxHost& host, const std::vector<std::string>& interfaces,
                        const model::Settings& intent, bool dry_run, SessionPolicy policy = {});

// Aligned text: per-interface notes, then the plan (audit: as drift) and the
// apply outcome. Stable wording; tests pin it.
std::string render_audit_text(const SessionReport& r, bool verbose);
std::string render_apply_text(const SessionReport& r, bool verbose);
nlohmann::json to_json(const SessionReport& r);

}  // namespace rocecfg::host
