#include "host/host_session.h"

#include <fmt/format.h>

#include "core/exit_code.h"

#include "plan/render.h"

namespace rocecfg::host {

namespace {

// The knobs of `intent` that live on this target: host-wide files on the
// host target only, everything else on each interface.
model::Settings for_target(const model::Settings& intent, bool host_target) {
  model::Settings out;
  for (model::Knob k : model::all_knobs())
    if (model::is_host_wide(k) == host_target) model::knob_assign(out, intent, k);
  return out;
}

void observe_all(LinuxHost& host, const std::vector<std::string>& interfaces,
                 const model::Settings& full_intent, SessionReport& r) {
  std::vector<std::string> names = interfaces;
  model::Settings host_wide = for_target(full_intent, true);
  if (host_wide != model::Settings{}) names.push_back(model::kHostTarget);
  for (const std::string& ifname : names) {
    const model::Settings intent = for_target(full_intent, ifname == model::kHostTarget);
    Observation o = host.observe(ifname, intent);
    if (!o.found) {
      r.targets.push_back(std::move(o));
      continue;
    }
    // A knob that could not be read is reported as unreadable, not as drift
    // from "-": we do not know its value.
    model::Settings want = intent;
    for (model::Knob k : o.unreadable_knobs) model::knob_assign(want, model::Settings{}, k);
    for (model::Knob k : o.not_applicable) model::knob_assign(want, model::Settings{}, k);
    // What was actually compared: a knob the profile manages that this
    // interface can take and that could be read.
    for (model::Knob k : model::all_knobs())
      if (model::knob_present(want, k) && !o.unsupported.count(k)) ++r.compared;
    size_t first = r.plan.steps.size();
    plan::diff(ifname, want, o.observed, o.unsupported, r.plan);
    for (size_t i = first; i < r.plan.steps.size(); ++i) {
      plan::Step& s = r.plan.steps[i];
      if (s.kind == plan::StepKind::unsupported) s.reason = o.why_unsupported[s.knob];
    }
    r.targets.push_back(std::move(o));
  }
}

std::string notes_text(const SessionReport& r) {
  std::string out;
  if (r.interrupted_earlier)
    out += fmt::format("warning: {}; {}\n", plan::describe(*r.interrupted_earlier),
                       r.dry_run || !r.applied
                           ? "what it left is compared below"
                           : "this apply re-planned from what the devices hold now");
  if (!r.journal_error.empty()) out += fmt::format("error: apply journal: {}\n", r.journal_error);
  for (const Observation& o : r.targets) {
    for (const Error& e : o.refusals) out += fmt::format("error: {}\n", e.to_string());
    for (const Error& e : o.unreadable) out += fmt::format("could not read: {}\n", e.to_string());
    for (const std::string& w : o.warnings)
      out += fmt::format("warning: {}: {}\n", o.netdev.name, w);
  }
  return out;
}

std::string unsupported_text(const plan::Plan& p) {
  std::string out;
  for (const plan::Step& s : p.steps)
    if (s.kind == plan::StepKind::unsupported)
      out += fmt::format("unsupported: {}: {}: {}\n", s.target, model::knob_name(s.knob), s.reason);
  return out;
}

// Under the strict policy unsupported knobs are what makes the run fail: say so.
std::string strict_text(const SessionReport& r) {
  if (!r.strict || r.plan.unsupported() == 0) return "";
  return fmt::format("strict: {} unsupported knob(s) count as not in place\n",
                     r.plan.unsupported());
}

}  // namespace

namespace {

plan::Journal host_journal(const std::string& dir) {
  return {dir, "host-apply.journal"};
}

void look_for_unfinished_apply(const std::string& journal_dir, SessionReport& r) {
  if (journal_dir.empty()) return;
  Result<std::optional<plan::InterruptedApply>> earlier =
      plan::read_journal(host_journal(journal_dir));
  if (!earlier)
    r.journal_error = earlier.error().to_string();
  else if (*earlier && !(*earlier)->running)
    r.interrupted_earlier = *earlier;
}

}  // namespace

SessionReport run_audit(LinuxHost& host, const std::vector<std::string>& interfaces,
                        const model::Settings& intent, SessionPolicy policy) {
  SessionReport r;
  r.strict = policy.strict;
  const std::string& journal_dir = policy.journal_dir;
  look_for_unfinished_apply(journal_dir, r);
  observe_all(host, interfaces, intent, r);
  bool unreadable = false, missing = false, invalid = false, refused = false;
  for (const Observation& o : r.targets) {
    unreadable |= !o.unreadable.empty();
    for (const Error& e : o.refusals) {
      missing |= e.kind == ErrorKind::not_found;
      invalid |= e.kind == ErrorKind::invalid_input;
      refused = true;
    }
  }
  // A named interface that does not exist (or is no Ethernet netdev) is an
  // error, not a clean or drifted host: the audit could not look at what it
  // was asked to. Unsupported knobs are warnings unless the policy is strict;
  // but an audit that compared nothing at all is never "no drift". Several
  // findings at once: the precedence is worst_exit_code's (2, 3, 1, 4), so a
  // refused interface beside drift on another is still 3.
  r.exit_code = kOk;
  if (missing) r.exit_code = worst_exit_code(r.exit_code, kRuntime);
  if (invalid) r.exit_code = worst_exit_code(r.exit_code, kUsage);
  if (r.plan.changes() > 0 || (policy.strict && r.plan.unsupported() > 0))
    r.exit_code = worst_exit_code(r.exit_code, kDrift);
  if (unreadable || refused || r.compared == 0)
    r.exit_code = worst_exit_code(r.exit_code, kRuntime);
  return r;
}

SessionReport run_apply(LinuxHost& host, const std::vector<std::string>& interfaces,
                        const model::Settings& intent, bool dry_run, SessionPolicy policy) {
  SessionReport r;
  r.dry_run = dry_run;
  r.strict = policy.strict;
  const std::string& journal_dir = policy.journal_dir;
  look_for_unfinished_apply(journal_dir, r);
  observe_all(host, interfaces, intent, r);
  // Refuse before the first write: an interface that cannot take part (no
  // DCB, DCBX owned by an agent, unreadable state that could not be rolled
  // back) must not leave the others half-changed.
  for (const Observation& o : r.targets)
    if (!o.refusals.empty() || !o.unreadable.empty()) r.refused = true;
  if (r.refused) {
    bool invalid = false;
    for (const Observation& o : r.targets)
      for (const Error& e : o.refusals) invalid |= e.kind == ErrorKind::invalid_input;
    r.exit_code = invalid ? kUsage : kRuntime;
    return r;
  }
  // A knob another party owns is not written: its difference stays in the
  // plan as a step not taken, with the owner named, and the profile is not
  // in place until that party delivers it.
  bool owner_differs = false;
  for (plan::Step& s : r.plan.steps)
    if (s.kind == plan::StepKind::change && policy.owned_elsewhere.contains(s.knob)) {
      s.kind = plan::StepKind::unsupported;
      s.reason = policy.owned_elsewhere_reason;
      owner_differs = true;
    }
  // Unsupported knobs do not make an apply incomplete unless the policy is
  // strict; a run where no knob could be handled at all is no success.
  int unsupported_code =
      owner_differs || (policy.strict && r.plan.unsupported() > 0) ? kDrift : kOk;
  if (r.compared == 0) {
    r.exit_code = kRuntime;
    return r;
  }
  if (dry_run) {
    r.exit_code = unsupported_code;
    return r;
  }
  if (r.plan.changes() == 0) {
    // The devices already hold the profile: whatever an earlier, killed
    // apply left is superseded, and its journal has served its purpose.
    if (!journal_dir.empty() && r.interrupted_earlier)
      if (Status s = plan::end_journal(host_journal(journal_dir)); !s)
        r.journal_error = s.error().to_string();
    r.exit_code = unsupported_code;
    return r;
  }
  if (!journal_dir.empty()) {
    // No journal, no write: a run that could be killed unseen must not start.
    if (Status s = plan::begin_journal(host_journal(journal_dir), r.plan); !s) {
      r.journal_error = s.error().to_string();
      r.refused = true;
      r.exit_code = kRuntime;
      return r;
    }
  }
  r.applied = plan::apply(r.plan, host);
  if (!journal_dir.empty())
    if (Status s = plan::end_journal(host_journal(journal_dir)); !s)
      r.journal_error = s.error().to_string();
  if (r.applied->failed)
    r.exit_code = kRuntime;
  else if (!r.applied->complete())
    r.exit_code = kDrift;
  else
    r.exit_code = unsupported_code;
  return r;
}

std::string render_audit_text(const SessionReport& r, bool verbose) {
  std::string out = notes_text(r);
  plan::Plan drift;
  for (const plan::Step& s : r.plan.steps)
    if (s.kind == plan::StepKind::change) drift.steps.push_back(s);
  if (!drift.empty()) out += "drift (observed -> profile):\n" + plan::render_text(drift, verbose);
  out += unsupported_text(r.plan) + strict_text(r);
  if (!drift.empty()) return out;
  bool all_found = true;
  for (const Observation& o : r.targets) all_found &= o.found;
  if (r.compared == 0 && all_found)
    out += "nothing compared: no knob of the profile can be read on these interfaces\n";
  else if (r.exit_code == kOk && r.plan.unsupported() > 0)
    out += fmt::format("no drift in the supported knobs ({} unsupported, listed above)\n",
                       r.plan.unsupported());
  else if (r.exit_code == kOk)
    out += "no drift\n";
  else if (!r.strict || r.plan.unsupported() == 0)
    out += "no drift in what could be read\n";
  return out;
}

std::string render_apply_text(const SessionReport& r, bool verbose) {
  std::string out = notes_text(r);
  plan::Plan changes;
  for (const plan::Step& s : r.plan.steps)
    if (s.kind == plan::StepKind::change) changes.steps.push_back(s);
  if (r.refused) {
    // A dry run still shows the whole plan, so the operator sees everything
    // that stands between this host and the profile, not only the refusal.
    if (r.dry_run && !changes.empty())
      out += "plan (refused, see above):\n" + plan::render_text(changes, verbose) +
             unsupported_text(r.plan);
    return out + "nothing changed\n";
  }
  if (r.compared == 0)
    return out + unsupported_text(r.plan) +
           "nothing to do: no knob of the profile can be set on these interfaces\n";
  if (r.plan.changes() == 0) {
    out += unsupported_text(r.plan) + strict_text(r);
    return out + "nothing to do\n";
  }
  out += "plan:\n" + plan::render_text(changes, verbose);
  out += unsupported_text(r.plan) + strict_text(r);
  if (r.dry_run) return out + "dry run: nothing changed\n";
  if (r.applied) {
    // Unsupported knobs were listed above and never attempted.
    plan::ApplyReport attempted = *r.applied;
    std::erase_if(attempted.results, [](const plan::StepResult& s) {
      return s.outcome == plan::Outcome::unsupported;
    });
    out += "result:\n" + plan::render_text(attempted);
  }
  return out;
}

nlohmann::json to_json(const SessionReport& r) {
  using nlohmann::json;
  json targets = json::array();
  for (const Observation& o : r.targets) {
    json t = {{"interface", o.netdev.name},
              {"driver", o.netdev.driver},
              {"rdma_device", o.netdev.rdma_device},
              {"nic_family", o.nic_family}};
    json refusals = json::array(), unreadable = json::array(), warnings = json::array();
    for (const Error& e : o.refusals) refusals.push_back(e.to_string());
    for (const Error& e : o.unreadable) unreadable.push_back(e.to_string());
    for (const std::string& w : o.warnings) warnings.push_back(w);
    t["errors"] = refusals;
    t["unreadable"] = unreadable;
    t["warnings"] = warnings;
    targets.push_back(t);
  }
  size_t unverifiable = 0;
  for (const Observation& o : r.targets) unverifiable += o.unreadable_knobs.size();
  json out = {{"targets", targets},          {"plan", plan::to_json(r.plan)},
              {"exit_code", r.exit_code},    {"refused", r.refused},
              {"dry_run", r.dry_run},        {"strict", r.strict},
              {"compared", r.compared},      {"unsupported", r.plan.unsupported()},
              {"unverifiable", unverifiable}};
  if (r.applied) out["apply"] = plan::to_json(*r.applied);
  if (r.interrupted_earlier)
    out["interrupted_apply"] = {{"pid", r.interrupted_earlier->pid},
                                {"started_unix_s", r.interrupted_earlier->started_unix_s},
                                {"planned_changes", r.interrupted_earlier->planned_changes},
                                {"interfaces", r.interrupted_earlier->targets}};
  if (!r.journal_error.empty()) out["journal_error"] = r.journal_error;
  return out;
}

}  // namespace rocecfg::host
