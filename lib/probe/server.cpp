#include "probe/server.h"

#include <poll.h>
#include <sys/socket.h>

#include <cerrno>
#include <chrono>

#include <fmt/format.h>

#include "probe/marking.h"
#include "probe/session.h"
#include "probe/traffic.h"

namespace rocecfg::probe {
namespace {

// The first frame must come quickly: anything slower is not our client.
constexpr uint32_t kHelloTimeoutMs = 5000;

// Waits for the client's `done` in short slices so stop() is honoured.
Status wait_done(int fd, Deadline deadline, const std::atomic<bool>& stopping) {
  while (!stopping.load()) {
    auto slice = std::min(deadline, deadline_in(100));
    if (!readable_now(fd)) {
      pollfd p{fd, POLLIN, 0};
      ::poll(&p, 1, ms_left(slice));
      if (!(p.revents & (POLLIN | POLLHUP | POLLERR))) {
        if (Clock::now() >= deadline)
          return fail(ErrorKind::timeout, "", "client did not finish within the session timeout");
        continue;
      }
    }
    auto f = expect_frame(fd, wire::Type::done, deadline);
    if (!f) return std::unexpected(f.error());
    return {};
  }
  return fail("", "server stopping");
}

}  // namespace

Result<std::unique_ptr<Server>> Server::start(ServerConfig cfg) {
  std::unique_ptr<Server> s(new Server);
  s->cfg_ = std::move(cfg);
  auto l = listen_tcp(s->cfg_.bind_ip, s->cfg_.port);
  if (!l) return std::unexpected(l.error());
  s->listener_ = std::move(*l);
  if (auto d = Device::open(s->cfg_.device.device)) s->device_ = std::move(*d);
  s->port_ = local_port(s->listener_);
  s->acceptor_ = std::thread([p = s.get()] { p->accept_loop(); });
  return s;
}

Server::~Server() {
  stop();
}

void Server::stop() {
  stopping_ = true;
  if (acceptor_.joinable()) acceptor_.join();
  std::list<Worker> workers;
  {
    std::lock_guard lock(mu_);
    workers.swap(workers_);
  }
  for (Worker& w : workers)
    if (w.thread.joinable()) w.thread.join();
}

void Server::reap_finished() {
  std::lock_guard lock(mu_);
  for (auto it = workers_.begin(); it != workers_.end();) {
    if (it->done->load()) {
      it->thread.join();
      it = workers_.erase(it);
    } else {
      ++it;
    }
  }
}

void Server::note(const std::string& line) {
  if (cfg_.log) cfg_.log(line);
}

void Server::accept_loop() {
  while (!stopping_.load()) {
    pollfd p{listener_.get(), POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    int c = ::accept4(listener_.get(), nullptr, nullptr, SOCK_CLOEXEC);
    if (c < 0) continue;
    ++sessions_;
    reap_finished();
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::lock_guard lock(mu_);
    workers_.push_back({std::thread([this, c, done] {
                          serve(Fd(c));
                          *done = true;
                        }),
                        done});
  }
}

void Server::serve(Fd conn) {
  const int s = conn.get();
  auto hello_frame = expect_frame(s, wire::Type::hello, deadline_in(kHelloTimeoutMs));
  if (!hello_frame) {
    // A version mismatch or garbage: say so, the client prints it.
    if (hello_frame.error().kind == ErrorKind::invalid_input)
      send_error(s, hello_frame.error().message);
    note("session rejected: " + hello_frame.error().to_string());
    return;
  }
  auto hello = wire::decode_hello(hello_frame->payload);
  if (!hello) {
    send_error(s, hello.error().message);
    note("session rejected: " + hello.error().to_string());
    return;
  }
  const Deadline deadline = deadline_in(hello->timeout_ms);

  if (hello->kind == wire::SessionKind::counters) {
    auto snap = snapshot_device(cfg_.device);
    if (!snap) {
      send_error(s, snap.error().to_string());
      return;
    }
    (void)send_frame(s, wire::Type::counters, wire::encode(*snap), deadline);
    return;
  }
  if (hello->kind == wire::SessionKind::marking || hello->kind == wire::SessionKind::marking_cm) {
    const MarkingConnect how = hello->kind == wire::SessionKind::marking_cm
                                   ? MarkingConnect::rdma_cm
                                   : MarkingConnect::out_of_band;
    if (auto st = serve_marking(cfg_.device, s, hello->params, deadline, stopping_, how); !st) {
      send_error(s, "server: " + st.error().to_string());
      note("marking session failed: " + st.error().to_string());
    }
    return;
  }
  if (hello->kind == wire::SessionKind::sink) {
    // Background TCP load: swallow bytes until the client closes.
    std::vector<char> buf(1 << 16);
    while (!stopping_.load() && Clock::now() < deadline) {
      pollfd p{s, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      ssize_t n = ::recv(s, buf.data(), buf.size(), 0);
      if (n <= 0) break;
    }
    return;
  }

  const TestParams& params = hello->params;
  auto qs = QpSet::create(cfg_.device, params);
  if (!qs) {
    send_error(s, "server setup failed: " + qs.error().to_string());
    note("session failed: " + qs.error().to_string());
    return;
  }
  if (auto st = send_frame(s, wire::Type::offer, wire::encode((*qs)->local()), deadline); !st)
    return;
  auto accept = expect_frame(s, wire::Type::accept, deadline);
  if (!accept) {
    note("session failed: " + accept.error().to_string());
    return;
  }
  auto remote = wire::decode_endpoint(accept->payload);
  if (!remote) {
    send_error(s, remote.error().message);
    return;
  }
  if (auto st = (*qs)->connect(*remote); !st) {
    send_error(s, "server connect failed: " + st.error().to_string());
    note("session failed: " + st.error().to_string());
    return;
  }
  if (params.op == Op::send && params.mode == Mode::bw) {
    if (auto st = prepost_receives(**qs); !st) {
      send_error(s, "server: " + st.error().to_string());
      return;
    }
  }
  if (auto st = send_frame(s, wire::Type::ready, {}, deadline); !st) return;

  LoopLimits lim{deadline, cfg_.stall_ms, &stopping_, false};
  Status run;
  if (params.mode == Mode::lat)
    run = run_lat_server(**qs, s, lim);
  else if (params.op == Op::send)
    run = run_recv_server(**qs, s, lim);
  if (!run) {
    send_error(s, "server: " + run.error().to_string());
    note("session failed: " + run.error().to_string());
    return;
  }
  if (auto st = wait_done(s, deadline, stopping_); !st) {
    note("session ended: " + st.error().to_string());
    return;
  }
  (void)send_frame(s, wire::Type::bye, {}, deadline);
  note(fmt::format("session done: {} {} {} B x {} QPs with {} ({})", to_string(params.op),
                   to_string(params.mode), params.size_bytes, params.qps, remote->device,
                   gid_display(remote->gid)));
}

}  // namespace rocecfg::probe
