// RAII over libnl's rtnetlink socket, and link (netdev) operations through
// libnl-route: list links, read and set the MTU. The socket lives in the
// network namespace of the thread that opened it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"

struct nl_sock;

namespace rocecfg::host {

struct NlSockDeleter {
  void operator()(nl_sock* s) const;
};
using NlSockPtr = std::unique_ptr<nl_sock, NlSockDeleter>;

// A connected NETLINK_ROUTE socket.
Result<NlSockPtr> open_route_socket();

// "Operation not permitted" etc. for a libnl error code (negative NLE_*).
std::string nl_error_text(int nl_err);
ErrorKind nl_error_kind(int nl_err);

struct LinkInfo {
  std::string name;
  int ifindex = 0;
  uint32_t mtu_bytes = 0;
  uint32_t min_mtu_bytes = 0;  // 0: the kernel did not say
  uint32_t max_mtu_bytes = 0;
  bool up = false;
  std::string kind;  // "veth", "" for physical NICs
};

class LinkTable {
 public:
  explicit LinkTable(nl_sock* sock) : sock_(sock) {}
  Result<std::vector<LinkInfo>> list() const;
  Result<LinkInfo> get(const std::string& ifname) const;
  // RTM_NEWLINK with IFLA_MTU only; the kernel validates against min/max MTU.
  Status set_mtu(const std::string& ifname, uint32_t mtu_bytes) const;

 private:
  nl_sock* sock_;
};

// Interface names go into netlink attributes, sysfs paths and shell commands
// (hccn_tool): accept only what the kernel accepts (dev_valid_name) minus
// characters that would need quoting anywhere.
Status validate_ifname(const std::string& ifname);

}  // namespace rocecfg::host
