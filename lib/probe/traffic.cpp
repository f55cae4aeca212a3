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
// backoff ever sleeps, so the figure is unchanged there. The threshold is 1 ms:
// a sleep costs ~0.5 ms to wake from under emulation, so sleeping after
// 100 us made every 35 us ping a 600 us one whenever the machine was quiet.
// Spinning 50 us before the first yield gained nothing at the median in the
// lab and left the loaded phase's p99 at 12 ms once (load threads starved), so
// it yields from the start. Time is read from the cycle counter:
// steady_clock costs 0.9 us per read in the lab VM.
class Backoff {
 public:
  explicit Backoff(double cycles_per_us)
      : yield_cycles_(static_cast<uint64_t>(1000 * cycles_per_us)) {}
  void reset() { spins_ = 0; }
  void pause() {
    if (spins_++ == 0) since_ = CycleClock::cycles();
    if (spins_ % 16 != 0) return;
    if (CycleClock::cycles() - since_ < yield_cycles_) {
      sched_yield();
    } else {
      timespec ts{0, 1000};
      nanosleep(&ts, nullptr);
    }
  }

 private:
  uint64_t yield_cycles_;
  uint32_t spins_ = 0;
  uint64_t since_ = 0;
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
  uint32_t outstanding = 0;
  PeerWatch watch(qs, lim.control_fd);
  ibv_wc wcs[16];

  for (uint64_t i = 1;; ++i) {
    if (!by_time && i > p.iterations + warmup) break;
    // A window that ends with too few samples says nothing about p99: go on
    // until there are enough (the deadline still bounds the test).
    if (by_time && Clock::now() >= end && samples.size() >= kMinLatencySamples) break;
    const uint8_t v = static_cast<uint8_t>(i);
    // Keep the send queue from filling: reap our own completions first.
    while (outstanding >= p.tx_depth) {
      int n = ibv_poll_cq(qs.cq(), 16, wcs);
      if (n < 0) return fail(qs.device(), "poll CQ failed");
      for (int k = 0; k < n; ++k) {
        if (wcs[k].status != IBV_WC_SUCCESS)
          return std::unexpected(completion_error(qs, wcs[k], i));
        --outstanding;
      }
      if (n == 0 && Clock::now() >= lim.deadline)
        return std::unexpected(deadline_error(qs, "latency test", i));
    }
    *ping = v;
    const uint64_t c0 = CycleClock::cycles();
    if (int rc = post_one(qs, 0, IBV_WR_RDMA_WRITE, true, 0))
      return fail(qs.device(), fmt::format("post write: {}", std::strerror(rc)));
    ++outstanding;
    uint32_t spins = 0;
    Backoff backoff(cycles_per_us);
    std::optional<Clock::time_point> waiting_since;  // for the stall limit, off the sample path
    while (*reply != v) {
      backoff.pause();
      if (++spins % 256 == 0) {
        int n = ibv_poll_cq(qs.cq(), 16, wcs);
        for (int k = 0; k < n; ++k) {
          if (wcs[k].status != IBV_WC_SUCCESS)
            return std::unexpected(completion_error(qs, wcs[k], i));
          --outstanding;
        }
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
    int n = ibv_poll_cq(qs.cq(), 16, wcs);
    for (int k = 0; k < n; ++k) {
      if (wcs[k].status != IBV_WC_SUCCESS) return std::unexpected(completion_error(qs, wcs[k], i));
      --outstanding;
    }
  }
  if (samples.empty()) return fail(qs.device(), "latency test produced no samples");
  const double rate = qs.cycle_clock().cycles_per_us();  // over setup and the whole run
  std::vector<double> half_rtt_us;
  half_rtt_us.reserve(samples.size());
  for (uint64_t c : samples) half_rtt_us.push_back(static_cast<double>(c) / rate / 2);
  return summarize_latency(std::move(half_rtt_us));
}

Status run_lat_server(QpSet& qs, int control_fd, const LoopLimits& lim) {
  const double cycles_per_us = qs.cycle_clock().cycles_per_us();
  const uint32_t size = qs.params().size_bytes;
  volatile uint8_t* ping = qs.recv_region(0) + size - 1;
  uint8_t* pong = qs.send_region(0) + size - 1;
  uint32_t outstanding = 0;
  ibv_wc wcs[16];
  for (uint64_t i = 1;; ++i) {
    const uint8_t v = static_cast<uint8_t>(i);
    uint32_t spins = 0;
    Backoff backoff(cycles_per_us);
    while (*ping != v) {
      backoff.pause();
      if (++spins % 256 == 0) {
        if (readable_now(control_fd)) return {};
        if (lim.stop && lim.stop->load()) return fail(qs.device(), "server stopping");
        if (Clock::now() >= lim.deadline)
          return std::unexpected(deadline_error(qs, "latency echo", i));
        int n = ibv_poll_cq(qs.cq(), 16, wcs);
        for (int k = 0; k < n; ++k) {
          if (wcs[k].status != IBV_WC_SUCCESS)
            return std::unexpected(completion_error(qs, wcs[k], i));
          --outstanding;
        }
      }
    }
    while (outstanding >= qs.params().tx_depth) {
      int n = ibv_poll_cq(qs.cq(), 16, wcs);
      for (int k = 0; k < n; ++k) {
        if (wcs[k].status != IBV_WC_SUCCESS)
          return std::unexpected(completion_error(qs, wcs[k], i));
        --outstanding;
      }
      if (n == 0 && Clock::now() >= lim.deadline)
        return std::unexpected(deadline_error(qs, "latency echo", i));
    }
    *pong = v;
    if (int rc = post_one(qs, 0, IBV_WR_RDMA_WRITE, true, 0))
      return fail(qs.device(), fmt::format("post write: {}", std::strerror(rc)));
    ++outstanding;
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
