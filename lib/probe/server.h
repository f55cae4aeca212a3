// The probe server: one TCP listener, one thread per session, so a loopback
// probe, its background-load QPs, TCP sink flows and counter requests all share
// one port (perftest needs one server process per client and port).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "core/result.h"
#include "probe/socket.h"
#include "probe/verbs.h"

namespace rocecfg::probe {

struct ServerConfig {
  std::string bind_ip;    // empty = all addresses
  uint16_t port = 18600;  // 0 = pick a free port (in-process loopback)
  DeviceSelect device;
  uint32_t stall_ms = 3000;
  std::function<void(const std::string&)> log;  // one line per session event; may be empty
};

class Server {
 public:
  static Result<std::unique_ptr<Server>> start(ServerConfig cfg);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  uint16_t port() const { return port_; }
  uint64_t sessions() const { return sessions_.load(); }
  // Stops accepting, tells running sessions to end, and joins every thread.
  void stop();

 private:
  Server() = default;
  void accept_loop();
  void serve(Fd conn);
  void note(const std::string& line);

  ServerConfig cfg_;
  // Held open for the server's life when it can be opened at start; sessions
  // report the error themselves when it cannot.
  std::shared_ptr<Device> device_;
  Fd listener_;
  uint16_t port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<uint64_t> sessions_{0};
  std::thread acceptor_;
  // One per session; finished ones are joined and dropped at the next accept,
  // so a server that runs for days does not accumulate threads.
  struct Worker {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };
  void reap_finished();
  std::mutex mu_;
  std::list<Worker> workers_;
};

}  // namespace rocecfg::probe
