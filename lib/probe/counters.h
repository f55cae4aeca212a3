// Counter snapshots around a measurement window and their deltas.
//
// Sources: the RDMA port's hw_counters (mlx5: out_of_sequence, np_cnp_sent...;
// rxe: rcvd_seq_err, completer_retry_err...) and the netdev's statistics
// (rx_dropped...). Keys are "<object>:<counter>", e.g. "rxe0:rcvd_seq_err",
// "veth0:rx_dropped". NICs differ in which counters exist, so every rule works
// on classes of counters, and a class with no counters is "not measured", not 0.
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
  pause,            // PFC/pause frames
  ecn_mark,         // ECN-marked RoCE packets received (notification point)
  cnp,              // congestion notification packets sent or handled
  link_down,        // the link went down
  packets,          // packets sent/received: the denominator of the pause ratio
  other,
};
const char* to_string(CounterClass c);

// By counter name (the part after ':'), for all NICs we know.
CounterClass classify(std::string_view counter_name);

// The priority a per-priority counter is about ("rx_prio3_pause" -> 3).
std::optional<Priority> counter_priority(std::string_view counter_name);

// hw_counters of the port (and the IB "counters" directory where present).
Result<CounterMap> snapshot_rdma(const Sysfs& fs, const std::string& device, uint32_t port);
// sys/class/net/<netdev>/statistics/*.
Result<CounterMap> snapshot_netdev(const Sysfs& fs, const std::string& netdev);

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
