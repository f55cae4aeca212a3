// Huawei CloudEngine (CE6800/CE8800, VRP V200R/V300R). Almost everything is
// per interface, so every knob but the CNP is a port knob here:
//   DSCP trust   `trust dscp` + `trust upstream ROCECFG`: the DiffServ domain
//                ROCECFG maps `ip-dscp-inbound D phb <class> green`, and a PHB
//                names the priority and queue (be af1 af2 af3 af4 ef cs6 cs7 =
//                0..7). Ports without `trust upstream` use the `default`
//                domain (standard code points: AF3x/CS3 -> 3, CS6 -> 6, ...).
//   PFC          the `dcb pfc` profile lists `priority N`; a port runs it with
//                `dcb pfc enable mode manual` (mode auto follows DCBX and is
//                reported off, with a note).
//   watchdog     PFC deadlock detection: switch-wide `dcb pfc deadlock-detect
//                interval <ms>` times per-priority multipliers (`priority 3
//                deadlock-detect time 2 deadlock-recovery time 2`). During
//                recovery the port ignores PFC and keeps forwarding, so the
//                action is `forward`. No CloudEngine document saying so was
//                found (docs and pages searched); H3C documents the same
//                recovery ("disables PFC ... so that packets can be forwarded
//                properly"), see h3c.h [verify on the target release].
//   scheduling   `qos pq N` (strict) or `qos drr N` + `qos queue N drr weight
//                W`. DRR weights start at 1: an ETS class of 0 % is applied
//                as weight 1 and reported as 1 %, with a warning.
//   ECN          `drop-profile ROCECFG` / `ecn buffer-size low-limit L
//                high-limit H discard-percentage P` (bytes), attached with
//                `qos queue N wred ROCECFG` and `qos queue N ecn`. The
//                percentage form (`ecn low-limit 50 ...`) is relative to the
//                queue buffer and is reported, not converted.
//   MTU          `mtu N` (L3); `jumboframe enable N` (L2) is read as well.
//
// Commit model: two-stage. `system-view` edits a candidate (prompt
// `[*HUAWEI]` while uncommitted), `commit trial 300` makes it live with an
// automatic rollback unless `commit` confirms it; `abort` discards an
// uncommitted candidate and `abort trial` reverts a trial (adapter.cpp).
// Pitfalls: CE V300 writes `trust dscp`, not `qos trust dscp`; `return` with
// an uncommitted candidate asks a Y/N/C question, so the adapter never sends
// it before committing or aborting; AI ECN / iQCN may override static
// thresholds; some models need `dcb pfc dscp-mapping enable` and a headroom
// pool (buffers are not managed by this adapter).
//
// Syntax: Huawei CloudEngine 6800 V300R023C00 configuration guide and command
// reference (DCB, QoS, two-stage commit).
#pragma once

#include <array>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "model/qos.h"
#include "plan/plan.h"
#include "switch/adapter.h"

namespace rocecfg::sw::huawei_ce {

inline constexpr std::string_view kVendor = "huawei-ce";
inline constexpr std::string_view kDomain = "ROCECFG";
inline constexpr std::string_view kDropProfile = "ROCECFG";
inline constexpr model::MtuLimits kMtu{46, 9600};
inline constexpr std::string_view kTrialSeconds = "300";
// PHB (service class) names by priority/queue.
inline constexpr std::array<std::string_view, 8> kPhb{"be",  "af1", "af2", "af3",
                                                      "af4", "ef",  "cs6", "cs7"};

// One port name in this vendor's grammar (adapter.cpp).
const std::regex& port_grammar();
model::Settings representable(const model::Settings& intent, Diagnostics& warnings);
Result<std::vector<std::string>> render(const model::Settings& intent,
                                        const std::vector<std::string>& ports,
                                        const plan::Plan& changes, Diagnostics& warnings);
Result<SwitchState> parse(std::string_view config_text);
Status push(Session& session, const std::vector<std::string>& commands);

// Deadlock detection as Huawei holds it: interval (ms) x multipliers.
struct DeadlockTimers {
  uint32_t interval_ms = 100;
  uint32_t detect_multiplier = 1;
  uint32_t recover_multiplier = 1;
};
DeadlockTimers deadlock_timers(const model::PfcWatchdog& wd);

// The `default` domain's DSCP -> priority map.
std::map<uint8_t, uint8_t> default_domain();

}  // namespace rocecfg::sw::huawei_ce
