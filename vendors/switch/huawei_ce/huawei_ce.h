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
//   watchdog     PFC deadlock detection, in forms that differ by model (see
//                DeadlockForm below). During recovery the port ignores PFC and
//                forwards or discards (`dcb pfc deadlock recovery-behavior`):
//                action forward or drop; alert has no equivalent.
//   scheduling   `qos pq N` (strict) or `qos drr N` + `qos queue N drr weight
//                W` (1..100, default 1; queues are PQ by default:
//                qos_pq_drr_lpq.json, qos_queue_drr.json). A weight is a
//                share: a queue gets W / (sum of the DRR weights) of what PQ
//                leaves, read back as whole percents (model::
//                weight_shares_percent). Weights start at 1: an ETS class of 0 %
//                is applied as weight 1, taken from the largest, with a warning,
//                so the weights written sum to 100 and read back exactly.
//   ECN          `drop-profile ROCECFG` / `ecn buffer-size low-limit L
//                high-limit H discard-percentage P` (bytes), attached with
//                `qos queue N wred ROCECFG` and `qos queue N ecn`. The
//                percentage form (`ecn low-limit 50 ...`) is relative to the
//                queue buffer and is reported, not converted.
//   MTU          `mtu N` (L3); `jumboframe enable N` (L2) is read as well.
//
// Commit model: two-stage. `system-view` edits a candidate (prompt
// `[*HUAWEI]` while uncommitted), `commit trial 300` makes it live with an
// automatic rollback unless `commit` confirms it; `clear configuration
// candidate` discards an uncommitted candidate and `abort trial` (which asks
// [Y/N]) reverts a trial (adapter.cpp). Auto-save is off by default, so a
// verified apply ends with `save` (+ Y) and `compare configuration`.
// Pitfalls: CE V300 writes `trust dscp`, not `qos trust dscp`; `return` with
// an uncommitted candidate asks a Y/N/C question, so the adapter never sends
// it before committing or aborting; AI ECN / iQCN may override static
// thresholds; some models need `dcb pfc dscp-mapping enable` and a headroom
// pool (buffers are not managed by this adapter).
//
// Syntax: Huawei CloudEngine 6800 V300R023C00 command reference as published in
// WheaterW/INTA-project@a9b3a9a1 nassim-main/corpus/hw/hw_CE6800_V300R023C00/
// cmd_corpus_json/ (every form, with its page, in tests/switch/conformance/
// huawei-ce.json).
//
// Which text is CloudEngine's (issue 31): one that carries at least one of its
// marks (headers, interface-name shapes and statements only it prints:
// `huawei_mark` in parse.cpp, with the documents they rest on) and no mark of
// another format (vendors/switch/cli/recognise.h). Every other statement is
// read or passed over, never a reason to refuse.
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
// The configuration lock, held from before `system-view` until the save is
// verified (adapter.cpp).
inline constexpr std::string_view kLock = "configuration exclusive";
inline constexpr std::string_view kUnlock = "undo configuration exclusive";
// PHB (service class) names by priority/queue.
inline constexpr std::array<std::string_view, 8> kPhb{"be",  "af1", "af2", "af3",
                                                      "af4", "ef",  "cs6", "cs7"};

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

// PFC deadlock detection differs by model (CE6800 V300R023C00 command
// reference, DCB_Configuration_Commands/):
//   interval_times: `dcb pfc deadlock-detect interval 10|100|500|1000` (the
//     unit) and, per priority in `dcb pfc`, `priority P deadlock-detect time
//     1..15` and `priority P deadlock-recovery time 0..31`; also
//     `dcb pfc dscp-mapping enable slot N` (DSCP-based back-pressure);
//     CE6855-48XS8CQ, CE6885(-SAN/-LL/-T), CE8855, CE8851-32CQ4BQ, CE6863E-48S8CQ
//   timers: `dcb pfc deadlock-detect timer 10..1500` and `dcb pfc
//     deadlock-recovery timer 10..1500` (ms); CE6860-SAN/-HAM, CE6866(K),
//     CE8850-SAN/-HAM, CE8851K, CE8851-32CQ8DQ-P
// Both: `dcb pfc deadlock recovery-behavior forwarding|discard slot N`.
// Any other model: the forms are unknown and rocecfg refuses to guess.
enum class DeadlockForm { unknown, interval_times, timers };
DeadlockForm deadlock_form(std::string_view model);
inline constexpr std::string_view kSlot = "1";  // fixed-form CloudEngine switches

// Deadlock detection on the interval_times family: interval (ms) x multipliers.
struct DeadlockTimers {
  uint32_t interval_ms = 100;
  uint32_t detect_multiplier = 1;
  uint32_t recover_multiplier = 1;
};
DeadlockTimers deadlock_timers(const model::PfcWatchdog& wd);
inline constexpr uint32_t kMinTimerMs = 10;
inline constexpr uint32_t kMaxTimerMs = 1500;

// The `default` domain's DSCP -> priority map.
model::DscpPriorityMap default_domain();

}  // namespace rocecfg::sw::huawei_ce
