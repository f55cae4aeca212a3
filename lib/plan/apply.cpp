#include "plan/apply.h"

#include <algorithm>

#include <fmt/format.h>

namespace rocecfg::plan {

size_t ApplyReport::count(Outcome o) const {
  return std::count_if(results.begin(), results.end(),
                       [o](const StepResult& r) { return r.outcome == o; });
}

bool ApplyReport::complete() const {
  // Unsupported steps were never changes to make: whether they fail the run
  // is the session's policy (--strict), not the executor's.
  return std::all_of(results.begin(), results.end(), [](const StepResult& r) {
    return r.outcome == Outcome::applied || r.outcome == Outcome::unsupported;
  });
}

namespace {

// Verify by reading back: equal to the intent is success, unchanged from
// before is "did not stick" (the kernel answers 0 for attributes a driver
// lacks), anything else is a failure.
Outcome verify(Executor& executor, const Step& step, std::string& detail) {
  Result<model::Settings> got = executor.read(step.target, step.knob);
  if (!got) {
    detail = "read-back failed: " + got.error().to_string();
    return Outcome::failed;
  }
  if (model::knob_satisfied(step.after, *got, step.knob)) return Outcome::applied;
  detail = "read back " + model::knob_value_text(*got, step.knob);
  if (model::knob_slice(*got, step.knob) == step.before) return Outcome::not_stuck;
  return Outcome::failed;
}

void roll_back(Executor& executor, std::vector<StepResult>& results, size_t failed_index,
               bool& clean) {
  for (size_t i = failed_index + 1; i-- > 0;) {
    StepResult& r = results[i];
    bool undo =
        r.outcome == Outcome::applied || (i == failed_index && r.outcome == Outcome::failed);
    if (!undo) continue;
    if (!model::knob_present(r.step.before, r.step.knob)) {
      // Nothing was readable before, so there is nothing to restore to.
      if (r.outcome == Outcome::applied) {
        r.outcome = Outcome::rollback_failed;
        r.detail = "no previous value was readable to restore";
        clean = false;
      }
      continue;
    }
    if (r.outcome == Outcome::applied) {
      // Restore only what is still ours: if the value no longer reads as
      // what this run wrote, someone else has changed it since, and writing
      // our snapshot back would silently undo their change.
      Result<model::Settings> now = executor.read(r.step.target, r.step.knob);
      if (now && !model::knob_satisfied(r.step.after, *now, r.step.knob)) {
        r.outcome = Outcome::rollback_failed;
        r.detail =
            fmt::format("changed by someone else since this run wrote it (now {}); left as is",
                        model::knob_value_text(*now, r.step.knob));
        clean = false;
        continue;
      }
    }
    Status undone = executor.write(r.step.target, r.step.knob, r.step.before);
    if (undone) {
      Result<model::Settings> got = executor.read(r.step.target, r.step.knob);
      if (!got || !model::knob_satisfied(r.step.before, *got, r.step.knob))
        undone = fail(r.step.target, "previous value did not read back after rollback");
    }
    if (r.outcome == Outcome::failed) {
      if (!undone) {
        r.detail += "; restoring the previous value also failed: " + undone.error().to_string();
        clean = false;
      }
      continue;
    }
    if (undone) {
      r.outcome = Outcome::rolled_back;
    } else {
      r.outcome = Outcome::rollback_failed;
      r.detail = undone.error().to_string();
      clean = false;
    }
  }
}

}  // namespace

ApplyReport apply(const Plan& plan, Executor& executor,
                  const std::function<int()>& stop_requested) {
  ApplyReport report;
  for (const Step& step : plan.steps)
    report.results.push_back(
        {step, step.kind == StepKind::unsupported ? Outcome::unsupported : Outcome::not_run, {}});

  for (size_t i = 0; i < report.results.size(); ++i) {
    StepResult& r = report.results[i];
    if (r.outcome == Outcome::unsupported) continue;
    if (int signal = stop_requested ? stop_requested() : 0) {
      report.interrupted_by = signal;
      report.failed = true;
      if (i > 0) roll_back(executor, report.results, i - 1, report.rollback_clean);
      break;
    }
    Status written = executor.write(r.step.target, r.step.knob, r.step.after);
    if (!written) {
      r.outcome = Outcome::failed;
      r.detail = written.error().to_string();
    } else {
      r.outcome = verify(executor, r.step, r.detail);
    }
    if (r.outcome == Outcome::failed) {
      report.failed = true;
      roll_back(executor, report.results, i, report.rollback_clean);
      break;
    }
  }
  return report;
}

const char* to_string(Outcome o) {
  switch (o) {
    case Outcome::applied:
      return "applied";
    case Outcome::not_stuck:
      return "did not stick";
    case Outcome::failed:
      return "FAILED";
    case Outcome::rolled_back:
      return "rolled back";
    case Outcome::rollback_failed:
      return "ROLLBACK FAILED";
    case Outcome::not_run:
      return "not run";
    case Outcome::unsupported:
      return "unsupported";
  }
  return "?";
}

}  // namespace rocecfg::plan
