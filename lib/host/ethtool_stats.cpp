#include "host/ethtool_stats.h"

#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <vector>

#include "host/netlink.h"

namespace rocecfg::host {

namespace {

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

int ethtool_ioctl(int fd, const std::string& ifname, void* data) {
  ifreq ifr{};
  std::memcpy(ifr.ifr_name, ifname.c_str(), ifname.size());
  ifr.ifr_data = static_cast<char*>(data);
  return ::ioctl(fd, SIOCETHTOOL, &ifr);
}

std::unexpected<Error> errno_error(const std::string& ifname, const char* what) {
  int err = errno;
  ErrorKind kind = err == ENODEV                   ? ErrorKind::not_found
                   : err == EPERM || err == EACCES ? ErrorKind::permission
                                                   : ErrorKind::failed;
  return fail(kind, ifname, std::string(what) + ": " + std::strerror(err));
}

}  // namespace

Result<EthtoolStats> ethtool_stats(const std::string& ifname) {
  if (Status ok = validate_ifname(ifname); !ok) return std::unexpected(ok.error());
  Fd sock{::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0)};
  if (sock.fd < 0) return errno_error(ifname, "socket");

  // How many statistics: ETHTOOL_GSSET_INFO with the ETH_SS_STATS bit, then
  // one u32 of data follows the header.
  std::vector<uint64_t> info_buf((sizeof(ethtool_sset_info) + sizeof(uint32_t) + 7) / 8);
  auto* info = reinterpret_cast<ethtool_sset_info*>(info_buf.data());
  info->cmd = ETHTOOL_GSSET_INFO;
  info->sset_mask = 1ULL << ETH_SS_STATS;
  if (ethtool_ioctl(sock.fd, ifname, info) < 0) {
    if (errno == EOPNOTSUPP) return EthtoolStats{};
    return errno_error(ifname, "ethtool stats");
  }
  uint32_t n = (info->sset_mask & (1ULL << ETH_SS_STATS)) ? info->data[0] : 0;
  if (n == 0) return EthtoolStats{};

  // Names and values are variable-length tails of the request structs; a
  // std::vector<uint64_t> keeps both suitably aligned.
  std::vector<uint64_t> names_buf((sizeof(ethtool_gstrings) + n * ETH_GSTRING_LEN + 7) / 8);
  auto* names = reinterpret_cast<ethtool_gstrings*>(names_buf.data());
  names->cmd = ETHTOOL_GSTRINGS;
  names->string_set = ETH_SS_STATS;
  names->len = n;
  if (ethtool_ioctl(sock.fd, ifname, names) < 0) return errno_error(ifname, "ethtool strings");

  std::vector<uint64_t> stats_buf((sizeof(struct ::ethtool_stats) + n * sizeof(uint64_t) + 7) / 8);
  auto* stats = reinterpret_cast<struct ::ethtool_stats*>(stats_buf.data());
  stats->cmd = ETHTOOL_GSTATS;
  stats->n_stats = n;
  if (ethtool_ioctl(sock.fd, ifname, stats) < 0) return errno_error(ifname, "ethtool stats");

  // The driver may report fewer than it announced (the set can shrink between calls).
  uint32_t count = std::min(n, std::min(names->len, stats->n_stats));
  EthtoolStats out;
  for (uint32_t i = 0; i < count; ++i) {
    const char* s = reinterpret_cast<const char*>(names->data) + i * ETH_GSTRING_LEN;
    out[std::string(s, strnlen(s, ETH_GSTRING_LEN))] = stats->data[i];
  }
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
