// The engine's reads and its undo, shared by the two ways an apply ends
// after its first command was sent without verifying: the read-back does not
// match the intent, or the tool itself failed mid-push (an exception from a
// reader, a parser or the transport's own code). A push once crashed
// mid-way on an H3C switch with no report and no rollback, port 1 left at
// MTU 9100 and port 2 at 9216. Internal to lib/switch (engine.cpp).
#pragma once

#include <string>
#include <vector>

#include "plan/plan.h"
#include "switch/adapter.h"
#include "switch/engine.h"

namespace rocecfg::sw::detail {

// A switch's config as read (kept for an exact restore) and as parsed.
struct Observed {
  std::string text;
  SwitchState state;
};

// The settings two reads agree on (not their text: NX-OS stamps the time
// into every running-config).
bool same_settings(const SwitchState& a, const SwitchState& b);

Result<Observed> observe(const Adapter& a, Session& session);

// Puts back what `applied` changed, from `before` (read before the push) and
// `after` (read now): unless the switch changed again since `after` (another
// writer: leave it), exactly the text read before where the adapter can say
// how, else the observed pre-change values. Sets r.outcome and r.reason,
// prefixed by `why`.
void roll_back(const Adapter& adapter, Session& session, const Observed& before,
               const Observed& after, const std::vector<std::string>& ports, const std::string& why,
               SwitchResult& r);

// The push (or what followed it) threw `what`: the session is reconnected,
// the switch read again and, where it no longer holds what it held before,
// rolled back as roll_back does; where that cannot be done, r.reason names
// every knob the plan changed that the switch may still hold.
void recover_from_internal_error(const Adapter& adapter, Session& session, const Observed& before,
                                 const std::vector<std::string>& ports, const std::string& what,
                                 SwitchResult& r);

// The session a push runs on: an exception from reading a command's output
// (the transport, a prompt or pager reader) becomes that command's error, so
// the adapter undoes its push exactly as after a device error.
class GuardedSession final : public Session {
 public:
  explicit GuardedSession(Session& inner) : inner_(inner) {}
  Result<std::string> run(const std::string& command) override;
  Result<std::string> run_all(const std::vector<std::string>& commands) override;
  Status reconnect() override { return inner_.reconnect(); }

 private:
  Session& inner_;
};

// What changed from `before` to `now` among the knobs `applied` changed:
// "HundredGigE1/0/1 ets <now> (was <before>)", "" when nothing did.
std::string still_changed(const plan::Plan& applied, const SwitchState& before,
                          const SwitchState& now);

// A Session that throws after `reads` command outputs were read: the test
// seam for a failure of our own mid-push (ROCECFG_TEST_THROW_AFTER_PUSH_READS
// = "N": a reader under the push, "N,adapter": the adapter's own code; read
// by the engine; tests/switch/interrupt_internal_ssh.sh).
class ThrowingSession final : public Session {
 public:
  ThrowingSession(Session& inner, size_t reads) : inner_(inner), reads_(reads) {}
  Result<std::string> run(const std::string& command) override;
  Result<std::string> run_all(const std::vector<std::string>& commands) override;
  Status reconnect() override { return inner_.reconnect(); }

 private:
  void count(size_t n);
  Session& inner_;
  size_t reads_;
  size_t seen_ = 0;
  bool thrown_ = false;
};

}  // namespace rocecfg::sw::detail
