#include "switch/engine_undo.h"

#include <stdexcept>

#include <fmt/format.h>

#include "core/printable.h"

namespace rocecfg::sw::detail {

namespace {

// Steps that put back what `plan` changed, from the values it observed first.
plan::Plan restore_plan(const plan::Plan& applied, const SwitchState& now) {
  plan::Plan back;
  for (const plan::Step& s : applied.steps) {
    if (s.kind != plan::StepKind::change || !model::knob_present(s.before, s.knob)) continue;
    plan::Step r = s;
    const model::Settings* cur = &now.global;
    if (auto it = now.ports.find(s.target); it != now.ports.end()) cur = &it->second;
    r.before = model::knob_slice(*cur, s.knob);
    r.after = s.before;
    r.reason = "restore the value observed before this apply";
    back.steps.push_back(std::move(r));
  }
  return back;
}

// "Ethernet0 mtu 9216 (was 9100)": each knob the plan changed, as a line of
// what the switch may still hold when it cannot be read.
std::string changed_knobs(const plan::Plan& applied) {
  std::vector<std::string> out;
  for (const plan::Step& s : applied.steps) {
    if (s.kind != plan::StepKind::change) continue;
    out.push_back(fmt::format("{} {} {} (was {})", s.target, model::knob_name(s.knob),
                              model::knob_value_text(s.after, s.knob),
                              model::knob_value_text(s.before, s.knob)));
  }
  return fmt::format("{}", fmt::join(out, ", "));
}

const model::Settings& settings_of(const SwitchState& state, const std::string& target) {
  auto it = state.ports.find(target);
  return it != state.ports.end() ? it->second : state.global;
}

}  // namespace

std::string still_changed(const plan::Plan& applied, const SwitchState& before,
                          const SwitchState& now) {
  std::vector<std::string> out;
  for (const plan::Step& s : applied.steps) {
    if (s.kind != plan::StepKind::change) continue;
    model::Settings was = model::knob_slice(settings_of(before, s.target), s.knob);
    model::Settings is = model::knob_slice(settings_of(now, s.target), s.knob);
    if (was == is) continue;
    auto text = [&](const model::Settings& v) {
      return model::knob_present(v, s.knob) ? model::knob_value_text(v, s.knob)
                                            : std::string("not set");
    };
    out.push_back(
        fmt::format("{} {} {} (was {})", s.target, model::knob_name(s.knob), text(is), text(was)));
  }
  return fmt::format("{}", fmt::join(out, ", "));
}

bool same_settings(const SwitchState& a, const SwitchState& b) {
  return a.global == b.global && a.ports == b.ports;
}

Result<Observed> observe(const Adapter& a, Session& session) {
  auto text = a.fetch_config(session);
  if (!text) return std::unexpected(text.error());
  auto state = a.parse(*text);
  if (!state) return std::unexpected(state.error());
  return Observed{std::move(*text), std::move(*state)};
}

void roll_back(const Adapter& adapter, Session& session, const Observed& before,
               const Observed& after, const std::vector<std::string>& ports, const std::string& why,
               SwitchResult& r) {
  // Roll back only what is still this run's: read once more, and if the
  // switch changed since the verification read (another writer outside
  // rocecfg's lock: an operator, a second controller), leave it. Restoring
  // our snapshot then would silently undo their confirmed change.
  if (auto again_now = observe(adapter, session);
      again_now && !same_settings(again_now->state, after.state)) {
    r.outcome = SwitchOutcome::failed;
    r.reason = why +
               "; the switch changed again while this run checked it (another writer): not "
               "rolled back, nothing of theirs overwritten";
    return;
  }
  // Exactly the text read before, where the adapter can say how; else the
  // observed pre-change values.
  Result<std::vector<std::string>> undo = std::vector<std::string>{};
  if (auto exact = adapter.restore_commands(before.text, after.text)) {
    undo = std::move(*exact);
  } else {
    Diagnostics ignored;
    undo = adapter.render(after.state.global, ports, restore_plan(r.plan, after.state), ignored);
  }
  Status undone = undo ? adapter.push(session, *undo) : Status(std::unexpected(undo.error()));
  r.outcome = undone ? SwitchOutcome::rolled_back : SwitchOutcome::failed;
  r.reason = undone ? why + "; pre-change values restored"
                    : why + "; " + std::string(kRollbackFailed) + ": " + undone.error().to_string();
}

void recover_from_internal_error(const Adapter& adapter, Session& session, const Observed& before,
                                 const std::vector<std::string>& ports, const std::string& what,
                                 SwitchResult& r) {
  std::string why = "push interrupted by an internal error (" + printable(what) + ")";
  std::string left = "; the switch may still hold: " + changed_knobs(r.plan);
  r.outcome = SwitchOutcome::failed;
  // Our side of the dialog is in an unknown state (mid-command, in a config
  // mode): a fresh connection, as after a drop.
  if (Status s = session.reconnect(); !s) {
    r.reason = why + "; cannot reconnect to roll back (" + s.error().to_string() + ")" + left;
    return;
  }
  try {
    Result<Observed> after = observe(adapter, session);
    if (!after) {
      r.reason = why + "; cannot read the switch to roll back: " + after.error().to_string() + left;
      return;
    }
    if (same_settings(after->state, before.state)) {
      // Nothing of the change reached the running config (a transaction that
      // was never committed): there is nothing to undo.
      r.reason = why + "; the switch reads back as before it: nothing changed";
      return;
    }
    roll_back(adapter, session, before, *after, ports, why, r);
    if (r.outcome != SwitchOutcome::rolled_back) {
      r.reason += left;
      return;
    }
    // The undo renders the values read before; a knob the config did not
    // state before has no value to put back. Read once more and name what
    // still differs, so "restored" is only said of what was.
    Result<Observed> now = observe(adapter, session);
    if (!now) {
      r.outcome = SwitchOutcome::failed;
      r.reason += "; not verified (" + now.error().to_string() + ")" + left;
    } else if (std::string differs = still_changed(r.plan, before.state, now->state);
               !differs.empty()) {
      r.outcome = SwitchOutcome::failed;
      r.reason = why + "; rolled back in part, the switch still holds: " + differs;
    }
  } catch (const std::exception& e) {
    r.outcome = SwitchOutcome::failed;
    r.reason = why + "; the rollback failed too (" + printable(e.what()) +
               "): " + std::string(kRollbackFailed) + left;
  }
}

Result<std::string> GuardedSession::run(const std::string& command) {
  try {
    return inner_.run(command);
  } catch (const std::exception& e) {
    return fail(ErrorKind::failed, command,
                "internal error reading its output: " + printable(e.what()));
  }
}

Result<std::string> GuardedSession::run_all(const std::vector<std::string>& commands) {
  try {
    return inner_.run_all(commands);
  } catch (const std::exception& e) {
    return fail(ErrorKind::failed, commands.empty() ? std::string() : commands.front(),
                "internal error reading the output: " + printable(e.what()));
  }
}

void ThrowingSession::count(size_t n) {
  seen_ += n;
  if (thrown_ || seen_ < reads_) return;
  thrown_ = true;  // one fault: what follows (the undo) reads normally
  throw std::runtime_error(fmt::format("test fault: a reader threw after {} push read(s)", seen_));
}

Result<std::string> ThrowingSession::run(const std::string& command) {
  Result<std::string> out = inner_.run(command);
  count(1);
  return out;
}

Result<std::string> ThrowingSession::run_all(const std::vector<std::string>& commands) {
  Result<std::string> out = inner_.run_all(commands);
  count(commands.size());
  return out;
}

}  // namespace rocecfg::sw::detail
