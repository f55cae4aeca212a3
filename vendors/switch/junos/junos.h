// Juniper Junos and Junos OS Evolved (QFX5220/5230/5240, PTX). Class of
// service is a set of named objects under [edit class-of-service], bound to
// interfaces by name:
//
//   forwarding-classes class F queue-num Q [no-loss pfc-priority P]
//       a forwarding class is an egress queue; `no-loss` with `pfc-priority`
//       makes it lossless and names the 802.1p priority its pause frames
//       carry (EVO form; Juniper QFX5240 JVD, leaf1_qfx5240-64od.conf);
//   classifiers dscp C forwarding-class F loss-priority low code-points B
//   classifiers ieee-802.1 C forwarding-class F loss-priority low code-points b
//       ingress classification, bound per logical unit
//       (`interfaces I unit 0 classifiers dscp C`);
//   congestion-notification-profile N input ieee-802.1 code-point b pfc
//   congestion-notification-profile N output ieee-802.1 code-point b
//       flow-control-queue Q / pfc-watchdog {poll-interval, detection, recovery,
//       watchdog-action}: PFC and its watchdog, one profile per interface;
//   drop-profiles D interpolate fill-level [..] drop-probability [..]
//   schedulers S {priority strict-high | transmit-rate percent N;
//       explicit-congestion-notification; drop-profile-map ...}
//   scheduler-maps M forwarding-class F scheduler S
//       egress scheduling (ETS) and ECN, bound per interface.
//
// rocecfg's model maps onto it as: a traffic class is a queue; one class
// `rocecfg-q<N>` per queue the profile's priority map uses; the priority a
// class stands for is stated by the `rocecfg-8021p` IEEE 802.1p classifier
// (every priority -> its class), bound on the port when trust is PCP; the
// DSCP classifier `rocecfg-dscp` maps code points to those classes, bound
// when trust is DSCP. PFC is the profile `rocecfg-pfc-<priorities>[-wd]`
// (802.1p input, and output flow-control-queue for each lossless queue); the
// watchdog lives in that profile, so ports with and without it get two
// profiles. ETS is the scheduler map `rocecfg-sm` over the schedulers
// `rocecfg-s<N>`.
//
// Pitfalls the documents state, and what this adapter does about them:
//   - Changing PFC on an interface blocks the whole port until the change
//     completes (loss on all queues): render warns per port before a push.
//   - At most one congestion-notification profile per interface; DSCP-based
//     and 802.1p PFC cannot be mixed in one profile: rocecfg renders 802.1p
//     PFC only and reads both.
//   - A no-loss class has one pfc-priority: two lossless priorities on one
//     queue cannot be represented and are refused.
//   - ECN drop profiles are fill levels in percent of the queue's buffer, not
//     bytes; the queue's buffer is not in the profile nor readable from the
//     config, so byte thresholds are never converted. The profile states the
//     fill levels ([ecn] fill_level_percent): rendered as the drop profile
//     `rocecfg-ecn` in the two-point form Juniper documents for switches
//     other than QFX10000 (`interpolate fill-level [ A B ] drop-probability
//     [ 0 P ]`) with `explicit-congestion-notification` and its
//     drop-profile-map on the marking queues' schedulers, read back the same
//     way, compared only with fill levels (engine.h vendor_intent). Without
//     them ECN is planned unsupported. ECN needs ETS: a scheduler reaches a
//     port only through the scheduler map.
//   - The shared buffer is split into partitions in percent ([buffers]
//     shared_*_percent): ingress lossless, lossless-headroom and lossy,
//     totalling exactly 100 (Juniper, buffer-partition (Ingress)); egress
//     lossless and lossy equal to ingress, as QFX5130/5220/5230/5240 require
//     (Juniper QFX5K buffer architecture note: matching ingress and egress
//     percentages, no multicast pool, the headroom reserved at egress too;
//     the JVD QFX5240 leaf: 66/24/10 in, 66/10 out), or, where the profile
//     states a multicast share (Junos before EVO, QFX5100..5210), egress
//     lossless, multicast and the lossy share they leave, totalling 100 as
//     buffer-partition (Egress) asks; which of the two a switch takes is
//     read from `show version` (os_of), and the other refused before a push.
//     A split without a headroom share is
//     refused (lossless traffic would have no room past XOFF). Changing it
//     stops traffic on every port until the buffer is reprogrammed: warned,
//     and rendered only when planned. Read back only when the egress follows
//     the ingress; otherwise said. Headroom in bytes or from cable length is
//     the switch's own (planned unsupported); dynamic thresholds are read
//     past. The published EVO YANG has no ingress/egress partitions, so
//     these statements are not in the yanglint test.
//   - The watchdog's forms differ by release (Juniper/yang's models):
//     `pfc-watchdog` from 20.3R1, `watchdog-action forward` from 23.4R2 (drop
//     only before); refused before a push where `show version`'s release is
//     older (special trains such as 23.4X100 are not judged).
//   - EVO and non-EVO differ: EVO's `transmit-rate percent` takes 0..100 and
//     fill levels are decimals, non-EVO's 1..100 (Juniper/yang 24.4R1 vs
//     24.4R1-EVO); rocecfg never renders a 0 % rate (a scheduler without a
//     rate is "no guaranteed share").
//
// Transactions: `configure exclusive` (the candidate locked for this session;
// `configure private` would be the natural choice, but Junos refuses `commit
// confirmed` there), the `set` statements, `show | compare`
// (the plan as Junos sees it), `commit check`, `commit confirmed N`, a
// read-back, and `commit` to confirm; on failure `rollback 0` and `exit`,
// and a session that died leaves the confirmed commit to revert by itself
// after N minutes. A Junos commit is persistent (it writes the committed
// configuration, juniper.conf), so there is no separate save.
//
// Documents: Junos OS "Class of Service User Guide (Switches)": Configuring
// CoS PFC (Congestion Notification Profiles), PFC Watchdog (defaults 100 ms
// poll, detection 2, recovery 200 ms), Understanding CoS Explicit Congestion
// Notification (drop profiles as fill levels), drop-profiles (two interpolate
// points on switches except QFX10000); "CLI User Guide": configure
// exclusive, configure private (no commit confirmed there), show | compare,
// commit check, commit confirmed, rollback;
// Juniper/yang @2a696d624fe5dae221cb54f7a5d131d29087d038
// 24.4/24.4R1-EVO/native/conf-and-rpcs/conf/models (class-of-service and
// interfaces modules: the statement tree and value ranges; a test validates
// renders against them with yanglint); Juniper JVD AI data centre backend
// leaf1_qfx5240-64od.conf and ROCm/gpu-cluster-networking roce-network-config
// (QFX5240 example), as ../shared/vendor-schemas/juniper-yang/README.md cites.
#pragma once

