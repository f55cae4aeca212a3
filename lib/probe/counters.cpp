#include "probe/counters.h"

#include <array>

#include <fmt/format.h>

#include "host/ethtool_stats.h"

namespace rocecfg::probe {
namespace {

bool has(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

}  // namespace

const char* to_string(CounterClass c) {
  switch (c) {
    case CounterClass::loss:
      return "sequence errors";
    case CounterClass::retransmit:
      return "retransmits";
    case CounterClass::transport_error:
      return "transport errors";
    case CounterClass::discard:
      return "discards";
    case CounterClass::pause:
      return "pause frames";
    case CounterClass::pause_duration:
      return "pause duration (us)";
    case CounterClass::pause_storm:
      return "pause storm events";
    case CounterClass::ecn_mark:
      return "ECN marks";
    case CounterClass::cnp:
      return "CNPs";
    case CounterClass::link_down:
      return "link downs";
    case CounterClass::packets:
      return "packets";
    case CounterClass::other:
      return "other";
  }
  return "?";
}

namespace {

// ice suffixes port-level statistics with ".nic", i40e prefixes them with
// "port."; neither changes what the counter means.
std::string_view base_name(std::string_view n) {
  if (n.starts_with("port.")) n.remove_prefix(5);
  if (n.ends_with(".nic")) n.remove_suffix(4);
  return n;
}

}  // namespace

CounterClass classify(std::string_view n) {
  n = base_name(n);
  // Exact names first: the ones whose words would mislead the patterns below.
  static constexpr std::array<std::pair<std::string_view, CounterClass>, 22> kExact{{
      // mlx5 (Documentation/networking/device_drivers/ethernet/mellanox/mlx5/counters.rst)
      {"out_of_sequence", CounterClass::loss},
      {"packet_seq_err", CounterClass::loss},
      {"implied_nak_seq_err", CounterClass::loss},
      {"rx_icrc_encapsulated", CounterClass::loss},
      {"local_ack_timeout_err", CounterClass::retransmit},
      {"roce_adp_retrans", CounterClass::retransmit},
      {"roce_adp_retrans_to", CounterClass::retransmit},
      {"duplicate_request", CounterClass::retransmit},
      {"req_transport_retries_exceeded", CounterClass::transport_error},
      {"rnr_nak_retry_err", CounterClass::transport_error},
      // rxe (drivers/infiniband/sw/rxe/rxe_hw_counters.c)
      {"rcvd_seq_err", CounterClass::loss},
      {"out_of_seq_request", CounterClass::loss},
      {"completer_retry_err", CounterClass::retransmit},
      {"retry_exceeded_err", CounterClass::transport_error},
      {"retry_rnr_exceeded_err", CounterClass::transport_error},
      {"send_err", CounterClass::transport_error},
      {"sent_pkts", CounterClass::packets},
      {"rcvd_pkts", CounterClass::packets},
      // both, and the IB port counter
      {"link_downed", CounterClass::link_down},
      {"link_down_events_phy", CounterClass::link_down},
      // netdev statistics
      {"rx_packets", CounterClass::packets},
      {"tx_packets", CounterClass::packets},
  }};
  for (auto [name, cls] : kExact)
    if (n == name) return cls;
  if (has(n, "cnp")) return CounterClass::cnp;
  if (has(n, "ecn_mark")) return CounterClass::ecn_mark;
  bool pause_word = has(n, "pause") || has(n, "xoff") || has(n, "pfc_ena_frames");
  // mlx5 tx_pause_storm_warning_events / _error_events: the NIC itself saw it
  // kept pausing for longer than its threshold.
  if (pause_word && has(n, "storm")) return CounterClass::pause_storm;
  // XON->XOFF transitions (mlx5 *_pause_transition, i40e/bnxt xon_2_xoff /
  // xon2xoff) count the same events as the pause counters: counting both
  // would double them.
  if (has(n, "transition") || has(n, "xon_2_xoff") || has(n, "xon2xoff"))
    return CounterClass::other;
  if (pause_word && has(n, "duration")) return CounterClass::pause_duration;
  // bnxt's rx_pfc_frames/tx_pfc_frames are the totals of its per-priority
  // rx_pfc_ena_frames_priN and stay "other" for the same reason.
  if (pause_word) return CounterClass::pause;
  if (has(n, "discard") || n == "rx_dropped" || n == "tx_dropped" || n == "rx_missed_errors")
    return CounterClass::discard;
  return CounterClass::other;
}

std::optional<Priority> counter_priority(std::string_view n) {
  // Every "pri" followed by "o" (mlx5 prio3), "ority_" (ice/i40e priority_3)
  // or nothing (bnxt _pri3), then exactly one digit 0..7.
  for (size_t pos = n.find("pri"); pos != std::string_view::npos; pos = n.find("pri", pos + 1)) {
    std::string_view rest = n.substr(pos + 3);
    if (rest.starts_with("ority_"))
      rest.remove_prefix(6);
    else if (rest.starts_with("o"))
      rest.remove_prefix(1);
    if (rest.empty() || rest[0] < '0' || rest[0] > '9') continue;
    if (rest.size() > 1 && rest[1] >= '0' && rest[1] <= '9') return std::nullopt;
    if (rest[0] > '7') return std::nullopt;
    return Priority::make(rest[0] - '0');
  }
  return std::nullopt;
}

Direction counter_direction(std::string_view n) {
  n = base_name(n);
  if (n.starts_with("rx_")) return Direction::rx;
  if (n.starts_with("tx_")) return Direction::tx;
  // ice link_xoff_rx, link_xoff_tx
  if (n.ends_with("_rx")) return Direction::rx;
  if (n.ends_with("_tx")) return Direction::tx;
  return Direction::unknown;
}

Result<CounterMap> snapshot_rdma(const host::FsRoot& fs, const std::string& device, uint32_t port) {
  const std::string dir = port_dir(device, port);
  if (!fs.exists(dir))
    return fail(ErrorKind::not_found, device, fmt::format("no port {} in sysfs", port));
  CounterMap out;
  for (const char* sub : {"hw_counters", "counters"}) {
    // not every device has both (an absent directory lists nothing)
    for (const std::string& name : fs.list(dir + "/" + sub)) {
      // a counter that cannot be read (driver refuses, or not a number) is left
      // out rather than reported as 0
      if (auto v = host::read_u64(fs, dir + "/" + sub + "/" + name)) out[device + ":" + name] = *v;
    }
  }
  return out;
}

Result<CounterMap> snapshot_netdev(const host::FsRoot& fs, const std::string& netdev) {
  const std::string dir = "/sys/class/net/" + netdev + "/statistics";
  if (!fs.is_dir(dir))
    return fail(ErrorKind::not_found, netdev, "no interface statistics in sysfs");
  CounterMap out;
  for (const std::string& name : fs.list(dir))
    if (auto v = host::read_u64(fs, dir + "/" + name)) out[netdev + ":" + name] = *v;
  return out;
}

Result<CounterMap> snapshot_ethtool(const std::string& netdev) {
  Result<host::EthtoolStats> stats = host::ethtool_stats(netdev);
  if (!stats) return std::unexpected(stats.error());
  CounterMap out;
  for (const auto& [name, v] : *stats) {
    CounterClass c = classify(name);
    if (c != CounterClass::other && c != CounterClass::packets) out[netdev + ":" + name] = v;
  }
  return out;
}

CounterMap delta(const CounterMap& before, const CounterMap& after) {
  CounterMap out;
  for (const auto& [key, v] : after) {
    auto it = before.find(key);
    if (it == before.end()) continue;
    out[key] = v >= it->second ? v - it->second : v;
  }
  return out;
}

ClassTotal sum_class(const CounterMap& deltas, CounterClass c, PriorityMask lossless) {
  ClassTotal t;
  for (const auto& [key, v] : deltas) {
    auto colon = key.rfind(':');
    std::string_view name = colon == std::string::npos ? std::string_view(key)
                                                       : std::string_view(key).substr(colon + 1);
    if (classify(name) != c) continue;
    if (auto prio = counter_priority(name); prio && !lossless.empty() && !lossless.has(*prio))
      continue;
    ++t.counters;
    t.total += v;
    if (v) t.nonzero[key] = v;
  }
  return t;
}

}  // namespace rocecfg::probe
