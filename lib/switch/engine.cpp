#include "switch/engine.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "core/stop_signal.h"
#include "plan/group.h"
#include "switch/engine_undo.h"

namespace rocecfg::sw {

const char* to_string(SwitchOutcome o) {
  switch (o) {
    case SwitchOutcome::in_sync:
      return "in-sync";
    case SwitchOutcome::drift:
      return "drift";
    case SwitchOutcome::planned:
      return "planned";
    case SwitchOutcome::applied:
      return "applied";
    case SwitchOutcome::failed:
      return "failed";
    case SwitchOutcome::rolled_back:
      return "rolled-back";
    case SwitchOutcome::unreachable:
      return "unreachable";
    case SwitchOutcome::unverified:
      return "unverified";
  }
  return "?";
}

bool outcome_ok(SwitchOutcome o) {
  return o == SwitchOutcome::in_sync || o == SwitchOutcome::planned || o == SwitchOutcome::applied;
}

model::Settings switch_intent(const model::Settings& intent) {
  model::Settings s = intent;
  if (s.cnp) {
    if (!s.dscp_priority) s.dscp_priority.emplace();
    (*s.dscp_priority)[s.cnp->dscp] = s.cnp->priority;
    s.cnp.reset();
  }
  return s;
}

model::Settings ecn_in_vendor_unit(const Adapter& adapter, model::Settings s) {
  if (!s.ecn) return s;
  if (adapter.ecn_as_fill_levels()) {
    if (s.ecn->fill) s.ecn->min_threshold_bytes = s.ecn->max_threshold_bytes = 0;
  } else if (s.ecn->has_bytes()) {
    s.ecn->fill.reset();
  }
  return s;
}

model::Settings held_or_unsupported(const Adapter& adapter, const model::Settings& asked,
                                    Diagnostics& warnings) {
  model::Settings out = adapter.representable(asked, warnings);
  if (asked.buffers && !out.buffers) out.buffers = asked.buffers;
  return out;
}

model::Settings vendor_intent(const Adapter& adapter, const model::Settings& intent,
                              Diagnostics& warnings) {
  return held_or_unsupported(adapter, ecn_in_vendor_unit(adapter, switch_intent(intent)), warnings);
}

std::set<model::Knob> unsupported_for(const Adapter& adapter, const model::Settings& intent) {
  std::set<model::Knob> out = adapter.unsupported_knobs();
  // Thresholds in bytes only, on a switch that takes fill levels: no
  // conversion without the queue's buffer, so ECN is not expressible there.
  // And the other way round: fill levels only, on a switch of bytes.
  if (intent.ecn && (adapter.ecn_as_fill_levels() ? !intent.ecn->fill : !intent.ecn->has_bytes()))
    out.insert({model::Knob::ecn, model::Knob::ecn_priorities});
  // Buffers of which the vendor holds nothing (headroom on Junos, the shared
  // buffer's split on SONiC): its representable() drops them all.
  if (intent.buffers && !out.contains(model::Knob::buffers)) {
    Diagnostics said;
    if (!adapter.representable(switch_intent(intent), said).buffers)
      out.insert(model::Knob::buffers);
  }
  return out;
}

namespace {

// Split an intent into its switch-wide and per-port parts for this vendor.
void split(const Adapter& a, const model::Settings& intent, model::Settings& global,
           model::Settings& port) {
  for (model::Knob k : model::all_knobs()) {
    if (!model::knob_present(intent, k)) continue;
    model::knob_assign(a.port_knob(k) ? port : global, intent, k);
  }
}

// The switch-wide values the plan compares with. A switch-wide knob the
// parser could not read as one value (SONiC with several WRED profiles reads
// ECN per port) is the ports' value when every port planned holds the same
// one, else it stays not in the config.
model::Settings observed_global(const Adapter& a, const SwitchState& state,
                                const std::vector<std::string>& ports) {
  model::Settings out = state.global;
  for (model::Knob k : model::all_knobs()) {
    if (a.port_knob(k) || model::knob_present(out, k) || ports.empty()) continue;
    std::optional<model::Settings> same;
    for (const std::string& p : ports) {
      auto it = state.ports.find(p);
      if (it == state.ports.end() || !model::knob_present(it->second, k)) {
        same.reset();
        break;
      }
      model::Settings v = model::knob_slice(it->second, k);
      if (same && !(*same == v)) {
        same.reset();
        break;
      }
      same = v;
    }
    if (same) model::knob_assign(out, *same, k);
  }
  return out;
}

std::vector<std::string> diagnostics_text(const Diagnostics& d) {
  std::vector<std::string> out;
  for (const Diagnostic& x : d.all())
    out.push_back(x.key.empty() ? x.message : fmt::format("{}: {}", x.key, x.message));
  return out;
}

SwitchResult audit_observed(const Adapter& adapter, const Result<detail::Observed>& seen,
                            const model::Settings& intent, const std::vector<std::string>& ports) {
  if (!seen) {
    SwitchResult r;
    r.vendor = adapter.vendor();
    r.reason = seen.error().to_string();
    return r;
  }
  return audit_state(adapter, seen->state, intent, ports);
}

}  // namespace

namespace {

// The QoS statements a reader listed as not understood (its `why` says so:
// "not understood", "QoS statement not understood", "interface name not
// understood"), as "N QoS statement(s) not understood (line(s) 12, 40)";
// "" when there is none. Statements read and outside the profile model
// ("... not part of the profile model") and values in units we cannot
// compare are not counted: they are understood.
std::string qos_not_understood(const SwitchState& state) {
  size_t count = 0;
  std::vector<int> lines;
  for (const Unread& u : state.not_understood) {
    if (u.why.find("not understood") == std::string::npos) continue;
    ++count;
    if (u.line > 0) lines.push_back(u.line);
  }
  if (count == 0) return "";
  std::string out = fmt::format("{} QoS statement(s) not understood", count);
  if (!lines.empty()) out += fmt::format(" (line(s) {})", fmt::join(lines, ", "));
  return out;
}

}  // namespace

Result<plan::Plan> plan_switch(const Adapter& adapter, const model::Settings& intent,
                               const std::vector<std::string>& ports, const SwitchState& state) {
  model::Settings global, port;
  Diagnostics said_at_render;  // representable() warnings reach the user via render()
  split(adapter, vendor_intent(adapter, intent, said_at_render), global, port);
  std::set<model::Knob> unsupported = unsupported_for(adapter, intent);
  plan::Plan out;
  plan::diff("global", global, observed_global(adapter, state, ports), unsupported, out);
  for (const std::string& p : ports) {
    auto it = state.ports.find(p);
    if (it == state.ports.end())
      return fail(ErrorKind::not_found, p, "interface not found in the switch configuration");
    plan::diff(p, port, it->second, unsupported, out);
  }
  return out;
}

Result<std::vector<std::string>> render_all(const Adapter& adapter, const model::Settings& intent,
                                            const std::vector<std::string>& ports,
                                            Diagnostics& warnings) {
  SwitchState empty;
  for (const std::string& p : ports) empty.ports[p];
  auto plan = plan_switch(adapter, intent, ports, empty);
  if (!plan) return std::unexpected(plan.error());
  return adapter.render(vendor_intent(adapter, intent, warnings), ports, *plan, warnings);
}

SwitchResult audit_state(const Adapter& adapter, const SwitchState& state,
                         const model::Settings& intent, const std::vector<std::string>& ports) {
  SwitchResult r;
  r.vendor = adapter.vendor();
  r.recognised_as = state.recognised_as;
  auto plan = plan_switch(adapter, intent, ports, state);
  if (!plan) {
    r.reason = plan.error().to_string();
    return r;
  }
  // A knob the config does not state was not observed: it is neither drift
  // (we do not know the switch differs) nor in sync (we do not know it agrees).
  for (plan::Step& s : plan->steps) {
    std::string_view target = s.target == "global" ? kGlobalTarget : std::string_view(s.target);
    if (s.kind == plan::StepKind::change && !model::knob_present(s.before, s.knob) &&
        state.origin(target, s.knob).source == Source::not_in_file)
      r.not_observed.push_back(std::move(s));
    else
      r.plan.steps.push_back(std::move(s));
  }
  r.warnings = state.notes;
  if (r.plan.unsupported())
    r.warnings.push_back(
        fmt::format("{} knob(s) not expressible on {}", r.plan.unsupported(), adapter.vendor()));
  // The counts are of rows as the audit prints them (plan::group_steps: equal
  // changes on a port range are one row), so the header matches the table.
  size_t differences = 0, inexpressible = 0;
  for (const plan::StepGroup& g : plan::group_steps(r.plan.steps))
    ++(g.step.kind == plan::StepKind::change ? differences : inexpressible);
  size_t not_in_config = plan::group_steps(r.not_observed).size();
  if (r.plan.changes()) {
    r.outcome = SwitchOutcome::drift;
    r.reason = fmt::format("{} difference(s)", differences);
    if (inexpressible) r.reason += fmt::format(", {} not expressible", inexpressible);
    if (!r.not_observed.empty()) r.reason += fmt::format(", {} not in the config", not_in_config);
  } else if (configured_knobs(state) == 0) {
    r.outcome = SwitchOutcome::unverified;
    r.reason = "no port or QoS statement in the config was understood";
    if (!r.not_observed.empty()) r.reason += fmt::format(", {} not in the config", not_in_config);
  } else if (std::string lines = qos_not_understood(state); !lines.empty()) {
    // No green without evidence: a QoS statement the reader could not hold
    // may set a knob the comparison then reports as agreeing.
    r.outcome = SwitchOutcome::unverified;
    r.reason = "no drift seen, " + lines;
    if (!r.not_observed.empty()) r.reason += fmt::format(", {} not in the config", not_in_config);
  } else if (!r.not_observed.empty()) {
    r.outcome = SwitchOutcome::unverified;
    r.reason = fmt::format("no drift seen, {} knob(s) not in the config", not_in_config);
  } else {
    r.outcome = SwitchOutcome::in_sync;
    r.reason = "no drift";
  }
  return r;
}

SwitchResult audit_config(const Adapter& adapter, std::string_view config_text,
                          const model::Settings& intent, const std::vector<std::string>& ports) {
  auto state = adapter.parse(config_text);
  if (!state) {
    SwitchResult r;
    r.vendor = adapter.vendor();
    r.reason = state.error().to_string();
    return r;
  }
  std::vector<std::string> all = ports;
  if (all.empty())
    for (const auto& [name, settings] : state->ports) all.push_back(name);
  return audit_state(adapter, *state, intent, all);
}

namespace {

// An offline device that accepts every command and records it; with
// `fail_at` it refuses that command (1-based), as a switch refusing a line.
class ScriptSession final : public Session {
 public:
  explicit ScriptSession(size_t fail_at = 0) : fail_at_(fail_at) {}
  Result<std::string> run(const std::string& command) override {
    sent.push_back(command);
    if (sent.size() == fail_at_) return fail(ErrorKind::failed, command, "refused (rollback path)");
    return std::string();
  }
  std::vector<std::string> sent;

