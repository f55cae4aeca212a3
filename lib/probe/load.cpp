#include "probe/load.h"

#include <poll.h>
#include <sys/socket.h>

#include <cerrno>

#include <fmt/format.h>

#include "probe/socket.h"

namespace rocecfg::probe {

std::string LoadSummary::describe() const {
  return fmt::format("load: RDMA {:.3f} Gb/s, TCP {:.3f} Gb/s over {:.1f} s", rdma_gbps,
                     seconds > 0 ? static_cast<double>(tcp_bytes) * 8 / seconds / 1e9 : 0.0,
                     seconds);
}

void LoadGenerator::flow_started() {
  std::lock_guard lock(mu_);
  ++running_;
  cv_.notify_all();
}

void LoadGenerator::flow_failed(Error e) {
  std::lock_guard lock(mu_);
  if (!error_) error_ = std::move(e);
  cv_.notify_all();
}

Result<std::unique_ptr<LoadGenerator>> LoadGenerator::start(const LoadConfig& cfg) {
  std::unique_ptr<LoadGenerator> g(new LoadGenerator);
  g->cfg_ = cfg;
  LoadGenerator* self = g.get();
  int flows = 0;
  if (cfg.rdma_qps > 0) {
    ++flows;
    g->threads_.emplace_back([self] {
      ClientConfig c;
      c.host = self->cfg_.host;
      c.port = self->cfg_.port;
      c.local = self->cfg_.local;
      c.params.op = Op::write;
      c.params.size_bytes = self->cfg_.rdma_size_bytes;
      c.params.qps = self->cfg_.rdma_qps;
      // Enough in flight to contend for the class, not so much that the
      // probe's own QP is starved by the emulated device.
      c.params.tx_depth = 16;
      c.params.signal_every = 4;
      c.params.duration_ms = kMaxDurationMs;  // until stopped
      c.params.tos = self->cfg_.rdma_tos;
      c.timeout_ms = self->cfg_.timeout_ms;
      c.stop = &self->stop_;
      c.gentle = true;  // leave CPU to the measured probe
      c.on_running = [self] { self->flow_started(); };
      auto r = run_test(c);
      if (!r) {
        self->flow_failed(wrap(r.error(), "load RDMA flow").error());
        return;
      }
      std::lock_guard lock(self->mu_);
      self->rdma_ = r->bw;
    });
  }
  for (uint32_t i = 0; i < cfg.tcp_streams; ++i) {
    ++flows;
    g->threads_.emplace_back([self] {
      const Deadline deadline = deadline_in(self->cfg_.timeout_ms);
      auto fd = connect_tcp(self->cfg_.tcp_host, self->cfg_.port, deadline_in(5000),
                            self->cfg_.tcp_bind_ip, self->cfg_.tcp_tos);
      if (!fd) {
        self->flow_failed(wrap(fd.error(), "load TCP flow").error());
        return;
      }
      wire::Hello hello{wire::SessionKind::sink, {}, self->cfg_.timeout_ms};
      if (auto st = send_frame(fd->get(), wire::Type::hello, wire::encode(hello), deadline); !st) {
        self->flow_failed(wrap(st.error(), "load TCP flow").error());
        return;
      }
      self->flow_started();
      std::vector<char> chunk(1 << 16, 'x');
      while (!self->stop_.load() && Clock::now() < deadline) {
        pollfd p{fd->get(), POLLOUT, 0};
        if (::poll(&p, 1, 100) <= 0) continue;
        ssize_t n = ::send(fd->get(), chunk.data(), chunk.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0 && errno != EAGAIN && errno != EINTR) break;
        if (n > 0) self->tcp_bytes_ += static_cast<uint64_t>(n);
      }
    });
  }
  std::unique_lock lock(g->mu_);
  bool ok =
      g->cv_.wait_for(lock, std::chrono::milliseconds(std::min<uint32_t>(cfg.timeout_ms, 30000)),
                      [&] { return g->error_ || g->running_ == flows; });
  std::optional<Error> err = g->error_;
  lock.unlock();
  if (!err && !ok)
    err = Error{ErrorKind::timeout, "load", "flows did not start within the timeout"};
  if (err) {
    (void)g->stop();
    return std::unexpected(*err);
  }
  g->started_ = Clock::now();
  return g;
}

Result<LoadSummary> LoadGenerator::stop() {
  if (stopped_) return LoadSummary{};
  stopped_ = true;
  stop_ = true;
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  LoadSummary s;
  s.seconds = std::chrono::duration<double>(Clock::now() - started_).count();
  s.tcp_bytes = tcp_bytes_.load();
  std::lock_guard lock(mu_);
  if (error_) return std::unexpected(*error_);
  if (rdma_) s.rdma_gbps = rdma_->gbps;
  return s;
}

LoadGenerator::~LoadGenerator() {
  (void)stop();
}

}  // namespace rocecfg::probe
