// The out-of-band exchange against a real server on loopback TCP. Counter
// sessions need no RDMA device (they read sysfs), so they run on any host.
#include <doctest/doctest.h>

#include <sys/socket.h>

#include <condition_variable>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "probe/server.h"
#include "probe/session.h"
#include "probe/socket.h"
#include "sysfs_tree.h"

using namespace rocecfg;
using namespace rocecfg::probe;
using rocecfg::probe::testing::SysfsTree;

namespace {

// Collects the server's session log lines; wait_for() blocks until one
// containing `part` arrives (bounded).
struct LogSink {
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::string> lines;
  std::function<void(const std::string&)> fn() {
    return [this](const std::string& l) {
      std::lock_guard lock(mu);
      lines.push_back(l);
      cv.notify_all();
    };
  }
  std::string wait_for(const std::string& part) {
    std::unique_lock lock(mu);
    std::string found;
    cv.wait_for(lock, std::chrono::seconds(5), [&] {
      for (auto& l : lines)
        if (l.find(part) != std::string::npos) return found = l, true;
      return false;
    });
    return found;
  }
};

std::unique_ptr<Server> start_server(const SysfsTree& t, LogSink* log = nullptr) {
  ServerConfig cfg;
  cfg.bind_ip = "127.0.0.1";
  cfg.port = 0;
  cfg.device.device = "rxe0";
  cfg.device.fs = host::FsRoot(t.root());
  if (log) cfg.log = log->fn();
  auto s = Server::start(cfg);
  REQUIRE(s);
  return std::move(*s);
}

Fd raw_connect(uint16_t port) {
  auto fd = connect_tcp("127.0.0.1", port, deadline_in(2000));
  REQUIRE(fd);
  return std::move(*fd);
}

}  // namespace

TEST_SUITE("probe.exchange") {
  TEST_CASE("counters session returns the server's port and interface counters") {
    SysfsTree t;
    t.rxe_port("rxe0", "veth0", "0a00:0001");
    t.write("sys/class/infiniband/rxe0/ports/1/hw_counters/rcvd_seq_err", "7\n");
    t.write("sys/class/net/veth0/statistics/rx_dropped", "3\n");
    auto server = start_server(t);
    auto m = fetch_remote_counters("127.0.0.1", server->port(), 2000);
    REQUIRE(m);
    CHECK(m->at("rxe0:rcvd_seq_err") == 7);
    CHECK(m->at("veth0:rx_dropped") == 3);
    CHECK(m->size() == 12);
  }

  TEST_CASE("one listener serves concurrent sessions") {
    SysfsTree t;
    t.rxe_port("rxe0", "veth0", "0a00:0001");
    auto server = start_server(t);
    std::vector<std::thread> clients;
    std::atomic<int> ok{0};
    for (int i = 0; i < 6; ++i)
      clients.emplace_back([&] {
        if (fetch_remote_counters("127.0.0.1", server->port(), 3000)) ++ok;
      });
    for (auto& c : clients) c.join();
    CHECK(ok == 6);
    CHECK(server->sessions() == 6);
  }

  TEST_CASE("a client speaking another protocol version gets a named refusal") {
    SysfsTree t;
    auto server = start_server(t);
    Fd fd = raw_connect(server->port());
    auto frame = wire::encode_frame(wire::Type::hello, wire::encode(wire::Hello{}));
    frame[5] = 2;  // version 2
    REQUIRE(::send(fd.get(), frame.data(), frame.size(), 0) == static_cast<ssize_t>(frame.size()));
    auto reply = expect_frame(fd.get(), wire::Type::offer, deadline_in(2000));
    REQUIRE_FALSE(reply);
    CHECK(reply.error().to_string() ==
          "peer: protocol version mismatch: peer speaks v2, this build speaks v1");
  }

  TEST_CASE("a truncated hello is reported by the server, which stays up") {
    SysfsTree t;
    t.rxe_port("rxe0", "veth0", "0a00:0001");
    LogSink log;
    auto server = start_server(t, &log);
    {
      Fd fd = raw_connect(server->port());
      auto frame = wire::encode_frame(wire::Type::hello, wire::encode(wire::Hello{}));
      frame.resize(wire::kHeaderBytes + 5);
      REQUIRE(::send(fd.get(), frame.data(), frame.size(), 0) ==
              static_cast<ssize_t>(frame.size()));
    }  // closes mid-message
    CHECK(log.wait_for("truncated") ==
          "session rejected: truncated hello message: peer closed after 5 of 36 payload bytes");
    CHECK(fetch_remote_counters("127.0.0.1", server->port(), 2000));
  }

  TEST_CASE("invalid test parameters are refused with the reason") {
    SysfsTree t;
    auto server = start_server(t);
    Fd fd = raw_connect(server->port());
    wire::Hello h;
    h.params.tx_depth = 0;
    REQUIRE(send_frame(fd.get(), wire::Type::hello, wire::encode(h), deadline_in(1000)));
    auto reply = expect_frame(fd.get(), wire::Type::offer, deadline_in(2000));
    CHECK(reply.error().to_string() == "peer: hello message: tx depth 0: must be 1..4096");
  }

  TEST_CASE("a silent peer costs the timeout, not a hang") {
    auto l = listen_tcp("127.0.0.1", 0);
    REQUIRE(l);
    // The kernel completes the handshake from the backlog; nobody ever answers.
    auto t0 = Clock::now();
    auto m = fetch_remote_counters("127.0.0.1", local_port(*l), 300);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
    REQUIRE_FALSE(m);
    CHECK(m.error().kind == ErrorKind::timeout);
    CHECK(m.error().message == "timed out waiting for counters from peer (timeout 300 ms)");
    CHECK(ms >= 250);
    CHECK(ms < 2000);
  }

  TEST_CASE("no server: the connect error names the address") {
    auto l = listen_tcp("127.0.0.1", 0);
    REQUIRE(l);
    uint16_t port = local_port(*l);
    l->reset();  // nobody listens there any more
    auto m = fetch_remote_counters("127.0.0.1", port, 1000);
    REQUIRE_FALSE(m);
    CHECK(m.error().to_string() == fmt::format("127.0.0.1:{}: connect: Connection refused", port));
  }

  TEST_CASE("a probe session on a host without the device: the server says why") {
    if (!list_devices().empty()) return;  // only meaningful without RDMA devices
    SysfsTree t;
    auto server = start_server(t);
    Fd fd = raw_connect(server->port());
    REQUIRE(
        send_frame(fd.get(), wire::Type::hello, wire::encode(wire::Hello{}), deadline_in(1000)));
    auto reply = expect_frame(fd.get(), wire::Type::offer, deadline_in(3000));
    CHECK(
        reply.error().to_string() ==
        "peer: server setup failed: rdma: no RDMA devices (is a driver such as rdma_rxe loaded?)");
  }
}
