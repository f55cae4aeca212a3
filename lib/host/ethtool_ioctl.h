// The SIOCETHTOOL plumbing ethtool_stats.cpp and ethtool_link.cpp share: a
// socket, one ioctl per request, errno as an Error naming the interface, and
// the string sets (statistics and feature names) every multi-value request
// is indexed by.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

namespace rocecfg::host {

class EthtoolSocket {
 public:
  // Validates the name and opens the socket.
  static Result<EthtoolSocket> open(const std::string& ifname);
  EthtoolSocket(EthtoolSocket&& o) noexcept : fd_(o.fd_), ifname_(std::move(o.ifname_)) {
    o.fd_ = -1;
  }
  EthtoolSocket(const EthtoolSocket&) = delete;
  EthtoolSocket& operator=(const EthtoolSocket&) = delete;
  ~EthtoolSocket();

  // One request (`data` starts with its ETHTOOL_* cmd). `what` names it in
  // the error: ENODEV -> not_found, EPERM -> permission, EOPNOTSUPP ->
  // unsupported ("the driver does not report ...").
  Status call(void* data, const char* what) const;
  // The names of string set `set` (ETH_SS_STATS, ETH_SS_FEATURES); a set the
  // driver does not have is empty.
  Result<std::vector<std::string>> strings(uint32_t set, const char* what) const;

 private:
  EthtoolSocket(int fd, std::string ifname) : fd_(fd), ifname_(std::move(ifname)) {}
  int fd_;
  std::string ifname_;
};

}  // namespace rocecfg::host
