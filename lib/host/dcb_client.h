// DCB netlink over a NETLINK_ROUTE socket: sends what dcb_codec builds,
// collects the kernel's reply and turns both failure channels (the netlink
// error ACK and the status byte inside the reply) into one Error that names
// the interface.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "host/dcb_codec.h"

struct nl_sock;

namespace rocecfg::host {

class DcbClient {
 public:
  explicit DcbClient(nl_sock* sock) : sock_(sock) {}

  // DCB_CMD_IEEE_GET. A netdev without dcbnl_ops (veth, dummy, VFs) gives
  // ErrorKind::unsupported "interface does not support DCB".
  Result<DcbState> get(const std::string& ifname) const;
  // DCB_CMD_IEEE_SET; `what` names the attribute for the error text ("PFC").
  Status set(const std::string& ifname, const DcbSet& set, const std::string& what) const;
  Status del_apps(const std::string& ifname, const std::vector<dcb_app>& apps) const;
  Status set_dcbx(const std::string& ifname, uint8_t mode) const;

 private:
  // Send and wait for the ACK; the last non-error reply lands in `reply`.
  Status transact(nl_msg* msg, const std::string& ifname, std::vector<uint8_t>& reply) const;
  nl_sock* sock_;
};

}  // namespace rocecfg::host
