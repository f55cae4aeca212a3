// One switch's outcome on the exit-code table (switch/exit_code.h): the same
// code for apply, audit and offline audits, so a timeout is 3 whichever verb
// met it, and unsupported knobs fail only under --strict.
#include "switch/exit_code.h"

#include <doctest/doctest.h>

#include "core/exit_code.h"

namespace rocecfg::sw {

namespace {

SwitchResult result(SwitchOutcome o, bool with_unsupported = false) {
  SwitchResult r;
  r.outcome = o;
  if (with_unsupported) {
    plan::Step s;
    s.target = "swp1";
    s.knob = model::Knob::ecn;
    s.kind = plan::StepKind::unsupported;
    r.plan.steps.push_back(s);
  }
  return r;
}

}  // namespace

TEST_SUITE("switch.exit_code") {
  TEST_CASE("failing to talk to or change a switch is a runtime failure in every verb") {
    CHECK(exit_code_for(result(SwitchOutcome::unreachable), false) == kRuntime);
    CHECK(exit_code_for(result(SwitchOutcome::failed), false) == kRuntime);  // e.g. a timeout
    CHECK(exit_code_for(result(SwitchOutcome::rolled_back), false) == kRuntime);
  }
  TEST_CASE("drift is 1, unobserved knobs are 4, done is 0") {
    CHECK(exit_code_for(result(SwitchOutcome::drift), false) == kDrift);
    CHECK(exit_code_for(result(SwitchOutcome::unverified), false) == kNotEvaluated);
    CHECK(exit_code_for(result(SwitchOutcome::in_sync), false) == kOk);
    CHECK(exit_code_for(result(SwitchOutcome::applied), false) == kOk);
    CHECK(exit_code_for(result(SwitchOutcome::planned), false) == kOk);
  }
  TEST_CASE("unsupported knobs are warnings unless strict") {
    CHECK(exit_code_for(result(SwitchOutcome::in_sync, true), false) == kOk);
    CHECK(exit_code_for(result(SwitchOutcome::in_sync, true), true) == kDrift);
    CHECK(exit_code_for(result(SwitchOutcome::applied, true), true) == kDrift);
    CHECK(exit_code_for(result(SwitchOutcome::applied), true) == kOk);
    // a failure stays a failure under strict
    CHECK(exit_code_for(result(SwitchOutcome::failed, true), true) == kRuntime);
  }
}

}  // namespace rocecfg::sw
