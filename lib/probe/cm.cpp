#include "probe/cm.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <rdma/rdma_cma.h>

#include <cerrno>
#include <cstring>
#include <functional>

#include <fmt/format.h>

#include "probe/gid.h"

namespace rocecfg::probe {
namespace {

// Address and route resolution time limits handed to the kernel; the
// session deadline bounds the whole exchange on top.
constexpr int kResolveMs = 2000;

std::string errno_text() {
  return std::strerror(errno);
}

// The IP address a RoCE v2 GID stands for: ::ffff:a.b.c.d is IPv4, anything
// else but link-local is the IPv6 address itself. A link-local GID would need
// an interface scope the GID does not carry.
Result<sockaddr_storage> address_of(const std::array<uint8_t, 16>& gid, uint16_t port) {
  sockaddr_storage ss{};
  static constexpr uint8_t kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  if (std::memcmp(gid.data(), kMapped, 12) == 0) {
    auto* sin = reinterpret_cast<sockaddr_in*>(&ss);
    sin->sin_family = AF_INET;
    sin->sin_port = htons(port);
    std::memcpy(&sin->sin_addr, gid.data() + 12, 4);
    return ss;
  }
  if (gid[0] == 0xfe && (gid[1] & 0xc0) == 0x80)
    return fail(ErrorKind::invalid_input, gid_display(gid),
                "rdma_cm mode needs an IPv4 or a global IPv6 RoCE v2 GID, not a link-local one");
  auto* sin6 = reinterpret_cast<sockaddr_in6*>(&ss);
  sin6->sin6_family = AF_INET6;
  sin6->sin6_port = htons(port);
  std::memcpy(&sin6->sin6_addr, gid.data(), 16);
  return ss;
}

sockaddr* as_sockaddr(sockaddr_storage& ss) {
  return reinterpret_cast<sockaddr*>(&ss);
}

Result<rdma_event_channel*> open_channel() {
  rdma_event_channel* ch = rdma_create_event_channel();
  if (!ch) return fail("rdma_cm", "create event channel: " + errno_text());
  int flags = ::fcntl(ch->fd, F_GETFL);
  if (flags < 0 || ::fcntl(ch->fd, F_SETFL, flags | O_NONBLOCK) < 0) {
    rdma_destroy_event_channel(ch);
    return fail("rdma_cm", "make the event channel non-blocking: " + errno_text());
  }
  return ch;
}

// The next event, or a timeout at the deadline. The caller acks it.
Result<rdma_cm_event*> next_event(rdma_event_channel* ch, Deadline deadline, const char* waiting) {
  for (;;) {
    rdma_cm_event* ev = nullptr;
    if (rdma_get_cm_event(ch, &ev) == 0) return ev;
    if (errno != EAGAIN && errno != EWOULDBLOCK)
      return fail("rdma_cm", fmt::format("waiting for {}: {}", waiting, errno_text()));
    const int left = ms_left(deadline);
    if (left <= 0)
      return fail(ErrorKind::timeout, "rdma_cm", fmt::format("no {} before the deadline", waiting));
    pollfd p{ch->fd, POLLIN, 0};
    ::poll(&p, 1, left);
  }
}

// Waits for `want`; any other event is the error it reports (ADDR_ERROR,
// UNREACHABLE, REJECTED, ...), named with its status.
Status expect_event(rdma_event_channel* ch, rdma_cm_event_type want, Deadline deadline,
                    const std::function<void(const rdma_cm_event&)>& take = {}) {
  auto ev = next_event(ch, deadline, rdma_event_str(want));
  if (!ev) return std::unexpected(ev.error());
  const rdma_cm_event e = **ev;
  if (e.event == want && take) take(e);
  rdma_ack_cm_event(*ev);
  if (e.event != want)
    return fail("rdma_cm", fmt::format("waiting for {}: got {} (status {})", rdma_event_str(want),
                                       rdma_event_str(e.event), e.status));
  return {};
}

std::string device_of(const rdma_cm_id* id) {
  return id && id->verbs ? ibv_get_device_name(id->verbs->device) : "";
}

}  // namespace

CmEndpoint::~CmEndpoint() {
  if (child_) rdma_destroy_id(child_);
  if (id_) rdma_destroy_id(id_);
  if (channel_) rdma_destroy_event_channel(channel_);
}

Result<std::unique_ptr<CmEndpoint>> CmEndpoint::listen_ud(const std::array<uint8_t, 16>& gid) {
  auto addr = address_of(gid, 0);
  if (!addr) return std::unexpected(addr.error());
  std::unique_ptr<CmEndpoint> e(new CmEndpoint);
  auto ch = open_channel();
  if (!ch) return std::unexpected(ch.error());
  e->channel_ = *ch;
  if (rdma_create_id(e->channel_, &e->id_, nullptr, RDMA_PS_UDP) != 0)
    return fail("rdma_cm", "create listening id: " + errno_text());
  if (rdma_bind_addr(e->id_, as_sockaddr(*addr)) != 0)
    return fail("rdma_cm", fmt::format("bind {}: {}", gid_display(gid), errno_text()));
  if (rdma_listen(e->id_, 1) != 0) return fail("rdma_cm", "listen: " + errno_text());
  return e;
}

uint16_t CmEndpoint::port() const {
  return ntohs(rdma_get_src_port(id_));
}

Status CmEndpoint::accept_one(uint32_t qpn, Deadline deadline) {
  auto ev = next_event(channel_, deadline, "the client's SIDR request");
  if (!ev) return std::unexpected(ev.error());
  const rdma_cm_event e = **ev;
  rdma_ack_cm_event(*ev);
  if (e.event != RDMA_CM_EVENT_CONNECT_REQUEST)
    return fail("rdma_cm", fmt::format("waiting for the client's SIDR request: got {} (status {})",
                                       rdma_event_str(e.event), e.status));
  child_ = e.id;
  rdma_conn_param param{};
  param.qp_num = qpn;
  if (rdma_accept(child_, &param) != 0)
    return fail("rdma_cm", "accept the SIDR request: " + errno_text());
  return {};
}

Result<CmUdPath> CmEndpoint::connect_ud(const std::array<uint8_t, 16>& src_gid,
                                        const std::array<uint8_t, 16>& dst_gid, uint16_t port,
                                        Deadline deadline) {
  auto src = address_of(src_gid, 0);
  if (!src) return std::unexpected(src.error());
  auto dst = address_of(dst_gid, port);
  if (!dst) return std::unexpected(dst.error());
  CmEndpoint e;
  auto ch = open_channel();
  if (!ch) return std::unexpected(ch.error());
  e.channel_ = *ch;
  if (rdma_create_id(e.channel_, &e.id_, nullptr, RDMA_PS_UDP) != 0)
    return fail("rdma_cm", "create id: " + errno_text());
  const std::string to = fmt::format("{} port {}", gid_display(dst_gid), port);
  if (rdma_resolve_addr(e.id_, as_sockaddr(*src), as_sockaddr(*dst), kResolveMs) != 0)
    return fail("rdma_cm", fmt::format("resolve {}: {}", to, errno_text()));
  if (auto st = expect_event(e.channel_, RDMA_CM_EVENT_ADDR_RESOLVED, deadline); !st)
    return std::unexpected(st.error());
  if (rdma_resolve_route(e.id_, kResolveMs) != 0)
    return fail("rdma_cm", fmt::format("resolve the route to {}: {}", to, errno_text()));
  if (auto st = expect_event(e.channel_, RDMA_CM_EVENT_ROUTE_RESOLVED, deadline); !st)
    return std::unexpected(st.error());
  CmUdPath path;
  path.device = device_of(e.id_);
  path.port_num = e.id_->port_num;
  if (e.id_->route.num_paths < 1 || !e.id_->route.path_rec)
    return fail("rdma_cm", fmt::format("the route to {} has no path record", to));
  path.route_tos = e.id_->route.path_rec[0].traffic_class;
  rdma_conn_param param{};
  if (rdma_connect(e.id_, &param) != 0)
    return fail("rdma_cm", fmt::format("connect to {}: {}", to, errno_text()));
  auto take = [&path](const rdma_cm_event& ev) {
    path.ah = ev.param.ud.ah_attr;
    path.remote_qpn = ev.param.ud.qp_num;
    path.remote_qkey = ev.param.ud.qkey;
  };
  if (auto st = expect_event(e.channel_, RDMA_CM_EVENT_ESTABLISHED, deadline, take); !st)
    return std::unexpected(st.error());
  return path;
}

}  // namespace rocecfg::probe
