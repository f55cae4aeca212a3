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
#pragma once

#include <cstdint>
#include <map>
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

struct MarkingOutcome {
  uint8_t sent_tos = 0;
  uint64_t sent = 0;
  MarkingTally arrived;
  std::string local_device, remote_device;
  GidChoice local_gid;
  std::string remote_gid;
};

// Client side: cfg.params.tos is sent, cfg.params.iterations packets of
// cfg.params.size_bytes each.
Result<MarkingOutcome> run_marking_test(const ClientConfig& cfg);

// Server side of a marking session, after its hello. Errors are also sent to
// the client as an error frame.
Status serve_marking(const DeviceSelect& device, int control_fd, const TestParams& params,
                     Deadline deadline, const std::atomic<bool>& stopping);

}  // namespace rocecfg::probe