 private:
  size_t fail_at_;
};

// The reads learn_platform makes with the adapter's platform as it stands:
// the model (none when known or when forms do not differ by model) and the
// first port's queue keyword (likewise); "" when not read.
std::string model_read(const Adapter& adapter) {
  return adapter.platform().model.empty() ? adapter.version_command() : "";
}
std::string queue_read(const Adapter& adapter, const std::vector<std::string>& ports) {
  if (ports.empty() || !adapter.platform().queue_keyword.empty()) return "";
  return adapter.queue_form_command(ports.front());
}

}  // namespace

Result<RenderedSession> render_session(const Adapter& adapter, const model::Settings& intent,
                                       const std::vector<std::string>& ports,
                                       Diagnostics& warnings) {
  auto config = render_all(adapter, intent, ports, warnings);
  if (!config) return std::unexpected(config.error());
  RenderedSession out;
  out.config = *config;
  // The reads an apply makes first, each with when it makes it.
  ScriptSession fetch;
  (void)adapter.fetch_config(fetch);
  for (const std::string& c : fetch.sent) out.reads.push_back(c + ", the config to compare");
  if (std::string m = model_read(adapter); !m.empty())
    out.reads.push_back(m + ", the model, unless the inventory gives it");
  if (std::string q = queue_read(adapter, ports); !q.empty())
    out.reads.push_back(q + ", the port's queue keyword");
  if (std::string p = adapter.preflight_read(); !p.empty()) out.reads.push_back(p);
  ScriptSession script;
  if (auto ok = adapter.push(script, out.config); !ok) return std::unexpected(ok.error());
  if (auto ok = adapter.persist(script); !ok) return std::unexpected(ok.error());
  out.commands = script.sent;
  if (!out.config.empty()) {
    // The first configuration line refused: what the adapter sends instead.
    auto first = std::find(out.commands.begin(), out.commands.end(), out.config.front());
    size_t at = static_cast<size_t>(first - out.commands.begin()) + 1;
    ScriptSession refusing(at);
    (void)adapter.push(refusing, out.config);
    out.rollback.assign(
        refusing.sent.begin() + static_cast<long>(std::min(at, refusing.sent.size())),
        refusing.sent.end());
  }
  return out;
}

Status learn_platform(Adapter& adapter, Session& session, const std::vector<std::string>& ports) {
  Platform p = adapter.platform();
  if (std::string command = model_read(adapter); !command.empty()) {
    auto out = session.run(command);
    if (!out) return std::unexpected(out.error());
    Platform read = adapter.parse_version(*out);
    if (read.model.empty())
      return fail(ErrorKind::unsupported, command,
                  "no model in the output; set `model` for this switch in the inventory");
    p.model = std::move(read.model);
    p.release = std::move(read.release);
  }
  if (std::string command = queue_read(adapter, ports); !command.empty()) {
    auto out = session.run(command);
    if (!out) return std::unexpected(out.error());
    p.queue_keyword = adapter.parse_queue_form(*out);
    if (p.queue_keyword.empty())
      return fail(ErrorKind::unsupported, command,
                  "shows no egress queue of the port, so whether it takes tx-queue or "
                  "uc-tx-queue is unknown; refusing rather than guess");
  }
  adapter.set_platform(std::move(p));
  return {};
}

SwitchResult audit_switch(const Adapter& adapter, Session& session, const model::Settings& intent,
                          const std::vector<std::string>& ports) {
  return audit_observed(adapter, detail::observe(adapter, session), intent, ports);
}

namespace {

// The push and its verification: r.outcome and r.reason say how it ended.
void push_and_verify(const Adapter& adapter, Session& session, const model::Settings& intent,
                     const std::vector<std::string>& ports, const detail::Observed& before,
                     SwitchResult& r) {
  // A reader failing under the push is a failed command: the adapter's own
  // undo runs, as after a device error. Test seam: a throw after N reads,
  // under the guard or (",adapter") above it (engine_undo.h); unset in every
  // real run.
  const char* seam = std::getenv("ROCECFG_TEST_THROW_AFTER_PUSH_READS");
  size_t reads = seam ? std::strtoul(seam, nullptr, 10) : 0;
  bool above = seam && std::string_view(seam).ends_with(",adapter");
  std::optional<detail::ThrowingSession> below_guard, above_guard;
  if (seam && !above) below_guard.emplace(session, reads);
  detail::GuardedSession guarded(below_guard ? static_cast<Session&>(*below_guard) : session);
  if (seam && above) above_guard.emplace(guarded, reads);
  Status pushed =
      adapter.push(above_guard ? static_cast<Session&>(*above_guard) : guarded, r.commands);
  if (!pushed) {
    // The adapter's undo says whether it worked; only then is the old
    // config back.
    bool undone = pushed.error().message.find(kRollbackFailed) == std::string::npos;
    r.outcome = SwitchOutcome::failed;
    r.reason =
        (undone ? "push failed, pre-change config restored: " : "push failed, NOT restored: ") +
        pushed.error().to_string();
    return;
  }
  // Verify: what the switch now says must leave nothing to do. A read-back
  // that fails (dropped connection, timeout) is retried once on a fresh
  // connection before the apply is judged.
  auto after = detail::observe(adapter, session);
  if (!after && session.reconnect()) after = detail::observe(adapter, session);
  Result<plan::Plan> again = after ? plan_switch(adapter, intent, ports, after->state)
                                   : Result<plan::Plan>(std::unexpected(after.error()));
  if (again && again->changes() == 0) {
    // Persist only what verified; a reload must not revert to lossy. A save
    // that fails leaves the verified change live: say so, and do not "roll
    // back" through values a factory config never stated.
    if (Status saved = adapter.persist(session); !saved) {
      r.outcome = SwitchOutcome::failed;
      r.reason = fmt::format(
          "{} change(s) applied and verified, but not saved: {}; the running config holds "
          "them, a reload may bring back the startup config",
          r.plan.changes(), saved.error().to_string());
      return;
    }
    r.outcome = SwitchOutcome::applied;
    r.reason = fmt::format("{} change(s) applied and verified", r.plan.changes());
    return;
  }
  std::string why = again
                        ? fmt::format("{} knob(s) did not read back as intended", again->changes())
                        : "read-back failed: " + again.error().to_string();
  // Put back what this apply changed, from the values observed before it.
  if (!after) {
    r.outcome = SwitchOutcome::failed;
    r.reason = why + "; cannot read the switch to roll back: " + after.error().to_string();
    return;
  }
  detail::roll_back(adapter, session, before, *after, ports, why, r);
}

}  // namespace

SwitchResult apply_switch(const Adapter& adapter, Session& session, const model::Settings& intent,
                          const std::vector<std::string>& ports, bool dry_run,
                          const plan::Journal* journal) {
  Result<detail::Observed> before = detail::observe(adapter, session);
  SwitchResult r = audit_observed(adapter, before, intent, ports);
  if (r.outcome == SwitchOutcome::unverified && r.not_observed.empty()) return r;
  if (r.outcome != SwitchOutcome::drift && r.outcome != SwitchOutcome::unverified)
    return r;  // in sync, or could not even read
  // What the config does not state is set too: apply writes the intent.
  if (!r.not_observed.empty()) {
    auto full = plan_switch(adapter, intent, ports, before->state);
    if (full) r.plan = std::move(*full);
    r.not_observed.clear();
  }
  Diagnostics warnings;
  auto commands = adapter.render(vendor_intent(adapter, intent, warnings), ports, r.plan, warnings);
  for (std::string& w : diagnostics_text(warnings)) r.warnings.push_back(std::move(w));
  if (!commands) {
    r.outcome = SwitchOutcome::failed;
    r.reason = "render: " + commands.error().to_string();
    return r;
  }
  r.commands = *commands;
  // Read-only checks against the switch's own files: a refusal here has
  // sent nothing, dry run or not.
  if (!r.commands.empty() && before)
    if (Status ok = adapter.preflight(session, before->text, r.plan); !ok) {
      r.outcome = SwitchOutcome::failed;
      r.reason = "refused before sending anything: " + ok.error().to_string();
      return r;
    }
  if (dry_run) {
    r.outcome = SwitchOutcome::planned;
    r.reason =
        fmt::format("{} change(s), {} command(s) not sent", r.plan.changes(), r.commands.size());
    return r;
  }
  // Stop here on SIGTERM/SIGINT: nothing has been sent yet. Once the push
  // has begun, the run finishes this switch (verify, roll back) and reports.
  if (int signal = stop_signal_received()) {
    r.outcome = SwitchOutcome::failed;
    r.reason = fmt::format("stopped by {} before pushing; nothing changed", signal_name(signal));
    return r;
  }
  if (journal)
    if (Status s = plan::begin_journal(*journal, r.plan); !s) {
      r.outcome = SwitchOutcome::failed;
      r.reason = "apply journal: " + s.error().to_string() + "; nothing changed";
      return r;
    }
  // Every return from here has run to its end (verified, rolled back, or
  // reported as failed): the journal has served its purpose.
  struct JournalDone {
    const plan::Journal* journal;
    ~JournalDone() {
      if (journal) (void)plan::end_journal(*journal);
    }
  } journal_done{journal};
  // From the first command sent, whatever goes wrong on our side (a reader,
  // a parser or the transport throwing) ends like a device error: the
  // switch is put back, or the report says what it may still hold.
  try {
    push_and_verify(adapter, session, intent, ports, *before, r);
  } catch (const std::exception& e) {
    detail::recover_from_internal_error(adapter, session, *before, ports, e.what(), r);
  }
  return r;
}

}  // namespace rocecfg::sw
