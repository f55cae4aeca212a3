#include "probe/traffic.h"

#include <sched.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <thread>
#include <vector>

#include <fmt/format.h>

namespace rocecfg::probe {
namespace {

using std::chrono::duration;
using std::chrono::milliseconds;

double seconds_between(Clock::time_point a, Clock::time_point b) {
  return duration<double>(b - a).count();
}

Error completion_error(const QpSet& qs, const ibv_wc& wc, uint64_t done) {
  std::string hint;
  if (wc.status == IBV_WC_RETRY_EXC_ERR)
    hint =
        " (no ACK from the peer: link down, path black-holed, MTU too large for the path or peer "
        "gone)";
  else if (wc.status == IBV_WC_RNR_RETRY_EXC_ERR)
    hint = " (peer posted no receive)";
  else if (wc.status == IBV_WC_REM_ACCESS_ERR)
    hint = " (peer rejected the remote address or key)";
  return Error{ErrorKind::failed, qs.device(),
               fmt::format("completion error on QP {}: {} (status {}, vendor error {:#x}) after {} "
                           "messages{}",
                           wc.qp_num, ibv_wc_status_str(wc.status), static_cast<int>(wc.status),
                           wc.vendor_err, done, hint)};
}

Error stalled(const QpSet& qs, const char* what, uint32_t ms, uint64_t done) {
  return Error{ErrorKind::timeout, qs.device(),
               fmt::format("{} stalled: nothing completed for {} ms after {} messages (link down, "
                           "peer gone or path black-holed)",
                           what, ms, done)};
}

Error deadline_error(const QpSet& qs, const char* what, uint64_t done) {
  return Error{
      ErrorKind::timeout, qs.device(),
      fmt::format("{} did not finish within the probe timeout ({} messages done)", what, done)};
}

int post_one(QpSet& qs, size_t i, ibv_wr_opcode opcode, bool signaled, uint64_t wr_id) {
  const uint32_t size = qs.params().size_bytes;
  ibv_sge sge{};
  sge.lkey = qs.lkey();
  sge.length = size;
  // READ lands in our receive region; WRITE and SEND go out of our send region.
  sge.addr = reinterpret_cast<uint64_t>(opcode == IBV_WR_RDMA_READ ? qs.recv_region(i)
                                                                   : qs.send_region(i));
  ibv_send_wr wr{};
  wr.wr_id = wr_id;
  wr.sg_list = &sge;
  wr.num_sge = 1;
  wr.opcode = opcode;
  wr.send_flags = signaled ? IBV_SEND_SIGNALED : 0;
  if (size <= qs.max_inline_bytes() && opcode != IBV_WR_RDMA_READ) wr.send_flags |= IBV_SEND_INLINE;
  if (opcode != IBV_WR_SEND) {
    wr.wr.rdma.remote_addr = qs.remote_recv_addr(i);
    wr.wr.rdma.rkey = qs.remote_rkey();
  }
  if (ibv_qp_ex* qx = qs.qpx(i)) {
    ibv_wr_start(qx);
    qx->wr_id = wr_id;
    qx->wr_flags = wr.send_flags;  // IBV_SEND_INLINE too: rxe takes the data from the WQE then
    if (opcode == IBV_WR_RDMA_WRITE)
      ibv_wr_rdma_write(qx, wr.wr.rdma.rkey, wr.wr.rdma.remote_addr);
    else if (opcode == IBV_WR_RDMA_READ)
      ibv_wr_rdma_read(qx, wr.wr.rdma.rkey, wr.wr.rdma.remote_addr);
    else
      ibv_wr_send(qx);
    if (wr.send_flags & IBV_SEND_INLINE)
      ibv_wr_set_inline_data(qx, reinterpret_cast<void*>(sge.addr), sge.length);
    else
      ibv_wr_set_sge(qx, sge.lkey, sge.addr, sge.length);
    return ibv_wr_complete(qx);
  }
  ibv_send_wr* bad = nullptr;
  return ibv_post_send(qs.qp(i), &wr, &bad);
}

int post_recv(QpSet& qs, size_t i) {
  ibv_sge sge{};
  sge.lkey = qs.lkey();
  sge.length = qs.params().size_bytes;
  sge.addr = reinterpret_cast<uint64_t>(qs.recv_region(i));
  ibv_recv_wr wr{};
  wr.wr_id = i;
  wr.sg_list = &sge;
  wr.num_sge = 1;
  ibv_recv_wr* bad = nullptr;
  return ibv_post_recv(qs.qp(i), &wr, &bad);
}

ibv_wr_opcode opcode_of(Op op) {
  switch (op) {
    case Op::write:
      return IBV_WR_RDMA_WRITE;
    case Op::read:
      return IBV_WR_RDMA_READ;
    case Op::send:
      return IBV_WR_SEND;
  }
  return IBV_WR_RDMA_WRITE;
}

struct QpCount {
  uint64_t posted = 0;
  uint64_t completed = 0;
  uint64_t signaled_upto = 0;  // posted count at the last signaled request
  uint32_t since_signal = 0;
};

constexpr int kBuckets = 10;
constexpr size_t kMinLatencySamples = 200;

// Waiting for the NIC: spin, then yield, then sleep. Soft-RoCE does its work
// in softirqs and kernel threads on the CPUs we spin on; a thread that only
// spins (or only yields) delays that work until a timer tick, which in the
// 2-CPU lab turned 30 us pings into 4-16 ms ones (perftest's ib_write_lat
// suffers the same). A real NIC answers within microseconds, before the
// backoff ever sleeps, so the figure is unchanged there. Sleeping starts after
// 1 ms: a sleep costs ~0.5 ms to wake from under emulation, so sleeping after
// 100 us made every 35 us ping a 600 us one whenever the machine was quiet.
//
// The ping-pong loops first spin without a syscall for spin_us (a round trip
// is 2-5 us on hardware, 60-70 us in the lab): yielding from the first wait
// put a sched_yield on the path of every ping (a 16-spin yield cadence spent
// ~18 % of the loop in __schedule in the lab) and cost 2-4 us per half round
// trip against ib_write_lat, which only spins. Yielding after the window
// keeps a loaded phase's threads (other QPs, TCP flows) from being starved:
// a 1 ms window raised the lab's loaded p99 from ~20x to ~25x the idle p99.
//
// pause() also paces the caller's housekeeping (CQ reaping, peer and deadline
// checks) to once per housekeeping_us of the cycle counter. Those checks read
// steady_clock, a syscall plus an emulated HPET read in the lab (0.9 us, and
// serialised across vCPUs), and the server's peer check is a poll(); run every
// 256 spins they were most of the remaining gap to ib_write_lat. The ping-pong
// loops do them every 10 ms: a 70 us lab ping then meets one in ~140 (at 1 ms,
// one in 14), and no limit they serve is finer than tens of milliseconds.
class Backoff {
 public:
  struct Timing {
    double spin_us = 0;
    double housekeeping_us = 1000;
  };
  Backoff(double cycles_per_us, Timing t)
      : spin_cycles_(static_cast<uint64_t>(t.spin_us * cycles_per_us)),
        yield_cycles_(static_cast<uint64_t>(1000 * cycles_per_us)),
        housekeeping_cycles_(static_cast<uint64_t>(t.housekeeping_us * cycles_per_us)) {}
  explicit Backoff(double cycles_per_us) : Backoff(cycles_per_us, Timing{}) {}

