// The record of an apply in progress, on a host or a switch. SIGTERM is handled (the run stops,
// rolls back and says so), but SIGKILL, a power cut or the OOM killer ends a
// run between two writes with nothing said: the interfaces then hold a mix of
// old and new values. An apply writes this journal before its first change
// and removes it once it has run to its end (applied, or rolled back); a
// journal found by a later run is an apply that never finished, and that run
// reports it instead of letting the mix pass unexplained.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "plan/plan.h"

namespace rocecfg::plan {

// Root's state directory; ROCECFG_STATE_DIR overrides it (tests, or sites
// that keep state elsewhere). Each device's journal is one file in it:
// host-apply.journal, switch-ADDR-PORT.journal.
inline constexpr const char* kDefaultStateDir = "/var/lib/rocecfg";
std::string state_dir();

struct Journal {
  std::string dir;   // state_dir()
  std::string name;  // a plain file name
};

struct InterruptedApply {
  int pid = 0;
  int64_t started_unix_s = 0;
  size_t planned_changes = 0;
  std::vector<std::string> targets;  // interfaces or ports, in plan order, each once
  // The pid is alive (and not us): an apply in progress, seen by an audit
  // that takes no lock, not one that died.
  bool running = false;
};

// Before the first write: the plan's changes, this pid and the time. The
// directory is created 0755 if missing; a symlink planted at it or at the
// file is refused, never followed.
Status begin_journal(const Journal& journal, const Plan& plan);
// After the apply ran to its end: the record is no longer needed.
Status end_journal(const Journal& journal);
// An unfinished apply's record, if one is there. A journal that cannot be
// parsed is still an unfinished apply (pid 0, nothing else known).
Result<std::optional<InterruptedApply>> read_journal(const Journal& journal);

// "an earlier apply (pid 4242, started 2026-12-01 13:00:00 UTC) did not
// finish: it planned 6 change(s) on veth0, veth1"
std::string describe(const InterruptedApply& a);

}  // namespace rocecfg::plan
