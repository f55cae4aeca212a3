#include "switch/exit_code.h"

#include "core/exit_code.h"

namespace rocecfg::sw {

int exit_code_for(const SwitchResult& r, bool strict) {
  switch (r.outcome) {
    case SwitchOutcome::unreachable:
    case SwitchOutcome::failed:       // timeout, rejected command, read failure
    case SwitchOutcome::rolled_back:  // pushed, did not verify, put back: the apply failed
      return kRuntime;
    case SwitchOutcome::drift:
      return kDrift;
    case SwitchOutcome::unverified:  // no drift seen, but intended knobs not observed
      return kNotEvaluated;
    case SwitchOutcome::in_sync:
    case SwitchOutcome::planned:
    case SwitchOutcome::applied:
      return strict && r.plan.unsupported() > 0 ? kDrift : kOk;
  }
  return kRuntime;
}

}  // namespace rocecfg::sw
