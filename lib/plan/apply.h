// Executing a Plan: write each change, read it back, and on a failure undo the
// completed steps in reverse order from the `before` values they observed.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/stop_signal.h"
#include "plan/executor.h"
#include "plan/plan.h"

namespace rocecfg::plan {

enum class Outcome {
  applied,          // written and read back equal to the intent
  not_stuck,        // the device said yes but reads back the old value: unsupported there
  failed,           // the write or the read-back failed; triggers rollback
  rolled_back,      // was applied, then undone after a later failure
  rollback_failed,  // could not be undone; the device is left changed (reported loudly)
  not_run,          // after a failure, never attempted
  unsupported,      // planned as unsupported; nothing attempted
};

struct StepResult {
  Step step;
  Outcome outcome = Outcome::not_run;
  std::string detail;  // error text or what was read back
};

struct ApplyReport {
  std::vector<StepResult> results;
  bool failed = false;         // a step failed (and rollback ran)
  bool rollback_clean = true;  // every completed step was undone
  int interrupted_by = 0;      // the stop signal that ended the run early (0: none)
  size_t count(Outcome o) const;
  // True when every planned change is in place (unsupported steps are no
  // changes: they neither count for nor against it).
  bool complete() const;
};

// `stop_requested` is asked before every write; a non-zero answer (a signal
// number) stops the run there: nothing more is written, what was written is
// rolled back, and the report says which signal ended it.
ApplyReport apply(const Plan& plan, Executor& executor,
                  const std::function<int()>& stop_requested = stop_signal_received);

const char* to_string(Outcome o);

}  // namespace rocecfg::plan
