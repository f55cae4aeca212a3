// Arista EOS. Classification is switch-wide (`qos map dscp D to
// traffic-class T`); a traffic class is rocecfg's priority, and `tx-queue N`
// is its traffic class (identity unless `qos map traffic-class T to tx-queue
// Q` says otherwise). Everything else lives on the interface, directly or in a
// `qos profile` applied with `service-profile`: trust, PFC (`priority-flow-
// control priority 3 no-drop`), the watchdog switch, and per tx-queue the
// scheduler (strict is the default; `no priority` + `bandwidth percent` is
// ETS) and ECN (`random-detect ecn`). Watchdog timers are global, in seconds.
//
// Pitfalls this adapter handles: interface MTU tops out at 9214, so 9216 is
// clamped with a warning (representable()); ECN thresholds are rendered in
// bytes because "kbytes" does not say whether it means 1000 or 1024 (configs
// that use kbytes/mbytes are read as 1024-based, with a note); `segments` and
// `milliseconds` thresholds depend on the platform and are reported, not
// guessed; `uc-tx-queue` (split unicast queues, 7050X3) is read as `tx-queue`;
// `qos map traffic-class 3 to dscp 26` is the egress REWRITE map and is not
// classification. Changes go through `configure session` and a commit timer
// (see adapter.cpp), so a push that cuts the switch off reverts by itself.
//
// Strict on top: every class above the highest strict one is kept strict
// (representable(), with a warning), so no `no priority` tx-queue sits above
// the strict CNP queue; the manual's rule for that order could not be read
// here (tests/switch/conformance/eos.json, not_used), and the ROCm 7388 RoCE
// example leaves queue 7 at its strict default.
//
// Queue keyword: platforms that split unicast and multicast queues take
// `uc-tx-queue N` (and `mc-tx-queue N`), the others `tx-queue N`; no public
// Arista document lists which models do (the manual defers to its "Chipset
// Mapping for QoS" table, which could not be read here). The switch itself
// shows it: `show running-config all interfaces <port>` lists every queue
// of the port with its defaults (Arista's goeapi module/interfaces_test.go
// @aab525dc parses such stanzas: `uc-tx-queue 7` / `priority strict` / `no
// bandwidth percent`), so an apply reads the keyword from the first port
// before rendering (queue_form_command) and refuses when neither shows.
// Offline `render` without a switch renders `tx-queue`.
//
// Syntax: Arista EOS User Manual, "Quality of Service" and "Priority Flow
// Control"; AVD eos_cli_config_gen templates and schema fragments
// (../shared/vendor-schemas/arista-avd, AVD v4.10.2: qos_profiles, priority_
// flow_control: timers at most two decimals); ROCm/gpu-cluster-networking
// docs/how-to/roce-network-config.rst (7388 example).
//
// Which text is EOS's (issue 31): one that carries at least one of its marks
// (headers, interface-name shapes and statements only it prints: `eos_mark` in
// parse.cpp, with the documents they rest on) and no mark of another format
// (vendors/switch/cli/recognise.h). Every other statement is read or passed
// over, never a reason to refuse.
#pragma once

#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "model/qos.h"
#include "plan/plan.h"
#include "switch/adapter.h"

namespace rocecfg::sw::eos {

inline constexpr std::string_view kVendor = "eos";
inline constexpr model::MtuLimits kMtu{68, 9214};
inline constexpr std::string_view kSessionName = "rocecfg";
// Minutes the switch waits for the confirming commit before reverting.
inline constexpr std::string_view kCommitTimer = "00:05:00";
inline constexpr std::string_view kTxQueue = "tx-queue";
inline constexpr std::string_view kUcTxQueue = "uc-tx-queue";

// One port name in this vendor's grammar (adapter.cpp).
const std::regex& port_grammar();
model::Settings representable(const Platform& platform, const model::Settings& intent,
                              Diagnostics& warnings);
Result<std::vector<std::string>> render(const Platform& platform, const model::Settings& intent,
                                        const std::vector<std::string>& ports,
                                        const plan::Plan& changes, Diagnostics& warnings);
Result<SwitchState> parse(std::string_view config_text);
Status push(Session& session, const std::vector<std::string>& commands);
// Save the running config as the startup config and check it (adapter.cpp).
Status persist(Session& session);

}  // namespace rocecfg::sw::eos
