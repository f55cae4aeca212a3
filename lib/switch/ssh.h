// The SSH transport (libssh 0.10): one authenticated connection per switch,
// strict host-key checking, and two Session flavours on top of it:
//   ExecSession  - one exec channel per command (Cumulus, SONiC): output,
//                  exit status and stderr come back per command;
//   ShellSession - one interactive shell on a pty for CLI NOSes: commands are
//                  typed at the prompt, output ends when the dialect's prompt
//                  regex matches, pager prompts are answered, error markers
//                  fail the command (see adapter.h ShellDialect).
// Every wait has a deadline: connect_timeout_ms for connect + auth,
// command_timeout_ms for each command. After a timeout or a dropped
// connection the session is dead until reconnect().
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/result.h"
#include "switch/adapter.h"

namespace rocecfg::sw {

// The most one command may print (stdout and stderr together, or one shell
// command up to its prompt). The largest running configuration we read is a
// few MB; a switch printing forever once drove a fleet run to 2.1 GB RSS in
// 10 s. Past this the command fails, the connection is dropped (never reused)
// and only that switch fails.
inline constexpr size_t kMaxCommandOutputBytes = 16u << 20;

struct SshTarget {
  std::string name;  // for error context ("leaf1")
  std::string host;
  uint16_t port = 22;
  std::string user;
  std::string identity_file;  // private key; empty: ssh-agent ($SSH_AUTH_SOCK)
  std::string password_env;   // NAME of an environment variable holding a password
  std::string known_hosts;    // empty: ~/.ssh/known_hosts
  uint32_t connect_timeout_ms = 5000;
  uint32_t command_timeout_ms = 30000;
  bool accept_new_host_key = false;  // trust-on-first-use; a CHANGED key is always refused
};

class SshConnection;  // RAII over ssh_session, defined in ssh.cpp

class ExecSession final : public Session {
 public:
  static Result<std::unique_ptr<ExecSession>> open(const SshTarget& target);
  ~ExecSession() override;
  Result<std::string> run(const std::string& command) override;
  Result<std::string> run_all(const std::vector<std::string>& commands) override;
  Status reconnect() override;

 private:
  explicit ExecSession(SshTarget target);
  Result<std::string> exec(const std::string& line);
  SshTarget target_;
  std::unique_ptr<SshConnection> connection_;
};

class ShellSession final : public Session {
 public:
  static Result<std::unique_ptr<ShellSession>> open(const SshTarget& target, ShellDialect dialect);
  ~ShellSession() override;
  Result<std::string> run(const std::string& command) override;
  Status reconnect() override;
  struct Shell;  // the live connection and compiled dialect (ssh_shell.cpp)

 private:
  ShellSession(SshTarget target, ShellDialect dialect);
  Status start();
  SshTarget target_;
  ShellDialect dialect_;
  std::unique_ptr<Shell> shell_;
};

// The session the adapter asks for (adapter.session_kind()).
Result<std::unique_ptr<Session>> open_session(const SshTarget& target, const Adapter& adapter);

}  // namespace rocecfg::sw
