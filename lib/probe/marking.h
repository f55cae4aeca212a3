// The marking phase: does the traffic class we send arrive as sent? The
// client sends N small UD packets with the probe's ToS in the address
// handle's GRH traffic class (rxe and mlx5 put it in the IPv4 ToS byte); the
// server's UD receives carry the network header of each packet as it arrived
// (grh.h), and it tallies the ToS bytes it saw. A switch that does not trust
// or rewrites DSCP, clears ECT or marks CE shows up here, where every counter
// and every RC test still looks healthy.
//
//   client                               server
//   hello(marking, tos, N packets)  ->
//                                        UD QP, N receives posted
//                                   <-   offer(gid, qpn)
//   UD QP, address handle (tos)
//   accept(endpoint)                ->
//                                   <-   ready
//   N sends, all completed
//   done                            ->
//                                        drain receives (bounded)
//                                   <-   marks(tally)
//
// Through RDMA-CM (session kind marking_cm, probe --rdma-cm) the server also
// listens with rdma_cm and says where (cm_listen after its offer); the client
// connects through the CM (cm.h) before its accept and sends with the address
// handle the CM gave it, so the ToS under test is the CM's, not ours.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "core/result.h"
#include "probe/session.h"
#include "probe/socket.h"
#include "probe/wire.h"

namespace rocecfg::probe {

struct MarkingTally {
  uint64_t received = 0;               // UD receives completed
  uint64_t unreadable = 0;             // no GRH, or no header we could read in it
  std::map<uint8_t, uint64_t> by_tos;  // arrived ToS byte -> packets
  std::map<uint8_t, uint64_t> by_ipv;  // IP version (4/6) -> packets
};

// Over the wire as a counter map ("received", "unreadable", "tos:106", "ipv:4").
wire::CounterMap encode_tally(const MarkingTally& t);
Result<MarkingTally> decode_tally(const wire::CounterMap& m);

// Where an rdma_cm-connected marking test's ToS came from.
struct CmFacts {
  std::string device;     // the device the CM bound the source address to
  uint32_t port = 0;      //   and its port: its configfs default_roce_tos applies
  uint8_t route_tos = 0;  // the route's traffic class (the AH's should equal it)
};

// How the marking test's client reaches the server's UD QP.
enum class MarkingConnect : uint8_t {
  out_of_band,  // the offer's QPN and the probe's own ToS
  rdma_cm,      // SIDR through RDMA-CM: its address handle, its ToS
};

struct MarkingOutcome {
  uint8_t sent_tos = 0;  // the GRH traffic class of every send
  uint64_t sent = 0;
  MarkingTally arrived;
  std::string local_device, remote_device;
  GidChoice local_gid;
  std::string remote_gid;
  std::optional<CmFacts> rdma_cm;  // set when connected through RDMA-CM
};

// Client side: cfg.params.iterations packets of cfg.params.size_bytes each,
// with cfg.params.tos (out of band) or the CM's ToS (rdma_cm).
Result<MarkingOutcome> run_marking_test(const ClientConfig& cfg,
                                        MarkingConnect how = MarkingConnect::out_of_band);

// Server side of a marking session, after its hello. Errors are also sent to
// the client as an error frame.
Status serve_marking(const DeviceSelect& device, int control_fd, const TestParams& params,
                     Deadline deadline, const std::atomic<bool>& stopping,
                     MarkingConnect how = MarkingConnect::out_of_band);

}  // namespace rocecfg::probe