  // A new wait starts at the next pause().
  void reset() { spins_ = 0; }

  // One unsuccessful check; true when housekeeping is due.
  bool pause() {
    if (spins_++ == 0) {
      since_ = CycleClock::cycles();
      if (housekeeping_at_ == 0) housekeeping_at_ = since_ + housekeeping_cycles_;
      return false;
    }
    if (spins_ % 16 != 0) return false;
    const uint64_t now = CycleClock::cycles();
    const uint64_t waited = now - since_;
    if (waited >= yield_cycles_) {
      timespec ts{0, 1000};
      nanosleep(&ts, nullptr);
    } else if (waited >= spin_cycles_) {
      sched_yield();
    }
    if (now < housekeeping_at_) return false;
    housekeeping_at_ = now + housekeeping_cycles_;
    return true;
  }

 private:
  uint64_t spin_cycles_;
  uint64_t yield_cycles_;
  uint64_t housekeeping_cycles_;
  uint32_t spins_ = 0;
  uint64_t since_ = 0;
  uint64_t housekeeping_at_ = 0;  // cycle count; 0 = not started
};

// Ping-pong waits: see Backoff.
constexpr Backoff::Timing kPingPongWait{200, 10000};

// The ping-pong sends of one side. Only every half send queue is signaled: an
// RC completion retires the unsignaled requests before it, and each
// unsignaled one spares the NIC a CQE write (rxe: a CQ lock and copy in the
// kernel; in the lab no measurable difference at the median). Errors complete
// even when unsignaled.
class PingSender {
 public:
  explicit PingSender(QpSet& qs)
      : qs_(qs),
        depth_(std::max<uint32_t>(1, qs.params().tx_depth)),
        signal_every_(std::max<uint32_t>(1, depth_ / 2)) {}

