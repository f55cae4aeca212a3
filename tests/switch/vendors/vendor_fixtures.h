// Shared by the vendor adapter tests: the standard profile as a switch sees
// it, golden-file comparison, and a recording stand-in for a switch CLI.
#pragma once

#include <deque>
#include <memory>

#include <string>
#include <vector>
#include "switch_fixtures.h"  // standard_profile(), SshdFixture, list printing

#include "model/settings.h"
#include "switch/adapter.h"

namespace rocecfg::sw::testing {

// The standard lossless RoCE profile (switch_fixtures.h): PFC on priority 3,
// DSCP 26 -> 3, CNP 48 -> 6 on a strict queue, ECN on 3 at 150KB/1500KB
// p=10%, ETS 50/50 on TC0/TC3, MTU 9216, watchdog 200ms/200ms drop.
inline model::Settings standard_intent() {
  return standard_profile();
}

// Compare `actual` with tests/switch/vendors/golden/<name>; with
// ROCECFG_UPDATE_GOLDEN=1 in the environment, (re)write the file instead.
// Returns "" when equal, else a unified-style description of the first
// difference.
std::string golden_mismatch(const std::string& name, const std::string& actual);

// The registered adapter for `vendor` (the test fails without one).
std::unique_ptr<Adapter> adapter_for(const std::string& vendor);

// "key: message" per diagnostic, in order.
std::vector<std::string> messages(const Diagnostics& d);

// The standard profile as `adapter` can hold it, rendered for `ports` and
// compared with golden/<name>: "" when equal (see golden_mismatch).
std::string standard_render_mismatch(const Adapter& adapter, const std::vector<std::string>& ports,
                                     const std::string& name);

// The standard profile rendered with no ports (`render` without --ports)
// against golden/<name> without its interface stanzas (an `interface` line
// and the indented lines under it): "" when equal. The switch-wide part of
// a render must not depend on whether ports were named (issue 36 item 5).
std::string switch_wide_render_mismatch(const Adapter& adapter, const std::string& name);

// The standard profile as `adapter` can hold it, rendered for `ports` and
// parsed back: every knob meets the intent on every port, the CNP class is
// recognised, a re-plan is empty and renders nothing.
void check_round_trip(const Adapter& adapter, const std::vector<std::string>& ports);

// `intent` rendered by `vendor` from factory state for the port ranges
// `ports` (expanded by the adapter); the test fails when either step does.
std::vector<std::string> rendered(const std::string& vendor, const std::vector<std::string>& ports,
                                  const model::Settings& intent = standard_profile());

std::string read_test_file(const std::string& relative);  // under tests/switch/vendors/
std::string lines_text(const std::vector<std::string>& lines);

// A switch CLI stand-in that records every command and fails the Nth (1-based)
// with an error, or "drops" (fails that and every later command until
// reconnect()). It models the device, not the code under test.
class RecordingSession : public Session {
 public:
  Result<std::string> run(const std::string& command) override;
  Status reconnect() override;

  std::vector<std::string> sent;
  int fail_at = 0;    // 0: never
  bool drop = false;  // at fail_at: the connection goes away
  bool dropped = false;
  int reconnects = 0;
  std::deque<std::string> replies;  // outputs for successive commands, "" when empty
};

}  // namespace rocecfg::sw::testing
