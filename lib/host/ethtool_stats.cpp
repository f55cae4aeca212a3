#include "host/ethtool_stats.h"

#include <linux/ethtool.h>

#include <algorithm>
#include <vector>

#include "host/ethtool_ioctl.h"

namespace rocecfg::host {

Result<EthtoolStats> ethtool_stats(const std::string& ifname) {
  Result<EthtoolSocket> sock = EthtoolSocket::open(ifname);
  if (!sock) return std::unexpected(sock.error());
  Result<std::vector<std::string>> names = sock->strings(ETH_SS_STATS, "ethtool statistics");
  if (!names) {
    if (names.error().kind == ErrorKind::unsupported) return EthtoolStats{};
    return std::unexpected(names.error());
  }
  if (names->empty()) return EthtoolStats{};
  uint32_t n = static_cast<uint32_t>(names->size());
  std::vector<uint64_t> stats_buf((sizeof(struct ::ethtool_stats) + n * sizeof(uint64_t) + 7) / 8);
  auto* stats = reinterpret_cast<struct ::ethtool_stats*>(stats_buf.data());
  stats->cmd = ETHTOOL_GSTATS;
  stats->n_stats = n;
  if (Status ok = sock->call(stats, "ethtool statistics"); !ok) return std::unexpected(ok.error());
  // The driver may report fewer than it announced (the set can shrink between calls).
  uint32_t count = std::min(n, stats->n_stats);
  EthtoolStats out;
  for (uint32_t i = 0; i < count; ++i) out[(*names)[i]] = stats->data[i];
  return out;
}

EthtoolStats stats_delta(const EthtoolStats& before, const EthtoolStats& after) {
  EthtoolStats d;
  for (const auto& [name, v] : after) {
    auto it = before.find(name);
    if (it == before.end()) continue;
    d[name] = v >= it->second ? v - it->second : v;
  }
  return d;
}

}  // namespace rocecfg::host
