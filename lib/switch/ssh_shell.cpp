// ShellSession: an interactive CLI on a pty. The protocol is the one every
// network automation library converges on (Netmiko, Ansible network_cli):
// wait for the prompt, send one line, collect until the prompt comes back,
// answer pager prompts with a space, and treat the CLI's error markers as a
// failed command. The echo of the typed line and the final prompt are cut
// from the output; CR LF becomes LF.
#include <fmt/format.h>

#include "switch/shell_text.h"
#include "switch/ssh.h"
#include "switch/ssh_connection.h"

namespace rocecfg::sw {

struct ShellSession::Shell {
  std::unique_ptr<SshConnection> connection;
  ChannelPtr channel;
  ShellMatcher matcher;
};

namespace {

std::string where(const SshTarget& t) {
  return t.name.empty() ? fmt::format("{}:{}", t.host, t.port) : t.name;
}

}  // namespace

ShellSession::ShellSession(SshTarget target, ShellDialect dialect)
    : target_(std::move(target)), dialect_(std::move(dialect)) {}
ShellSession::~ShellSession() = default;

Result<std::unique_ptr<ShellSession>> ShellSession::open(const SshTarget& target,
                                                         ShellDialect dialect) {
  if (dialect.prompt_regex.empty())
    return fail(ErrorKind::invalid_input, where(target), "shell dialect has no prompt regex");
  std::unique_ptr<ShellSession> s(new ShellSession(target, std::move(dialect)));
  if (auto ok = s->start(); !ok) return std::unexpected(ok.error());
  return s;
}

Status ShellSession::reconnect() {
  shell_.reset();
  return start();
}

// Read until the last line matches the prompt; pager prompts get a space.
static Result<std::string> read_to_prompt(ShellSession::Shell& sh, const SshTarget& t,
                                          const std::string& what);

Status ShellSession::start() {
  auto sh = std::make_unique<Shell>();
  auto matcher = compile_dialect(dialect_, where(target_));
  if (!matcher) return std::unexpected(matcher.error());
  sh->matcher = std::move(*matcher);
  auto conn = SshConnection::open(target_);
  if (!conn) return std::unexpected(conn.error());
  sh->connection = std::move(*conn);
  auto ch = sh->connection->new_channel(target_);
  if (!ch) return std::unexpected(ch.error());
  sh->channel = std::move(*ch);
  // A wide pty keeps CLIs from wrapping long lines into the output.
  if (ssh_channel_request_pty_size(sh->channel.get(), "vt100", 511, 24) != SSH_OK ||
      ssh_channel_request_shell(sh->channel.get()) != SSH_OK)
    return fail(ErrorKind::failed, where(target_),
                fmt::format("cannot start a shell: {}", ssh_get_error(sh->connection->handle())));
  if (auto banner = read_to_prompt(*sh, target_, "login"); !banner)
    return std::unexpected(banner.error());
  shell_ = std::move(sh);
  for (const std::string& c : dialect_.setup_commands)
    if (auto r = run(c); !r) return std::unexpected(r.error());
  return {};
}

static Result<std::string> read_to_prompt(ShellSession::Shell& sh, const SshTarget& t,
                                          const std::string& what) {
  std::string text;
  char buf[16384];
  Deadline deadline(t.command_timeout_ms);
  while (true) {
    ShellTail tail = classify_tail(text, sh.matcher);
    if (tail == ShellTail::prompt) return text;
    if (tail == ShellTail::pager) {
      drop_last_line(text);  // the pager prompt
      if (ssh_channel_write(sh.channel.get(), " ", 1) != 1)
        return fail(ErrorKind::failed, where(t), "connection lost while paging");
      continue;
    }
    if (deadline.expired())
      return fail(ErrorKind::timeout, where(t),
                  fmt::format("no prompt after {:?} within {} ms", what, t.command_timeout_ms));
    int n = ssh_channel_read_timeout(sh.channel.get(), buf, sizeof buf, 0,
                                     std::min(50, deadline.remaining_ms()));
    if (n == SSH_ERROR || (n == 0 && (ssh_channel_is_eof(sh.channel.get()) ||
                                      !ssh_is_connected(sh.connection->handle()))))
      return fail(ErrorKind::failed, where(t), fmt::format("connection lost during {:?}", what));
    if (n > 0) text.append(buf, static_cast<size_t>(n));
    if (text.size() > kMaxCommandOutputBytes)
      return fail(ErrorKind::failed, where(t),
                  fmt::format("{:?} printed more than {} MiB; stopped reading", what,
                              kMaxCommandOutputBytes >> 20));
  }
}

Result<std::string> ShellSession::run(const std::string& command) {
  const std::string ctx = where(target_);
  for (char c : command)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      return fail(ErrorKind::invalid_input, ctx,
                  fmt::format("control character or newline in {:?}", command));
  if (!shell_) return fail(ErrorKind::failed, ctx, "not connected (an earlier command failed)");
  std::string line = command + "\n";
  if (ssh_channel_write(shell_->channel.get(), line.data(), static_cast<uint32_t>(line.size())) !=
      static_cast<int>(line.size())) {
    shell_.reset();
    return fail(ErrorKind::failed, ctx, fmt::format("connection lost sending {:?}", command));
  }
  auto text = read_to_prompt(*shell_, target_, command);
  if (!text) {
    shell_.reset();  // a wedged or dropped CLI is never reused
    return std::unexpected(text.error());
  }
  return command_output(std::move(*text), command, shell_->matcher, ctx);
}

}  // namespace rocecfg::sw
