#include "switch/counters.h"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <cmath>

namespace rocecfg::sw {

const char* to_string(CounterKind kind) {
  switch (kind) {
    case CounterKind::pause_rx_frames:
      return "pause_rx_frames";
    case CounterKind::pause_tx_frames:
      return "pause_tx_frames";
    case CounterKind::pause_rx_duration:
      return "pause_rx_duration";
    case CounterKind::pause_tx_duration:
      return "pause_tx_duration";
    case CounterKind::watchdog_storms:
      return "watchdog_storms";
    case CounterKind::watchdog_restores:
      return "watchdog_restores";
    case CounterKind::watchdog_drops:
      return "watchdog_drops";
    case CounterKind::queue_drops:
      return "queue_drops";
    case CounterKind::ecn_marked:
      return "ecn_marked";
    case CounterKind::watermark:
      return "watermark";
    case CounterKind::fcs_errors:
      return "fcs_errors";
    case CounterKind::link_flaps:
      return "link_flaps";
    case CounterKind::tx_packets:
      return "tx_packets";
    case CounterKind::tx_bytes:
      return "tx_bytes";
    case CounterKind::rx_packets:
      return "rx_packets";
    case CounterKind::shared_drop_bytes:
      return "shared_drop_bytes";
    case CounterKind::drop_bytes:
      return "drop_bytes";
    case CounterKind::wred_drops:
      return "wred_drops";
    case CounterKind::wred_drop_bytes:
      return "wred_drop_bytes";
    case CounterKind::ecn_marked_bytes:
      return "ecn_marked_bytes";
    case CounterKind::trim_packets:
      return "trim_packets";
    case CounterKind::trim_sent:
      return "trim_sent";
    case CounterKind::trim_drops:
      return "trim_drops";
    case CounterKind::pause_rx_transitions:
      return "pause_rx_transitions";
    case CounterKind::pause_rx_last_duration:
      return "pause_rx_last_duration";
    case CounterKind::headroom_watermark:
      return "headroom_watermark";
    case CounterKind::watchdog_tx_ok:
      return "watchdog_tx_ok";
    case CounterKind::watchdog_rx_ok:
      return "watchdog_rx_ok";
    case CounterKind::watchdog_last_tx_ok:
      return "watchdog_last_tx_ok";
    case CounterKind::watchdog_last_tx_drops:
      return "watchdog_last_tx_drops";
    case CounterKind::watchdog_last_rx_ok:
      return "watchdog_last_rx_ok";
    case CounterKind::watchdog_last_rx_drops:
      return "watchdog_last_rx_drops";
    case CounterKind::watchdog_stormed:
      return "watchdog_stormed";
    case CounterKind::port_pause_rx_frames:
      return "port_pause_rx_frames";
    case CounterKind::port_pause_tx_frames:
      return "port_pause_tx_frames";
  }
  return "?";
}

const char* to_string(CounterUnit unit) {
  switch (unit) {
    case CounterUnit::frames:
      return "frames";
    case CounterUnit::packets:
      return "packets";
    case CounterUnit::bytes:
      return "bytes";
    case CounterUnit::microseconds:
      return "us";
    case CounterUnit::milliseconds:
      return "ms";
    case CounterUnit::state:
      return "state";
    case CounterUnit::events:
      return "events";
  }
  return "?";
}

const char* to_string(CounterScope scope) {
  switch (scope) {
    case CounterScope::priority:
      return "priority";
    case CounterScope::queue:
      return "queue";
    case CounterScope::priority_group:
      return "pg";
    case CounterScope::port:
      return "port";
    case CounterScope::mc_queue:
      return "mc-queue";
  }
  return "?";
}

namespace {

std::string key_name(const CounterKey& k) {
  if (k.scope == CounterScope::port) return fmt::format("{} {}", k.port, to_string(k.kind));
  return fmt::format("{} {} {} {}", k.port, to_string(k.scope), k.index, to_string(k.kind));
}

CounterDelta one_delta(const CounterKey& key, const CounterSample& before,
                       const CounterSample& after, double window_ms) {
  CounterDelta d{key, after, 0, 0, false, false};
  if (after.gauge) {
    d.delta = after.value;
  } else if (after.reset_on_read) {
    d.delta = after.value;
  } else if (after.value >= before.value) {
    d.delta = after.value - before.value;
  } else if (int bits = std::clamp(after.width_bits, 1, 64);
             before.value - after.value > (uint64_t{1} << (bits - 1))) {
    // Fell by more than half its range: the register wrapped, count through it
    // (modulo its width; unsigned arithmetic is already modulo 2^64).
    uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    d.delta = (after.value - before.value) & mask;
    d.wrapped = true;
  } else {
    d.delta = after.value;  // cleared between the reads: what it counted since
    d.reset = true;
  }
  if (!after.gauge && window_ms > 0)
    d.per_second = static_cast<double>(d.delta) * 1000.0 / window_ms;
  return d;
}

}  // namespace

CounterWindow counter_window(const CounterSnapshot& before, const CounterSnapshot& after) {
  CounterWindow w;
  w.switch_name = after.switch_name;
  w.vendor = after.vendor;
  w.window_ms = after.taken_at_ms - before.taken_at_ms;
  w.kinds_read = after.kinds_read;
  w.unread = after.unread;
  w.notes = after.notes;
  for (const CounterSnapshot* s : {&before, &after}) {
    for (const auto& [key, sample] : s->counters) w.stated.insert(key);
    w.stated.insert(s->not_available.begin(), s->not_available.end());
  }
  for (const auto& [key, sample] : after.counters) {
    auto it = before.counters.find(key);
    if (it == before.counters.end() && sample.zero_when_absent) {
      CounterSample zero = sample;
      zero.value = 0;
      w.deltas.push_back(one_delta(key, zero, sample, w.window_ms));
      continue;
    }
    if (it == before.counters.end()) {
      w.notes.push_back(fmt::format("{}: only in the second read", key_name(key)));
      continue;
    }
    CounterDelta d = one_delta(key, it->second, sample, w.window_ms);
    if (d.reset)
      w.notes.push_back(fmt::format("{}: went down (cleared between the reads)", key_name(key)));
    if (d.wrapped)
      w.notes.push_back(fmt::format("{}: wrapped at {} bits", key_name(key), sample.width_bits));
    w.deltas.push_back(std::move(d));
  }
  for (const auto& [key, sample] : before.counters)
    if (!after.counters.count(key))
      w.notes.push_back(fmt::format("{}: only in the first read", key_name(key)));
  return w;
}

CounterWindow counter_absolute(const CounterSnapshot& snapshot) {
  CounterWindow w;
  w.switch_name = snapshot.switch_name;
  w.vendor = snapshot.vendor;
  w.absolute = true;
  w.kinds_read = snapshot.kinds_read;
  w.unread = snapshot.unread;
  w.notes = snapshot.notes;
  w.stated = snapshot.not_available;
  for (const auto& [key, sample] : snapshot.counters) w.stated.insert(key);
  for (const auto& [key, sample] : snapshot.counters)
    w.deltas.push_back(CounterDelta{key, sample, sample.value, 0, false, false});
  return w;
}

std::optional<uint64_t> parse_counter_number(std::string_view text, bool bytes) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  std::string digits;
  size_t i = 0;
  bool dot = false;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      digits += c;
    } else if (c == ',') {
      continue;
    } else if (c == '.' && bytes && !dot) {
      dot = true;
      digits += c;
    } else {
      break;
    }
  }
  if (digits.empty() || digits == ".") return std::nullopt;
  std::string_view rest = text.substr(i);
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  if (!bytes) {
    if (!rest.empty() || digits.size() > 20) return std::nullopt;
    try {
      return std::stoull(digits);
    } catch (...) {
      return std::nullopt;
    }
  }
  // NVUE sizes: "0 Bytes", "144 Bytes", "146.48 KB", "7.29 MB", "92824.38 GB" (1024-based).
  double factor = 1;
  if (rest.empty() || rest == "Bytes" || rest == "B")
    factor = 1;
  else if (rest == "KB")
    factor = 1024.0;
  else if (rest == "MB")
    factor = 1024.0 * 1024;
  else if (rest == "GB")
    factor = 1024.0 * 1024 * 1024;
  else if (rest == "TB")
    factor = 1024.0 * 1024 * 1024 * 1024;
  else
    return std::nullopt;
  double v = 0;
  try {
    v = std::stod(digits);
  } catch (...) {
    return std::nullopt;
  }
  double scaled = std::round(v * factor);
  if (!(scaled >= 0) || scaled > 1.8e19) return std::nullopt;
  return static_cast<uint64_t>(scaled);
}

std::vector<std::string> split_fields(std::string_view line) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    size_t j = i;
    while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
    if (j > i) out.emplace_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

}  // namespace rocecfg::sw
