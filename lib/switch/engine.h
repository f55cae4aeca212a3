// One switch, start to finish: read its config, plan the difference to the
// intent (switch-wide knobs against SwitchState::global, port knobs against
// each interface), and for apply render only that difference, push it in the
// vendor's transaction, read back and verify that a re-plan is empty. When
// verification fails, the engine pushes the observed pre-change values back.
#pragma once

#include <string>
#include <vector>

#include "plan/journal.h"
#include "plan/plan.h"
#include "switch/adapter.h"

namespace rocecfg::sw {

enum class SwitchOutcome {
  in_sync,      // audit/apply: nothing to change, nothing sent
  drift,        // audit: differences found
  planned,      // apply --dry-run: commands rendered, nothing sent
  applied,      // pushed, read back, verified
  failed,       // push failed; the old config restored unless the reason says
                // "NOT restored" (the adapter's undo failed: kRollbackFailed)
  rolled_back,  // pushed but verification failed; pre-change values restored
  unreachable,  // connect, host key or authentication failed; nothing sent
  unverified,   // audit: no drift seen, but intended knobs are not in the config
                // (or no QoS statement in it was understood): nothing to call in sync
};

struct SwitchResult {
  std::string name;
  std::string vendor;
  SwitchOutcome outcome = SwitchOutcome::failed;
  std::string reason;                 // one line for the summary
  plan::Plan plan;                    // the difference found before any change
  std::vector<std::string> commands;  // rendered for that difference
  std::vector<std::string> warnings;  // vendor limits, unsupported knobs
  // audit: intended knobs the config does not state ("not in the file"),
  // never counted as drift and never as in sync.
  std::vector<plan::Step> not_observed;
  // What the config was read as and what was passed over (SwitchState's
  // recognised_as: "EOS running-config; passed over 211 statements that are
  // not QoS"); empty when nothing was parsed.
  std::string recognised_as;
};

const char* to_string(SwitchOutcome outcome);
bool outcome_ok(SwitchOutcome outcome);  // in_sync, planned, applied

// Switch-side shaping of a profile's intent: the CNP marking (DSCP ->
// priority) is a DSCP map entry on a switch, so it is folded into dscp_map.
model::Settings switch_intent(const model::Settings& intent);

// ECN in the unit the vendor takes (model::Ecn): a switch of bytes does not
// see the fill levels (when bytes are stated); a switch of fill levels sees
// them with the bytes 0 (when fill levels are stated). A unit the profile
// does not state is left as it is and unsupported_for plans it as not
// expressible.
model::Settings ecn_in_vendor_unit(const Adapter& adapter, model::Settings s);

// Adapter::representable (its clamps and roundings, said in `warnings`),
// except that buffers the vendor holds none of stay as asked, so the plan
// shows them unsupported (unsupported_for) instead of leaving them out.
model::Settings held_or_unsupported(const Adapter& adapter, const model::Settings& asked,
                                    Diagnostics& warnings);

// What this vendor is asked to hold: switch_intent, ECN in its unit, then
// held_or_unsupported.
model::Settings vendor_intent(const Adapter& adapter, const model::Settings& intent,
                              Diagnostics& warnings);

// Adapter::unsupported_knobs, plus ECN (and where it marks) when the profile
// does not state the unit the switch takes (bytes only on Junos, fill
// levels only elsewhere), plus buffers when the vendor holds none of those
// the profile states (Adapter::representable drops them all).
std::set<model::Knob> unsupported_for(const Adapter& adapter, const model::Settings& intent);

// The plan for a parsed state. Ports are expanded names; a port missing from
// the state is an error (a typo in the inventory must not read as drift).
Result<plan::Plan> plan_switch(const Adapter& adapter, const model::Settings& intent,
                               const std::vector<std::string>& ports, const SwitchState& state);

// Everything, as the intent would render against a switch with no state:
// what `rocecfg render` prints.
Result<std::vector<std::string>> render_all(const Adapter& adapter, const model::Settings& intent,
                                            const std::vector<std::string>& ports,
                                            Diagnostics& warnings);

// The audit verdict for a parsed state: drift, unverified or in-sync (see
// SwitchOutcome). One function for the live audit, the offline audit of a
// backup and the apply's first look.
SwitchResult audit_state(const Adapter& adapter, const SwitchState& state,
                         const model::Settings& intent, const std::vector<std::string>& ports);

// Audit a config text (a backup file, or what fetch_config returned): parse,
// then audit_state. Empty `ports`: every port the config names. A text the
// parser does not recognise is `failed` with the parser's reason.
SwitchResult audit_config(const Adapter& adapter, std::string_view config_text,
                          const model::Settings& intent, const std::vector<std::string>& ports);
// What `rocecfg render --session` prints: everything a push of the intent to a
// factory-default switch sends, in order (transaction begin, the commands,
// commit/confirm, persistence), and the path a refused line takes instead
// (`rollback`: the commands sent after the first configuration line fails).
struct RenderedSession {
  std::vector<std::string> reads;     // what an apply reads before it sends anything
  std::vector<std::string> config;    // render_all
  std::vector<std::string> commands;  // push() and persist(), in order
  std::vector<std::string> rollback;
};
Result<RenderedSession> render_session(const Adapter& adapter, const model::Settings& intent,
                                       const std::vector<std::string>& ports,
                                       Diagnostics& warnings);

// Where the adapter's forms depend on the model and the platform is not
// known, read it from the switch (Adapter::version_command); where they
// depend on the port's queue form, read that from the first of `ports`
// (Adapter::queue_form_command).
Status learn_platform(Adapter& adapter, Session& session,
                      const std::vector<std::string>& ports = {});

SwitchResult audit_switch(const Adapter& adapter, Session& session, const model::Settings& intent,
                          const std::vector<std::string>& ports);
// `journal` (optional): written before the push, removed once the switch is
// verified or rolled back (plan/journal.h), so a run killed mid-push is
// reported by the next one.
SwitchResult apply_switch(const Adapter& adapter, Session& session, const model::Settings& intent,
                          const std::vector<std::string>& ports, bool dry_run,
                          const plan::Journal* journal = nullptr);

}  // namespace rocecfg::sw
