// TCP for the out-of-band exchange: an owned descriptor, connect/listen, and
// frame I/O where every wait has a deadline (a dead peer costs at most the
// timeout, never a hang).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "probe/wire.h"

namespace rocecfg::probe {

using Clock = std::chrono::steady_clock;
using Deadline = Clock::time_point;

inline Deadline deadline_in(uint32_t ms) {
  return Clock::now() + std::chrono::milliseconds(ms);
}
// Milliseconds left until the deadline, at least 0.
int ms_left(Deadline d);

class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  Fd& operator=(Fd&& o) noexcept;
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd();
  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  void reset();

 private:
  int fd_ = -1;
};

// `tos` >= 0 sets IP_TOS on the socket (background TCP load on another class);
// `bind_ip` non-empty binds the source address first.
Result<Fd> connect_tcp(const std::string& host, uint16_t port, Deadline deadline,
                       const std::string& bind_ip = {}, int tos = -1);
// Port 0 picks a free port; local_port() tells which.
Result<Fd> listen_tcp(const std::string& bind_ip, uint16_t port);
uint16_t local_port(const Fd& fd);

Status send_frame(int fd, wire::Type type, const std::vector<uint8_t>& payload, Deadline deadline);
// `waiting_for` names the step in errors: "no offer from peer within 1500 ms".
Result<wire::Frame> recv_frame(int fd, Deadline deadline, const char* waiting_for);
// recv_frame, then require `type`; an error frame becomes "peer: <its message>".
Result<wire::Frame> expect_frame(int fd, wire::Type type, Deadline deadline);
// True when a read would not block (data or EOF): for loops that must also
// watch the control connection while they spin on RDMA.
bool readable_now(int fd);

// Best effort: tell the peer why we give up, without waiting long.
void send_error(int fd, const std::string& message);

}  // namespace rocecfg::probe
