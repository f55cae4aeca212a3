// H3C Comware 7 (S6850, S9850, S9825, S9827). Classification is switch-wide:
// with `qos trust dscp` a port maps DSCP -> 802.1p through the `qos map-table
// dscp-dot1p` (`import 26 export 3`; default DSCP d -> d/8), and 802.1p ->
// queue through `qos map-table dot1p-lp`, whose DEFAULT IS NOT IDENTITY
// (0 -> 2, 1 -> 0, 2 -> 1, 3..7 -> 3..7): the adapter states the priority ->
// queue map explicitly whenever it renders scheduling. Per port:
//   PFC        `priority-flow-control enable` + `priority-flow-control no-drop
//              dot1p 3` (`auto` follows DCBX and is reported off, with a note)
//   watchdog   `priority-flow-control deadlock enable`; the times are switch-
//              wide per 802.1p, in 100 ms units (`priority-flow-control
//              deadlock cos 3 interval 2`, `... auto-recover cos 3 delay 2`).
//              Recovery turns PFC off for the delay; what happens to the
//              packets then is `priority-flow-control deadlock auto-recover
//              action discard | forwarding` (default forwarding): action
//              `drop` or `forward`; `alert` has no equivalent. The
//              S6805/S6825/S6850/S9850 Intelligent Lossless Network guide
//              (R671x, "PFC deadlock detection", steps 2-5). A timer's CoS
//              must already be a no-drop priority, so the timers follow the
//              interface stanzas, after `precision normal` (the default; the
//              unit of high/low is not documented publicly: such times are
//              not read). S6850 configuration guide, "PFC deadlock detection".
//   scheduling `qos wrr N group sp` (strict) or `qos wrr N group 1 byte-count
//              W`. A weight is a share: byte-count WRR weights 5,5,3,3,1,1,1,1
//              give the lowest queue 1/20 of a port (H3C S6300 Comware 7 QoS
//              configuration guide, "WRR queuing"), read back as whole
//              percents (model::weight_shares_percent). Weights start at 1, so
//              an ETS class of 0 % is applied as 1, taken from the largest, with
//              a warning: the weights written sum to 100. The same guide
//              schedules WRR group 1 against group 2 before their queues share;
//              a port with a group 2 queue has no one ETS table and is reported
//              so (its lines listed). Queues not mentioned are strict: the H3C
//              S9500 QoS operation manual says "the switch uses all-SP mode, so
//              those queues not configured with WRR algorithm are SP mode"; the
//              Comware 7 S68xx references found do not restate it [verify].
//   ECN        `qos wred apply ROCECFG`: the WRED table ROCECFG holds `queue 3
//              drop-level 0 low-limit L high-limit H discard-probability P`
//              and `queue 3 ecn`. L and H are queue lengths in buffer cells on
//              S68xx/S98xx; rocecfg assumes 256-byte cells and rounds up,
//              with a warning on every ECN apply naming the bytes applied
//              (marked not verifiable in tests/switch/conformance/h3c.json). The Comware 7 command
//              reference (`queue ... low-limit`, HPE 5130 HI 5998-8424b) gives
//              only "average queue length, 0 to 16000", no unit; the older
//              3Com/H3C 8807 reference takes multiples of 256 bytes. The cell
//              size per ASIC is still an assumption [verify per ASIC].
//   MTU        `jumboframe enable N` (frame size; `mtu N` is read as well).
//
// Commit model: changes apply immediately. The adapter saves an explicit
// rollback point first (`save flash:/rocecfg-rollback.cfg`), arms `configuration
// commit delay` so a change that cuts the switch off reverts by itself, and on
// failure restores the saved file with `configuration replace file`
// (adapter.cpp). `save` and `configuration replace` ask [Y/N]; the shell
// dialect treats that question as a prompt and the adapter answers it.
//
// Pitfalls: PFC cannot be enabled on dot1p 0 in standalone mode, nor 0 or 7
// with IRF; the PFC threshold must stay above the ECN high limit; WRED units
// and ranges are platform-specific.
//
// Syntax: H3C S6850/S9850 QoS and PFC command references (Comware 7), H3C
// configuration file management (save, configuration replace, commit delay).
//
// Which text is Comware's (issue 31): one that carries at least one of its
// marks (headers, interface-name shapes and statements only it prints:
// `h3c_mark` in parse.cpp, with the documents they rest on) and no mark of
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

namespace rocecfg::sw::h3c {

inline constexpr std::string_view kVendor = "h3c";
inline constexpr std::string_view kWredTable = "ROCECFG";
inline constexpr std::string_view kRollbackFile = "flash:/rocecfg-rollback.cfg";
inline constexpr std::string_view kCommitDelayMinutes = "5";
inline constexpr uint64_t kCellBytes = 256;  // assumed, see the WRED note above
inline constexpr uint32_t kDeadlockUnitMs = 100;
inline constexpr model::MtuLimits kMtu{1536, 12288};
// The default 802.1p -> local precedence (queue) map.
inline constexpr model::PrioTcMap kDefaultDot1pLp = model::prio_tc_array({2, 0, 1, 3, 4, 5, 6, 7});

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

// Bytes -> cells, rounded up (a threshold never ends up below what was asked).
uint64_t cells(uint64_t bytes);

}  // namespace rocecfg::sw::h3c
