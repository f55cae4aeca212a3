// The measured loops. The client drives; the server is passive for WRITE/READ
// (the NIC does the work), reposts receives for SEND and echoes for latency.
// Every loop is bounded by a wall-clock deadline and a stall limit: Soft-RoCE
// on a black-holed path retries forever without an error completion, so no
// loop may rely on IBV_WC_RETRY_EXC_ERR to end.
#pragma once

#include <atomic>
#include <cstdint>

#include "core/result.h"
#include "probe/socket.h"
#include "probe/stats.h"
#include "probe/verbs.h"

namespace rocecfg::probe {

struct LoopLimits {
  Deadline deadline;                        // hard end of the whole test
  uint32_t stall_ms = 3000;                 // no completion / no reply for this long = failure
  const std::atomic<bool>* stop = nullptr;  // background load: stop when set
  bool gentle = false;  // background load: yield the CPU when idle instead of spinning
  int control_fd = -1;  // client: the peer closing this mid-test means it died
  std::atomic<uint64_t>* live_bytes = nullptr;  // bandwidth client: bytes completed so far
};

// Bandwidth: posts WRITE/READ/SEND on all QPs round-robin, tx_depth in flight
// per QP, one signaled request per signal_every. Duration mode counts only
// completions inside [warm-up, warm-up + duration); iteration mode times the
// whole run.
Result<BandwidthStats> run_bw_client(QpSet& qs, const LoopLimits& lim);

// Latency: ping-pong RDMA WRITE on QP 0; each sample is half a round trip.
Result<LatencyStats> run_lat_client(QpSet& qs, const LoopLimits& lim);

// Server side of latency: echo every ping until the control socket becomes
// readable (the client's "done") or the deadline passes.
Status run_lat_server(QpSet& qs, int control_fd, const LoopLimits& lim);

// Server side of SEND: post tx_depth receives per QP (before telling the
// client to start), then repost each one consumed until the control socket
// becomes readable.
Status prepost_receives(QpSet& qs);
Status run_recv_server(QpSet& qs, int control_fd, const LoopLimits& lim);

}  // namespace rocecfg::probe
