// Cisco NX-OS (Nexus 9000). Three independent policy types must line up, and
// rocecfg writes one of each, with fixed names so it never edits an
// operator's policies in place:
//   type qos ROCECFG_QOS (class-maps ROCECFG_P<n>: `match dscp` -> `set
//     qos-group n`), attached per port with `service-policy type qos input`:
//     that attachment IS DSCP trust, and the map is per port;
//   type network-qos ROCECFG_NQ (system qos): `pause pfc-cos n` in the
//     system class `c-8q-nq<n>` and the jumbo `mtu`;
//   type queuing ROCECFG_QUEUING (system qos, output): per `c-out-8q-q<n>`
//     `priority level 1` (strict) or `bandwidth remaining percent` (ETS), and
//     `random-detect ... ecn` (ECN marking).
// A qos-group is rocecfg's priority and queue n serves qos-group n: the
// priority -> traffic class map is fixed to identity. PFC is on for a port
// when it says `priority-flow-control mode on` (auto depends on DCBX and is
// reported off, with a note). The PFC watchdog is switch-wide: detection and
// restoration are an interval (100-1000 ms) times multipliers; the action is
// always to drop.
//
// Pitfalls: system class names (c-8q-nq3, c-out-8q-q-default) are fixed
// words; `random-detect` without `ecn` drops instead of marking; ECN
// thresholds are rendered in bytes (kbytes/mbytes in hand-written configs
// are read as 1024-based, with a note). Changes go through `configure
// terminal` behind a `checkpoint` that any failure is rolled back to; not
// through `configure session`, which takes only ACL and QoS commands (see
// adapter.cpp).
//
// Syntax: Cisco Nexus 9000 NX-OS Quality of Service Configuration Guide
// (network-qos, queuing, PFC, PFC watchdog); System Management Configuration
// Guide (Rollback; Session Manager's limits).
//
// Which text is NX-OS's (issue 31): one that carries at least one of its marks
// (headers, interface-name shapes and statements only it prints: `nxos_mark`
// in parse.cpp, with the documents they rest on) and no mark of another format
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

namespace rocecfg::sw::nxos {

inline constexpr std::string_view kVendor = "nxos";
inline constexpr model::MtuLimits kMtu{576, 9216};
inline constexpr std::string_view kCheckpoint = "rocecfg";
inline constexpr std::string_view kQosPolicy = "ROCECFG_QOS";
inline constexpr std::string_view kNetworkQosPolicy = "ROCECFG_NQ";
inline constexpr std::string_view kQueuingPolicy = "ROCECFG_QUEUING";

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

// "c-8q-nq3" / "c-out-8q-q3" for queue 3; queue 0 is the "-default" class.
std::string network_qos_class(unsigned queue);
std::string queuing_class(unsigned queue);

// Watchdog timers as NX-OS holds them.
struct WatchdogTimers {
  uint32_t interval_ms = 100;
  uint32_t shutdown_multiplier = 1;
  uint32_t restore_multiplier = 1;
};
WatchdogTimers watchdog_timers(const model::PfcWatchdog& wd);

}  // namespace rocecfg::sw::nxos