  bool full() const { return posted_ - completed_ >= depth_; }

  // Takes what has completed, without waiting.
  Status reap(uint64_t done) {
    ibv_wc wcs[8];
    int n = ibv_poll_cq(qs_.cq(), 8, wcs);
    if (n < 0) return fail(qs_.device(), "poll CQ failed");
    for (int k = 0; k < n; ++k) {
      if (wcs[k].status != IBV_WC_SUCCESS)
        return std::unexpected(completion_error(qs_, wcs[k], done));
      completed_ += wcs[k].wr_id;
    }
    return {};
  }

  Status post() {
    const bool signaled = ++posted_ % signal_every_ == 0;
    if (int rc = post_one(qs_, 0, IBV_WR_RDMA_WRITE, signaled, posted_ - signaled_upto_))
      return fail(qs_.device(), fmt::format("post write: {}", std::strerror(rc)));
    if (signaled) signaled_upto_ = posted_;
    return {};
  }

 private:
  QpSet& qs_;
  uint32_t depth_;
  uint32_t signal_every_;
  uint64_t posted_ = 0;
  uint64_t completed_ = 0;
  uint64_t signaled_upto_ = 0;
};

// The server only writes on the control connection when it gives up (error) or
// dies (EOF), so readability mid-test means the test is over. Checked every
// 20 ms: cheap, and a dead peer is noticed long before the stall limit.
class PeerWatch {
 public:
  PeerWatch(const QpSet& qs, int fd) : qs_(qs), fd_(fd) {}
  std::optional<Error> check(Clock::time_point now, uint64_t done) {
    if (fd_ < 0 || now - last_ < milliseconds(20)) return std::nullopt;
    last_ = now;
    if (!readable_now(fd_)) return std::nullopt;
    auto f = recv_frame(fd_, deadline_in(100), "message");
    std::string why = "closed the control connection (peer process died?)";
    if (f && f->type == wire::Type::error) {
      auto text = wire::decode_text(f->payload);
      why = "gave up: " + (text ? *text : std::string("unreadable error"));
    }
    return Error{ErrorKind::failed, qs_.device(),
                 fmt::format("peer {} after {} messages", why, done)};
  }

