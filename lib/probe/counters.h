// Counter snapshots around a measurement window and their deltas.
//
// Sources: the RDMA port's hw_counters (mlx5: out_of_sequence, np_cnp_sent...;
// rxe: rcvd_seq_err, completer_retry_err...), the netdev's statistics
// (rx_dropped...) and the driver's ethtool statistics, where the per-priority
// PFC counters live (mlx5 rx_prio3_pause, ice rx_priority_3_xoff.nic, bnxt
// rx_pfc_ena_frames_pri3). Keys are "<object>:<counter>", e.g.
// "rxe0:rcvd_seq_err", "veth0:rx_dropped", "eth0:rx_prio3_pause". NICs differ
// in which counters exist, so every rule works on classes of counters, and a
// class with no counters is "not measured", not 0.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "core/types.h"
#include "probe/sysfs.h"

namespace rocecfg::probe {

using CounterMap = std::map<std::string, uint64_t>;

enum class CounterClass {
  loss,             // receiver saw a gap or a corrupt packet: the fabric lost something
  retransmit,       // sender retried (timeouts, duplicates); rxe under TCG does this without loss
  transport_error,  // retries exhausted: a QP went to error
  discard,          // packets dropped by the NIC or the interface
  pause,            // PFC/pause (XOFF) frames, per priority or link-level
  pause_duration,   // microseconds paused (mlx5 rx_prio3_pause_duration)
  pause_storm,      // the NIC's own storm detector fired (mlx5 tx_pause_storm_*_events)
  ecn_mark,         // ECN-marked RoCE packets received (notification point)
  cnp,              // congestion notification packets sent or handled
  link_down,        // the link went down
  packets,          // packets sent/received: the denominator of the pause ratio
  other,
};
const char* to_string(CounterClass c);

// By counter name (the part after ':'), for all NICs we know.
CounterClass classify(std::string_view counter_name);

// The priority a per-priority counter is about: mlx5 "rx_prio3_pause", ice
// "rx_priority_3_xoff.nic", bnxt "rx_pfc_ena_frames_pri3" -> 3.
std::optional<Priority> counter_priority(std::string_view counter_name);

// Which way the frames a counter counts travel: rx = the peer sent them to us
// (for pause: the switch is pausing this NIC), tx = this NIC sent them (for
// pause: this host's receive path cannot keep up).
enum class Direction { rx, tx, unknown };
Direction counter_direction(std::string_view counter_name);

// hw_counters of the port (and the IB "counters" directory where present).
Result<CounterMap> snapshot_rdma(const host::FsRoot& fs, const std::string& device, uint32_t port);
// sys/class/net/<netdev>/statistics/*.
Result<CounterMap> snapshot_netdev(const host::FsRoot& fs, const std::string& netdev);
// The netdev's ethtool statistics (SIOCETHTOOL, what `ethtool -S` prints),
// only those classify() knows: mlx5 exposes about a thousand names and the
// rest would only cost memory. Packet counters are left to snapshot_netdev,
// whose keys they would collide with. A driver without ethtool statistics
// gives an empty map; a missing netdev an error.
Result<CounterMap> snapshot_ethtool(const std::string& netdev);

// after - before per key present in both; a counter that went backwards was
// reset, so its delta is its new value.
CounterMap delta(const CounterMap& before, const CounterMap& after);

struct ClassTotal {
  uint64_t total = 0;
  int counters = 0;                         // how many counters fed the total; 0 = not measured
  std::map<std::string, uint64_t> nonzero;  // which counters moved, for the report
};

// Sums the deltas of one class. Per-priority counters count only for priorities
// in `lossless` (empty mask: all priorities).
ClassTotal sum_class(const CounterMap& deltas, CounterClass c, PriorityMask lossless = {});

}  // namespace rocecfg::probe