#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "model/qos.h"
#include "plan/plan.h"
#include "switch/adapter.h"

namespace rocecfg::sw::junos {

inline constexpr std::string_view kVendor = "junos";
// Physical interface MTU on QFX: 256..9216 bytes (Junos "mtu" statement,
// QFX Series range).
inline constexpr model::MtuLimits kMtu{256, 9216};
// Minutes `commit confirmed` waits for the confirming commit before it rolls
// back by itself (Junos CLI User Guide: 1..65535 minutes).
inline constexpr unsigned kConfirmMinutes = 5;
// PFC watchdog defaults (Juniper "PFC Watchdog": 100 ms poll interval,
// detection 2 polls, recovery 200 ms).
inline constexpr unsigned kWatchdogPollMs = 100;
inline constexpr unsigned kWatchdogDetectionPolls = 2;
inline constexpr unsigned kWatchdogRecoveryMs = 200;

inline constexpr std::string_view kDscpClassifier = "rocecfg-dscp";
inline constexpr std::string_view kPcpClassifier = "rocecfg-8021p";
inline constexpr std::string_view kSchedulerMap = "rocecfg-sm";
inline constexpr std::string_view kDropProfile = "rocecfg-ecn";

// One port name: et-/xe-/ge-/mge-fpc/pic/port[:channel], ae<N>.
const std::regex& port_grammar();

// One configuration statement as `display set` writes it, without `set`:
// {"class-of-service", "forwarding-classes", "class", "NO-LOSS", ...}.
struct Statement {
  std::vector<std::string> words;
  int line = 0;  // 1-based line of the input, 0 for JSON
};

// The three forms Junos prints a configuration in, as statements
// (statements.cpp): `display set`, the hierarchical (curly-brace) form and
// `| display json`. Deactivated/inactive statements are left out and
// counted in `inactive`.
struct Statements {
  std::vector<Statement> list;
  std::string form;  // "display set", "hierarchical", "display json"
  size_t inactive = 0;
};
Result<Statements> read_statements(std::string_view text);
// `text` with terminal residue (prompts with their command, `[edit]`,
// `{master:0}`, pager lines) blanked, line numbers kept.
std::string clean_text(std::string_view text);

// Which Junos a switch runs, where forms differ: by the release `show
// version` prints ("Junos: 23.4X100-D31.9-EVO": Evolved releases end in
// -EVO), else by the model (Juniper's QFX5K buffer architecture note: QFX5130,
// 5220, 5230, 5240 run Evolved, QFX5100, 5110, 5120, 5200, 5210 Junos; PTX10000
// runs Evolved); unknown when neither says.
enum class Os { unknown, junos, evolved };
Os os_of(const Platform& platform);
// `show version`: "Model: qfx5240-64od", "Junos: 23.4X100-D31.9-EVO" (the
// first of each: a virtual chassis prints one block per member).
Platform parse_version(std::string_view out);

model::Settings representable(const Platform& platform, const model::Settings& intent,
                              Diagnostics& warnings);
Status check_intent(const model::Settings& intent);
Result<std::vector<std::string>> render(const Platform& platform, const model::Settings& intent,
                                        const std::vector<std::string>& ports,
                                        const plan::Plan& changes, Diagnostics& warnings);
Result<SwitchState> parse(std::string_view config_text);
Status push(Session& session, const std::vector<std::string>& commands);

// Code points as Junos writes them: six bits for DSCP ("011010"), three for
// 802.1p ("011"); and back (nullopt when not that many binary digits or a
// known alias).
std::string dscp_bits(unsigned dscp);
std::string pcp_bits(unsigned priority);
std::optional<unsigned> dscp_from_bits(std::string_view bits);
std::optional<unsigned> pcp_from_bits(std::string_view bits);

}  // namespace rocecfg::sw::junos