 private:
  const QpSet& qs_;
  int fd_;
  Clock::time_point last_{};
};

}  // namespace

Result<BandwidthStats> run_bw_client(QpSet& qs, const LoopLimits& lim) {
  const TestParams& p = qs.params();
  const ibv_wr_opcode opcode = opcode_of(p.op);
  const bool by_time = p.iterations == 0;
  // Warm-up and cool-down margins keep ramp-up and drain out of the figure
  // (perftest uses D/4 on each side; a fifth, capped at 1 s, wastes less).
  const auto margin =
      by_time ? milliseconds(std::clamp<uint32_t>(p.duration_ms / 5, 20, 1000)) : milliseconds(0);
  const auto start = Clock::now();
  const auto sample_begin = start + margin;
  const auto sample_end = sample_begin + milliseconds(p.duration_ms);
  const auto post_end = sample_end + margin;
  const double bucket_s = p.duration_ms / 1000.0 / kBuckets;

  std::vector<QpCount> qps(qs.qp_count());
  std::vector<uint64_t> buckets(kBuckets, 0);
  BurstRate span;
  uint64_t bytes = 0, messages = 0, total_done = 0;
  auto last_progress = start;
  auto last_completion = start;
  bool posting = true;
  std::optional<Clock::time_point> stopped_at;  // set when the stop flag ended the run early
  PeerWatch watch(qs, lim.control_fd);
  Backoff backoff(qs.cycle_clock().cycles_per_us());
  ibv_wc wcs[32];

  for (;;) {
    auto now = Clock::now();
    if (posting && lim.stop && lim.stop->load()) {
      posting = false;
      stopped_at = now;
    }
    if (posting && by_time && now >= post_end) posting = false;
    if (posting) {
      bool all_posted = true;
      for (size_t i = 0; i < qps.size(); ++i) {
        QpCount& c = qps[i];
        while (c.posted - c.completed < p.tx_depth && (by_time || c.posted < p.iterations)) {
          bool last = !by_time && c.posted + 1 == p.iterations;
          bool signaled = c.since_signal + 1 >= p.signal_every || last;
          uint64_t covered = c.since_signal + 1;
          if (int rc = post_one(qs, i, opcode, signaled, (uint64_t{i} << 32) | covered))
            return fail(qs.device(), fmt::format("post {} on QP {}: {}", to_string(p.op),
                                                 qs.qp(i)->qp_num, std::strerror(rc)));
          ++c.posted;
          if (signaled) {
            c.signaled_upto = c.posted;
            c.since_signal = 0;
          } else {
            ++c.since_signal;
          }
        }
        if (!by_time && c.posted < p.iterations) all_posted = false;
      }
      if (!by_time && all_posted) posting = false;
    }

    int n = ibv_poll_cq(qs.cq(), 32, wcs);
    if (n < 0) return fail(qs.device(), "poll CQ failed");
    now = Clock::now();
    for (int k = 0; k < n; ++k) {
      if (wcs[k].status != IBV_WC_SUCCESS)
        return std::unexpected(completion_error(qs, wcs[k], total_done));
      size_t i = wcs[k].wr_id >> 32;
      uint64_t covered = wcs[k].wr_id & 0xffffffffu;
      if (i >= qps.size()) continue;
      qps[i].completed += covered;
      total_done += covered;
      if (lim.live_bytes)
        lim.live_bytes->store(total_done * p.size_bytes, std::memory_order_relaxed);
      if (!by_time || (now >= sample_begin && now < sample_end)) {
        bytes += covered * p.size_bytes;
        messages += covered;
        if (by_time) {
          span.add(seconds_between(start, now), covered * p.size_bytes, covered);
          int b = static_cast<int>(seconds_between(sample_begin, now) / bucket_s);
          buckets[std::clamp(b, 0, kBuckets - 1)] += covered * p.size_bytes;
        }
      }
      last_completion = now;
    }
    if (n > 0) {
      last_progress = now;
      backoff.reset();
    }
    if (auto e = watch.check(now, total_done)) return std::unexpected(*e);

    if (!posting) {
      bool drained = true;
      for (const QpCount& c : qps) drained &= c.completed >= c.signaled_upto;
      if (drained) break;
    }
    if (n == 0) {
      backoff.pause();
      if (now >= lim.deadline)
        return std::unexpected(deadline_error(qs, "bandwidth test", total_done));
      if (now - last_progress > milliseconds(lim.stall_ms))
        return std::unexpected(stalled(qs, "bandwidth test", lim.stall_ms, total_done));
      if (lim.gentle) std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  }
  // A window in which nothing completed measured no bandwidth, not 0 Gb/s:
  // the path stalled through it and recovered only later (seen in the lab
  // after a link bounce, while ARP still pointed at the wrong MAC). A run
  // the stop flag ended early (background load, stopped when the foreground
  // test is done) may end before its window opens: it reports what it saw.
  if (by_time && messages == 0 && !stopped_at)
    return fail(qs.device(),
                fmt::format("bandwidth test: nothing completed within the {} ms measuring window "
                            "({} messages completed outside it: the path stalled)",
                            p.duration_ms, total_done));
  // The span between the first and last burst in the window; a window with
  // too few bursts to span most of it keeps the plain count.
  if (by_time && span.seconds() >= p.duration_ms / 2000.0)
    return summarize_bandwidth(span.bytes(), span.messages(), span.seconds(), buckets, bucket_s);
  if (by_time)
    return summarize_bandwidth(bytes, messages, p.duration_ms / 1000.0, buckets, bucket_s);
  return summarize_bandwidth(bytes, messages, seconds_between(start, last_completion), {}, 0);
}

Result<LatencyStats> run_lat_client(QpSet& qs, const LoopLimits& lim) {
  const TestParams& p = qs.params();
  const bool by_time = p.iterations == 0;
  const uint32_t size = p.size_bytes;
  volatile uint8_t* reply = qs.recv_region(0) + size - 1;
  uint8_t* ping = qs.send_region(0) + size - 1;
  // The first pings warm caches and the path; they are not samples.
  const uint64_t warmup = by_time ? 10 : std::min<uint64_t>(50, p.iterations / 20);
  // Half round trips in cycles, converted once the run has calibrated the clock.
  std::vector<uint64_t> samples;
  samples.reserve(by_time ? 100000 : p.iterations);
  const double cycles_per_us = qs.cycle_clock().cycles_per_us();
  const auto end = Clock::now() + milliseconds(p.duration_ms);
  PingSender sender(qs);
  PeerWatch watch(qs, lim.control_fd);
  Backoff backoff(cycles_per_us, kPingPongWait);

  for (uint64_t i = 1;; ++i) {
    if (!by_time && i > p.iterations + warmup) break;
    // A window that ends with too few samples says nothing about p99: go on
    // until there are enough (the deadline still bounds the test).
    if (by_time && Clock::now() >= end && samples.size() >= kMinLatencySamples) break;
    const uint8_t v = static_cast<uint8_t>(i);
    // Keep the send queue from filling: reap our own completions first.
    while (sender.full()) {
      if (auto st = sender.reap(i); !st) return std::unexpected(st.error());
      if (sender.full() && Clock::now() >= lim.deadline)
        return std::unexpected(deadline_error(qs, "latency test", i));
    }
    *ping = v;
    const uint64_t c0 = CycleClock::cycles();
    if (auto st = sender.post(); !st) return std::unexpected(st.error());
    backoff.reset();
    std::optional<Clock::time_point> waiting_since;  // for the stall limit, off the sample path
    while (*reply != v) {
      if (backoff.pause()) {
        if (auto st = sender.reap(i); !st) return std::unexpected(st.error());
        auto now = Clock::now();
        if (!waiting_since) waiting_since = now;
        if (auto e = watch.check(now, i - 1)) return std::unexpected(*e);
        if (now - *waiting_since > milliseconds(lim.stall_ms))
          return std::unexpected(stalled(qs, "latency test", lim.stall_ms, i - 1));
        if (now >= lim.deadline) return std::unexpected(deadline_error(qs, "latency test", i - 1));
      }
    }
    const uint64_t c1 = CycleClock::cycles();
    if (i > warmup) samples.push_back(c1 - c0);
  }
  if (samples.empty()) return fail(qs.device(), "latency test produced no samples");
  const double rate = qs.cycle_clock().cycles_per_us();  // over setup and the whole run
  std::vector<double> half_rtt_us;
  half_rtt_us.reserve(samples.size());
  for (uint64_t c : samples) half_rtt_us.push_back(static_cast<double>(c) / rate / 2);
  return summarize_latency(std::move(half_rtt_us));
}

Status run_lat_server(QpSet& qs, int control_fd, const LoopLimits& lim) {
  const uint32_t size = qs.params().size_bytes;
  volatile uint8_t* ping = qs.recv_region(0) + size - 1;
  uint8_t* pong = qs.send_region(0) + size - 1;
  PingSender sender(qs);
  Backoff backoff(qs.cycle_clock().cycles_per_us(), kPingPongWait);
  for (uint64_t i = 1;; ++i) {
    const uint8_t v = static_cast<uint8_t>(i);
    backoff.reset();
    while (*ping != v) {
      if (backoff.pause()) {
        if (readable_now(control_fd)) return {};
        if (lim.stop && lim.stop->load()) return fail(qs.device(), "server stopping");
        if (Clock::now() >= lim.deadline)
          return std::unexpected(deadline_error(qs, "latency echo", i));
        if (auto st = sender.reap(i); !st) return st;
      }
    }
    while (sender.full()) {
      if (auto st = sender.reap(i); !st) return st;
      if (sender.full() && Clock::now() >= lim.deadline)
        return std::unexpected(deadline_error(qs, "latency echo", i));
    }
    *pong = v;
    if (auto st = sender.post(); !st) return st;
  }
}

Status prepost_receives(QpSet& qs) {
  for (size_t i = 0; i < qs.qp_count(); ++i)
    for (uint32_t k = 0; k < qs.params().tx_depth; ++k)
      if (int rc = post_recv(qs, i))
        return fail(qs.device(), fmt::format("post receive: {}", std::strerror(rc)));
  return {};
}

Status run_recv_server(QpSet& qs, int control_fd, const LoopLimits& lim) {
  ibv_wc wcs[32];
  uint64_t received = 0;
  uint32_t idle = 0;
  Backoff backoff(qs.cycle_clock().cycles_per_us());
  for (;;) {
    int n = ibv_poll_cq(qs.cq(), 32, wcs);
    for (int k = 0; k < n; ++k) {
      if (wcs[k].status != IBV_WC_SUCCESS)
        return std::unexpected(completion_error(qs, wcs[k], received));
      ++received;
      if (int rc = post_recv(qs, wcs[k].wr_id))
        return fail(qs.device(), fmt::format("repost receive: {}", std::strerror(rc)));
    }
    if (n > 0)
      backoff.reset();
    else
      backoff.pause();
    if (n == 0 && ++idle % 1024 == 0) {
      if (readable_now(control_fd)) return {};
      if (lim.stop && lim.stop->load()) return fail(qs.device(), "server stopping");
      if (Clock::now() >= lim.deadline)
        return std::unexpected(deadline_error(qs, "receive", received));
    }
  }
}

}  // namespace rocecfg::probe
