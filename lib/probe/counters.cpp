#include "probe/counters.h"

#include <array>

#include <fmt/format.h>

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

CounterClass classify(std::string_view n) {
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
  if (has(n, "pause") && !has(n, "duration") && !has(n, "storm") && !has(n, "transition"))
    return CounterClass::pause;
  if (has(n, "discard") || n == "rx_dropped" || n == "tx_dropped" || n == "rx_missed_errors")
    return CounterClass::discard;
  return CounterClass::other;
}

std::optional<Priority> counter_priority(std::string_view n) {
  auto pos = n.find("prio");
  if (pos == std::string_view::npos || pos + 4 >= n.size()) return std::nullopt;
  char d = n[pos + 4];
  if (d < '0' || d > '7') return std::nullopt;
  if (pos + 5 < n.size() && n[pos + 5] >= '0' && n[pos + 5] <= '9') return std::nullopt;
  return Priority::make(d - '0');
}

Result<CounterMap> snapshot_rdma(const Sysfs& fs, const std::string& device, uint32_t port) {
  const std::string dir = port_dir(device, port);
  if (!fs.exists(dir))
    return fail(ErrorKind::not_found, device, fmt::format("no port {} in sysfs", port));
  CounterMap out;
  for (const char* sub : {"hw_counters", "counters"}) {
    auto names = fs.list(dir + "/" + sub);
    if (!names) continue;  // not every device has both
    for (const std::string& name : *names) {
      // a counter that cannot be read (driver refuses, or not a number) is left
      // out rather than reported as 0
      if (auto v = fs.read_u64(dir + "/" + sub + "/" + name)) out[device + ":" + name] = *v;
    }
  }
  return out;
}

Result<CounterMap> snapshot_netdev(const Sysfs& fs, const std::string& netdev) {
  const std::string dir = "sys/class/net/" + netdev + "/statistics";
  auto names = fs.list(dir);
  if (!names) return fail(ErrorKind::not_found, netdev, "no interface statistics in sysfs");
  CounterMap out;
  for (const std::string& name : *names)
    if (auto v = fs.read_u64(dir + "/" + name)) out[netdev + ":" + name] = *v;
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
