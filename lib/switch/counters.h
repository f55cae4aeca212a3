// Switch-side evidence: the counters a lossless fabric is judged by, read
// from each vendor's documented show commands (vendors/switch/*/*_counters.cpp)
// into one model, per switch, port and priority or queue.
//
// A counter is a fact about someone else's device, so each sample says what
// it counts (kind), in what unit, how wide the vendor's register is (for
// wrap), whether reading it clears it (reset-on-read: the value *is* the
// delta since the last read), and whether it is a gauge (a watermark: the
// high-water mark since the vendor last cleared it, never subtracted).
// What a reader could not read is listed as such, never as zero.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rocecfg::sw {

enum class CounterKind {
  pause_rx_frames,    // PFC pause frames received on the priority
  pause_tx_frames,    // PFC pause frames sent on the priority
  pause_rx_duration,  // time the priority was paused by the peer
  pause_tx_duration,  // time this switch paused the peer
  watchdog_storms,    // PFC watchdog: storms (stuck queues) detected
  watchdog_restores,  // PFC watchdog: queues restored after a storm
  watchdog_drops,     // packets the watchdog dropped on a stormed queue
  queue_drops,        // egress queue drops (tail/buffer), packets unless unit says bytes
  ecn_marked,         // packets marked CE on the queue
  watermark,          // buffer high-water mark of the priority group/queue (gauge)
  fcs_errors,         // frames received with a bad FCS/CRC (port)
  link_flaps,         // link state changes (port)
  // Stated by the outputs, read with their unit, not judged:
  tx_packets,              // packets the queue (or port) sent
  tx_bytes,                // bytes the queue (or port) sent
  rx_packets,              // packets the priority group received
  shared_drop_bytes,       // bytes the priority group dropped for want of shared buffer
  drop_bytes,              // bytes of the queue's drops (queue_drops counts their packets)
  wred_drops,              // packets WRED dropped on the queue
  wred_drop_bytes,         // their bytes
  ecn_marked_bytes,        // bytes of the packets marked CE
  trim_packets,            // packets trimmed instead of dropped (SONiC packet trimming)
  trim_sent,               // trimmed packets sent on
  trim_drops,              // trimmed packets dropped
  pause_rx_transitions,    // times the priority went from not paused to paused
  pause_rx_last_duration,  // how long the most recent pause lasted (gauge)
  headroom_watermark,      // headroom high-water mark of the priority group (gauge)
  watchdog_tx_ok,          // packets the stormed queue still sent / received (SONiC pfcwd OK)
  watchdog_rx_ok,
  watchdog_last_tx_ok,  // the same counts for the last storm only
  watchdog_last_tx_drops,
  watchdog_last_rx_ok,
  watchdog_last_rx_drops,
  watchdog_stormed,  // the watchdog reports the queue stormed now (1) or not (0): a state
  // Pause frames a port-wide table states for the port as a whole, beside the
  // per-priority ones (NVUE `counters qos port-stats`: its docs do not say
  // whether they are 802.3x or PFC frames, so they are read, never judged).
  port_pause_rx_frames,
  port_pause_tx_frames,
};

enum class CounterUnit { frames, packets, bytes, microseconds, milliseconds, events, state };

// What the index of a key means: a PFC priority (802.1p), an egress queue
// (traffic class; unicast where the vendor splits them), a multicast egress
// queue (SONiC MCn: never a lossless class), an ingress priority group, or
// the whole port.
enum class CounterScope { priority, queue, priority_group, port, mc_queue };

const char* to_string(CounterKind kind);
const char* to_string(CounterUnit unit);
const char* to_string(CounterScope scope);

struct CounterKey {
  std::string port;
  CounterScope scope = CounterScope::port;
  int index = -1;  // priority, queue or PG number; -1 for the whole port
  CounterKind kind = CounterKind::pause_rx_frames;
  auto operator<=>(const CounterKey&) const = default;
};

struct CounterSample {
  uint64_t value = 0;
  CounterUnit unit = CounterUnit::packets;
  int width_bits = 64;            // register width the vendor reports (wrap point)
  bool reset_on_read = false;     // the vendor clears it when read: value is a delta
  bool gauge = false;             // watermark: current high-water mark, not a count
  std::string command;            // the show command it came from (for the report)
  bool zero_when_absent = false;  // the vendor omits it until it first counts (EOS watchdog)
};

struct CounterSnapshot {
  std::string switch_name;
  std::string vendor;
  double taken_at_ms = 0;  // steady clock, for rates
  std::map<CounterKey, CounterSample> counters;
  // "<command>: <why>" for everything that could not be read or parsed;
  // "<what>: not exposed by <vendor>" for kinds the vendor has no form for.
  std::vector<std::string> unread;
  // Parse remarks worth showing ("Ethernet8: N/A on PFC3").
  std::vector<std::string> notes;
  // The kinds an output was read for, even where it listed nothing (EOS
  // omits watchdog queues until their first event): what a verdict covers.
  std::set<CounterKind> kinds_read;
  // Counters an output shows as unknown ("N/A"): stated, not read.
  std::set<CounterKey> not_available;
  // When the output itself says it was taken (a `date` line, a clock line),
  // milliseconds since the Unix epoch (UTC); what a delta between two saved
  // reads is measured by.
  std::optional<double> stated_at_ms;
  std::string stated_zone;  // as printed ("UTC", "+08:00"); "" when the clock names none
  void set(const CounterKey& key, CounterSample sample) {
    kinds_read.insert(key.kind);
    counters[key] = std::move(sample);
  }
};

struct CounterDelta {
  CounterKey key;
  CounterSample after;    // the later sample (unit, command, flags)
  uint64_t delta = 0;     // increase over the window (gauge: the later value)
  double per_second = 0;  // delta / window (0 for gauges)
  bool reset = false;     // the counter went down: cleared between the reads
  bool wrapped = false;   // the counter went down across its register width
};

struct CounterWindow {
  std::string switch_name;
  std::string vendor;
  double window_ms = 0;   // between the two snapshots; 0 for a single snapshot
  bool absolute = false;  // one snapshot only: values since the vendor last cleared
  std::vector<CounterDelta> deltas;
  std::set<CounterKind> kinds_read;
  std::vector<std::string> unread;
  std::vector<std::string> notes;
  // Every key either read stated (read, or shown as N/A): what a verdict
  // needs is looked up here against `deltas` (counter_judge's required_unread).
  std::set<CounterKey> stated;
};

// The difference between two snapshots of one switch. A counter lower in
// `after` than in `before` wrapped when it fell by more than half its
// register's range (the delta counts through the wrap, modulo the width);
// otherwise it was cleared in between (the delta is the new value, flagged
// `reset`): a clear sets a counter near zero, a wrap needs it near the top. Reset-on-read counters
// are their own delta. A key present in only one snapshot is noted, not guessed.
CounterWindow counter_window(const CounterSnapshot& before, const CounterSnapshot& after);

// One snapshot taken as absolute values (offline `--from-file F`).
CounterWindow counter_absolute(const CounterSnapshot& snapshot);

// Parse a number as vendors print them: "1,200", "0", "N/A"/"-"/"n/a"
// (std::nullopt), or a size with unit ("0 Bytes", "7.29 MB", "146.48 KB":
// 1024-based as NVUE prints them) when `bytes` is true.
std::optional<uint64_t> parse_counter_number(std::string_view text, bool bytes = false);

// Whitespace-separated fields of a table row.
std::vector<std::string> split_fields(std::string_view line);

}  // namespace rocecfg::sw
