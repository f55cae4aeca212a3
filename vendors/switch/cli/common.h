// What the four CLI adapters (EOS, NX-OS, Huawei CE, H3C) share beyond text:
// which knobs a plan asks them to render and where, the DSCP entries an intent
// declares (the CNP code point included), how the CNP class is recognised in
// a config, and how a port's effective settings are read from a SwitchState.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "model/knob.h"
#include "model/qos.h"
#include "model/settings.h"
#include "plan/plan.h"
#include "ports.h"
#include "switch/adapter.h"

namespace rocecfg::sw::cli {

// The changes a plan asks for, split the way adapters render them: switch-wide
// knobs (step target "global") and, per port, the knobs to touch. Values come
// from each step's `after` (the engine also renders restore plans, whose
// `after` is the pre-change value), `before` says what to turn off.
struct RenderPlan {
  std::map<model::Knob, plan::Step> global;
  std::map<std::string, std::map<model::Knob, plan::Step>> ports;  // port -> knob -> step
  // Rendering without ports (`render` without --ports: switch-wide settings
  // only): the intent's knobs as steps from factory state, so the
  // switch-wide halves of port knobs (watchdog timers, classification and
  // network-qos policies, maps) are still written. any_port_step falls back
  // to them. Empty whenever ports are given or the plan starts from a
  // switch's observed state (apply, rollback).
  std::map<model::Knob, plan::Step> switch_wide;

  bool empty() const { return global.empty() && ports.empty(); }
  bool has_global(model::Knob k) const { return global.contains(k); }
  // The first port step for `k`, or null: switch-wide parts of port knobs
  // (EOS watchdog timers) are rendered from it.
  const plan::Step* any_port_step(model::Knob k) const;
  // `intent` overlaid with the global steps' after values.
  model::Settings global_want(const model::Settings& intent) const;
  // `intent` overlaid with this port's steps' after values.
  model::Settings port_want(const model::Settings& intent, const std::string& port) const;
};

// The queues that marked ECN before a plan, from its ecn/ecn_priorities
// steps' `before` values: mapped through the priority -> queue map observed
// then (the ets step's `before`) when the plan changes that map, else through
// `want`'s map (unchanged, so the same).
std::set<TrafficClass> ecn_queues_before(const std::map<model::Knob, plan::Step>& knobs,
                                         const model::Settings& want,
                                         const model::PrioTcMap& fallback = model::kIdentityPrioTc);

// Steps for ports outside `ports` are refused: the plan and the inventory
// disagree, and rendering anyway would touch a port nobody asked for.
// With no ports, an `intent` and a plan from factory state (every step's
// `before` empty, as `render` plans), switch_wide holds the intent's knobs.
Result<RenderPlan> render_plan(const plan::Plan& changes, const std::vector<std::string>& ports,
                               const model::Settings* intent = nullptr);

// DSCP -> priority entries the intent declares, the CNP code point included.
model::DscpPriorityMap dscp_entries(const model::Settings& intent);

// A port's settings as the plan sees them: switch-wide knobs from `global`,
// per-port knobs from `ports[port]` where present.
model::Settings effective(const SwitchState& state, const std::string& port);

// An ECN/WRED threshold as a CLI writes it ("150 kbytes") in bytes, with the
// vendor's words beside ours ("150 kbytes = 153600 B"). kbytes/mbytes are
// 1024-based (EOS and NX-OS print buffer sizes in KiB); segments, cells,
// milliseconds and percent depend on the platform and are not converted:
// nullopt, and the caller reports "ECN on, thresholds in <unit> not comparable".
struct Threshold {
  uint64_t bytes = 0;
  std::string vendor_text;
};
std::optional<Threshold> threshold_bytes(std::string_view value, std::string_view unit);

// Milliseconds as a seconds decimal ("0.2", "0.05", "1") and back.
std::string seconds_text(uint32_t ms);
std::optional<uint32_t> parse_seconds_ms(std::string_view text);

// A configuration typed as a session (a vendor guide's snippet) states only
// what it says: every vendor default the parser assumed for what it does not
// say is taken back (the knob is then not in the text), and `recognised_as`
// says so.
void only_stated(SwitchState& state, std::string_view what);

// A warning about `knob` in this vendor's words.
void warn(Diagnostics& warnings, std::string_view vendor, model::Knob knob, std::string message);

// Join words with a separator.
std::string join(const std::vector<std::string>& parts, std::string_view sep);

}  // namespace rocecfg::sw::cli

namespace rocecfg::sw::cli {

// Undo a failed push. `live` runs on the session as it is (the CLI still
// answers, somewhere inside the vendor's config mode); if any of it fails, the
// connection is presumed lost: reconnect once and run `fresh` from exec mode.
// The result says whether the switch is back where it started.
Status recover(Session& session, const std::vector<std::string>& live,
               const std::vector<std::string>& fresh);

// Persistence: run `save` (answers included), then read `running` and
// `startup` and require them equal, comment lines ('!' first) and trailing
// blanks aside. A reload must come back with what was verified.
Status save_and_verify(Session& session, const std::vector<std::string>& save,
                       const std::string& running, const std::string& startup);

// The push error with the rollback outcome appended, for the summary line.
Error push_failure(Error cause, std::string_view vendor, const Status& rollback);

}  // namespace rocecfg::sw::cli

namespace rocecfg::sw::cli {

// The `interface` stanzas of a render: each port of `ports` with steps in
// `plan` gets port_lines(its wanted settings, its steps); ports that need
// identical lines share one stanza. With `ranges`, a run of consecutive
// ports opens one stanza ("interface Ethernet1/1-4"); vendors without range
// commands get one stanza per port. Lines are indented by `indent` and the
// stanza closed with `close`.
struct StanzaStyle {
  bool ranges = true;
  std::string indent = "  ";
  std::string close = "exit";
};
using PortLines = std::function<Result<std::vector<std::string>>(
    const model::Settings& want, const std::map<model::Knob, plan::Step>& steps)>;
Status interface_stanzas(const model::Settings& intent, const RenderPlan& plan,
                         const std::vector<std::string>& ports, const PortLines& port_lines,
                         const StanzaStyle& style, std::vector<std::string>& out);

// "Ethernet1/1-4" for a run, the single name otherwise.
std::string run_text(const PortRun& run);

}  // namespace rocecfg::sw::cli

namespace rocecfg::sw::cli {

// A DSCP as configs write it: "26", "af31", "cs6", "ef", "default".
std::optional<unsigned> dscp_value(std::string_view word);

// A non-negative decimal no larger than `max`.
std::optional<uint64_t> number(std::string_view text, uint64_t max);

}  // namespace rocecfg::sw::cli
