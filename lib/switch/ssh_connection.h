// Internal to the transport (ssh.cpp, ssh_shell.cpp): the authenticated
// libssh session and a channel handle, both RAII.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include <libssh/libssh.h>

#include "core/result.h"
#include "switch/ssh.h"

namespace rocecfg::sw {

struct ChannelFree {
  void operator()(ssh_channel c) const {
    if (ssh_channel_is_open(c)) ssh_channel_close(c);
    ssh_channel_free(c);
  }
};
using ChannelPtr = std::unique_ptr<ssh_channel_struct, ChannelFree>;

class SshConnection {
 public:
  // Connect, verify the host key against known_hosts, authenticate.
  static Result<std::unique_ptr<SshConnection>> open(const SshTarget& target);
  ~SshConnection();
  SshConnection(const SshConnection&) = delete;
  SshConnection& operator=(const SshConnection&) = delete;

  ssh_session handle() const { return session_; }
  Result<ChannelPtr> new_channel(const SshTarget& target);

 private:
  explicit SshConnection(ssh_session s) : session_(s) {}
  ssh_session session_;
};

// Milliseconds left until a deadline, never negative.
class Deadline {
 public:
  explicit Deadline(uint32_t ms)
      : end_(std::chrono::steady_clock::now() + std::chrono::milliseconds(ms)) {}
  int remaining_ms() const {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        end_ - std::chrono::steady_clock::now());
    return left.count() > 0 ? static_cast<int>(left.count()) : 0;
  }
  bool expired() const { return remaining_ms() == 0; }

 private:
  std::chrono::steady_clock::time_point end_;
};

}  // namespace rocecfg::sw
