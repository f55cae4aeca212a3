// RDMA-CM for the marking phase's rdma_cm mode (probe --rdma-cm, perftest's
// -R): the client resolves the server's address and route through the kernel's
// connection manager and connects a UD QP with SIDR, as every rdma_cm
// application does. The address handle it gets back carries the traffic class
// the CM chose: for RoCE the route's ToS, i.e. the id's own ToS if the
// application set one (rdma_set_option), else the device port's
// default_roce_tos from configfs (kernel drivers/infiniband/core/cma.c,
// cma_resolve_iboe_route; sysfs-class-infiniband / configfs rdma_cm docs). We
// never set one, so what arrives on the wire is the configfs default, which
// `rocecfg apply` manages: proven end to end, not only by reading configfs.
//
//   client                                server
//   rdma_resolve_addr(src GID's IP, dst)
//   rdma_resolve_route                    rdma_bind_addr(its GID's IP, port 0)
//                                         rdma_listen
//   rdma_connect (SIDR REQ)          ->   CONNECT_REQUEST
//                                    <-   rdma_accept(its UD QPN): SIDR REP
//   ESTABLISHED: AH attributes, QPN, Q_Key
//
// Each wait has the session's deadline; the event channels are non-blocking
// and polled, so a peer that never answers is a timeout, not a hang.
#pragma once

#include <infiniband/verbs.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "core/result.h"
#include "probe/socket.h"

struct rdma_event_channel;
struct rdma_cm_id;

namespace rocecfg::probe {

// The Q_Key a SIDR exchange in RDMA_PS_UDP agrees on (RDMA_UDP_QKEY in
// rdma-core's rdma_cma.h and the kernel's cma.c): the server's UD QP must use it.
inline constexpr uint32_t kRdmaUdpQkey = 0x01234567;

// What the CM handed the client for sending to the server.
struct CmUdPath {
  ibv_ah_attr ah{};         // as the ESTABLISHED event carries it
  uint32_t remote_qpn = 0;  // the server's UD QP
  uint32_t remote_qkey = 0;
  std::string device;     // the device the CM bound the source address to
  uint8_t port_num = 0;   //   and its port
  uint8_t route_tos = 0;  // the route's traffic class after rdma_resolve_route
};

// Owns an event channel and one id (the listener on the server side).
class CmEndpoint {
 public:
  ~CmEndpoint();
  CmEndpoint(const CmEndpoint&) = delete;
  CmEndpoint& operator=(const CmEndpoint&) = delete;

  // Server: listens for SIDR requests on the address of `gid` (an IPv4-mapped
  // or global IPv6 RoCE v2 GID), on a port the kernel picks.
  static Result<std::unique_ptr<CmEndpoint>> listen_ud(const std::array<uint8_t, 16>& gid);
  uint16_t port() const;
  // Server: waits for one request and accepts it for the UD QP `qpn`.
  Status accept_one(uint32_t qpn, Deadline deadline);

  // Client: resolves and connects to `port` at `dst_gid`'s address from
  // `src_gid`'s address (binding the source picks the device, as rping -I does).
  static Result<CmUdPath> connect_ud(const std::array<uint8_t, 16>& src_gid,
                                     const std::array<uint8_t, 16>& dst_gid, uint16_t port,
                                     Deadline deadline);

 private:
  CmEndpoint() = default;
  rdma_event_channel* channel_ = nullptr;
  rdma_cm_id* id_ = nullptr;
  rdma_cm_id* child_ = nullptr;  // the accepted request's id (server)
};

}  // namespace rocecfg::probe
