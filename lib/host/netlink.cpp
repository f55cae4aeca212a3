#include "host/netlink.h"

#include <net/if.h>
#include <netlink/errno.h>
#include <netlink/netlink.h>
#include <netlink/route/link.h>

#include <fmt/format.h>

namespace rocecfg::host {

void NlSockDeleter::operator()(nl_sock* s) const {
  nl_socket_free(s);
}

std::string nl_error_text(int nl_err) {
  return nl_geterror(nl_err);
}

ErrorKind nl_error_kind(int nl_err) {
  switch (-nl_err) {
    case NLE_PERM:
      return ErrorKind::permission;
    case NLE_OBJ_NOTFOUND:
    case NLE_NODEV:
      return ErrorKind::not_found;
    case NLE_OPNOTSUPP:
      return ErrorKind::unsupported;
    case NLE_INVAL:
    case NLE_RANGE:
      return ErrorKind::invalid_input;
    default:
      return ErrorKind::failed;
  }
}

Result<NlSockPtr> open_route_socket() {
  NlSockPtr sock(nl_socket_alloc());
  if (!sock) return fail("netlink", "cannot allocate a netlink socket");
  int err = nl_connect(sock.get(), NETLINK_ROUTE);
  if (err < 0) return fail(nl_error_kind(err), "netlink", nl_error_text(err));
  return sock;
}

namespace {

struct LinkDeleter {
  void operator()(rtnl_link* l) const { rtnl_link_put(l); }
};
using LinkPtr = std::unique_ptr<rtnl_link, LinkDeleter>;

struct CacheDeleter {
  void operator()(nl_cache* c) const { nl_cache_free(c); }
};

LinkInfo to_info(rtnl_link* link) {
  LinkInfo info;
  info.name = rtnl_link_get_name(link);
  info.ifindex = rtnl_link_get_ifindex(link);
  info.mtu_bytes = rtnl_link_get_mtu(link);
  info.up = rtnl_link_get_flags(link) & IFF_UP;
  if (const char* kind = rtnl_link_get_type(link)) info.kind = kind;
  return info;
}

}  // namespace

Result<std::vector<LinkInfo>> LinkTable::list() const {
  nl_cache* raw = nullptr;
  int err = rtnl_link_alloc_cache(sock_, AF_UNSPEC, &raw);
  if (err < 0) return fail(nl_error_kind(err), "netlink", "listing links: " + nl_error_text(err));
  std::unique_ptr<nl_cache, CacheDeleter> cache(raw);
  std::vector<LinkInfo> out;
  for (nl_object* o = nl_cache_get_first(cache.get()); o; o = nl_cache_get_next(o))
    out.push_back(to_info(reinterpret_cast<rtnl_link*>(o)));
  return out;
}

Result<LinkInfo> LinkTable::get(const std::string& ifname) const {
  if (Status ok = validate_ifname(ifname); !ok) return std::unexpected(ok.error());
  rtnl_link* raw = nullptr;
  int err = rtnl_link_get_kernel(sock_, 0, ifname.c_str(), &raw);
  if (err < 0) {
    if (err == -NLE_NODEV || err == -NLE_OBJ_NOTFOUND)
      return fail(ErrorKind::not_found, ifname, "no such interface");
    return fail(nl_error_kind(err), ifname, nl_error_text(err));
  }
  LinkPtr link(raw);
  return to_info(link.get());
}

Status LinkTable::set_mtu(const std::string& ifname, uint32_t mtu_bytes) const {
  if (Status ok = validate_ifname(ifname); !ok) return ok;
  rtnl_link* raw = nullptr;
  int err = rtnl_link_get_kernel(sock_, 0, ifname.c_str(), &raw);
  if (err < 0) return fail(nl_error_kind(err), ifname, nl_error_text(err));
  LinkPtr current(raw);
  LinkPtr change(rtnl_link_alloc());
  if (!change) return fail(ifname, "out of memory");
  rtnl_link_set_mtu(change.get(), mtu_bytes);
  err = rtnl_link_change(sock_, current.get(), change.get(), 0);
  if (err < 0)
    return fail(nl_error_kind(err), ifname,
                fmt::format("setting MTU {}: {}", mtu_bytes, nl_error_text(err)));
  return {};
}

Status validate_ifname(const std::string& ifname) {
  // IFNAMSIZ includes the NUL; the kernel also refuses "." and "..".
  if (ifname.empty() || ifname.size() >= IFNAMSIZ || ifname == "." || ifname == "..")
    return fail(ErrorKind::invalid_input, ifname.empty() ? "interface" : ifname,
                "not a valid interface name (1-15 characters)");
  if (size_t colon = ifname.find(':'); colon != std::string::npos && colon > 0)
    return fail(ErrorKind::invalid_input, ifname,
                fmt::format("not an interface but an address label; name the interface ({})",
                            ifname.substr(0, colon)));
  for (char c : ifname) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || c == '.' || c == '@';
    if (!ok)
      return fail(ErrorKind::invalid_input, ifname,
                  "interface name may contain only letters, digits, '-', '_', '.', '@'");
  }
  return {};
}

}  // namespace rocecfg::host
