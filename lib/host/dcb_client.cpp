#include "host/dcb_client.h"

#include <netlink/errno.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>

#include <cstring>

#include <fmt/format.h>

#include "host/netlink.h"

namespace rocecfg::host {

namespace {

struct CbDeleter {
  void operator()(nl_cb* cb) const { nl_cb_put(cb); }
};

struct Exchange {
  std::vector<uint8_t>* reply;
  bool acked = false;
};

int on_valid(nl_msg* msg, void* arg) {
  auto* ex = static_cast<Exchange*>(arg);
  nlmsghdr* nlh = nlmsg_hdr(msg);
  const auto* bytes = reinterpret_cast<const uint8_t*>(nlh);
  ex->reply->assign(bytes, bytes + nlh->nlmsg_len);
  return NL_OK;
}

int on_ack(nl_msg*, void* arg) {
  static_cast<Exchange*>(arg)->acked = true;
  return NL_STOP;
}

const nlmsghdr* as_header(const std::vector<uint8_t>& bytes) {
  return reinterpret_cast<const nlmsghdr*>(bytes.data());
}

}  // namespace

Status DcbClient::transact(nl_msg* msg, const std::string& ifname,
                           std::vector<uint8_t>& reply) const {
  std::unique_ptr<nl_cb, CbDeleter> cb(nl_cb_alloc(NL_CB_DEFAULT));
  if (!cb) return fail(ifname, "out of memory");
  Exchange ex{&reply};
  nl_cb_set(cb.get(), NL_CB_VALID, NL_CB_CUSTOM, on_valid, &ex);
  nl_cb_set(cb.get(), NL_CB_ACK, NL_CB_CUSTOM, on_ack, &ex);
  int err = nl_send_auto(sock_, msg);
  while (err >= 0 && !ex.acked) err = nl_recvmsgs(sock_, cb.get());
  if (err >= 0) return {};
  // The kernel's own refusals, in the words an operator needs.
  switch (-err) {
    case NLE_OPNOTSUPP:
      return fail(ErrorKind::unsupported, ifname, "interface does not support DCB");
    case NLE_PERM:
      return fail(ErrorKind::permission, ifname, "changing DCB needs CAP_NET_ADMIN (run as root)");
    case NLE_NODEV:
    case NLE_OBJ_NOTFOUND:
      return fail(ErrorKind::not_found, ifname, "no such interface");
    default:
      return fail(nl_error_kind(err), ifname, "DCB netlink: " + nl_error_text(err));
  }
}

Result<DcbState> DcbClient::get(const std::string& ifname) const {
  Result<NlMsgPtr> msg = encode_ieee_get(ifname);
  if (!msg) return std::unexpected(msg.error());
  std::vector<uint8_t> reply;
  if (Status ok = transact(msg->get(), ifname, reply); !ok) return std::unexpected(ok.error());
  if (reply.empty()) return fail(ifname, "DCB: the kernel sent no reply to IEEE_GET");
  return decode_ieee_get(as_header(reply), ifname);
}

namespace {

Status check_status(const std::vector<uint8_t>& reply, int attr, const std::string& ifname,
                    const std::string& what) {
  if (reply.empty()) return fail(ifname, "DCB: the kernel sent no reply to " + what);
  Result<int> status = decode_status(as_header(reply), attr, ifname);
  if (!status) return std::unexpected(status.error());
  if (*status == 0) return {};
  if (attr == DCB_ATTR_DCBX)
    return fail(ErrorKind::failed, ifname, fmt::format("the driver refused {}", what));
  int err = -*status;
  ErrorKind kind = err == EOPNOTSUPP ? ErrorKind::unsupported
                   : err == EINVAL   ? ErrorKind::invalid_input
                                     : ErrorKind::failed;
  return fail(kind, ifname, fmt::format("the driver refused {}: {}", what, std::strerror(err)));
}

}  // namespace

Status DcbClient::set(const std::string& ifname, const DcbSet& set, const std::string& what) const {
  Result<NlMsgPtr> msg = encode_ieee_set(ifname, set);
  if (!msg) return std::unexpected(msg.error());
  std::vector<uint8_t> reply;
  if (Status ok = transact(msg->get(), ifname, reply); !ok) return ok;
  return check_status(reply, DCB_ATTR_IEEE, ifname, what);
}

Status DcbClient::del_apps(const std::string& ifname, const std::vector<dcb_app>& apps) const {
  if (apps.empty()) return {};
  Result<NlMsgPtr> msg = encode_ieee_del_apps(ifname, apps);
  if (!msg) return std::unexpected(msg.error());
  std::vector<uint8_t> reply;
  if (Status ok = transact(msg->get(), ifname, reply); !ok) return ok;
  return check_status(reply, DCB_ATTR_IEEE, ifname, "deleting APP entries");
}

Status DcbClient::set_dcbx(const std::string& ifname, uint8_t mode) const {
  Result<NlMsgPtr> msg = encode_set_dcbx(ifname, mode);
  if (!msg) return std::unexpected(msg.error());
  std::vector<uint8_t> reply;
  if (Status ok = transact(msg->get(), ifname, reply); !ok) return ok;
  return check_status(reply, DCB_ATTR_DCBX, ifname, fmt::format("DCBX mode 0x{:02x}", mode));
}

}  // namespace rocecfg::host
