// ShellSession: an interactive CLI on a pty. The protocol is the one every
// network automation library converges on (Netmiko, Ansible network_cli):
// wait for the prompt, send one line, collect until the prompt comes back,
// answer pager prompts with a space, and treat the CLI's error markers as a
// failed command. The echo of the typed line and the final prompt are cut
// from the output; CR LF becomes LF.
#include <regex>

#include <fmt/format.h>

#include "switch/ssh.h"
#include "switch/ssh_connection.h"

namespace rocecfg::sw {

struct ShellSession::Shell {
  std::unique_ptr<SshConnection> connection;
  ChannelPtr channel;
  std::regex prompt;
  std::regex pager;
  std::vector<std::regex> errors;
};

namespace {

// The longest text a dialect's regex is run on: std::regex recurses once per
// character it repeats over, so a switch printing one 60,000-character line
// overflowed the stack (issue 33 item 1). Prompts, pager prompts and error
// markers are short and sit at a line's start: a longer tail is no prompt,
// and an error marker is looked for in a line's first kRegexWindow bytes.
constexpr size_t kRegexWindow = 1024;

bool search(const std::string& text, const std::regex& re) {
  if (text.size() > kRegexWindow) return std::regex_search(text.substr(0, kRegexWindow), re);
  return std::regex_search(text, re);
}

std::string where(const SshTarget& t) {
  return t.name.empty() ? fmt::format("{}:{}", t.host, t.port) : t.name;
}

std::string last_line(const std::string& text) {
  size_t nl = text.find_last_of('\n');
  return nl == std::string::npos ? text : text.substr(nl + 1);
}

// What a terminal would show: CR LF is a newline, a bare CR returns to the
// start of the line (pagers erase their prompt with "\r    \r"), a backspace
// removes the previous character, ANSI escape sequences are dropped.
void strip_cr(std::string& s) {
  std::string out, line;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\n') {
      out += line + '\n';
      line.clear();
    } else if (c == '\r') {
      if (i + 1 < s.size() && (s[i + 1] == '\n' || s[i + 1] == '\r')) continue;
      if (i + 1 < s.size()) line.clear();
    } else if (c == '\b') {
      if (!line.empty()) line.pop_back();
    } else if (c == '\x1b' && i + 1 < s.size() && s[i + 1] == '[') {
      i += 2;
      while (i < s.size() && !((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z'))) ++i;
    } else {
      line += c;
    }
  }
  s = out + line;
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
  try {
    sh->prompt = std::regex(dialect_.prompt_regex);
    sh->pager = std::regex(dialect_.pager_regex);
    for (const std::string& e : dialect_.error_regexes) sh->errors.emplace_back(e);
  } catch (const std::regex_error& e) {
    return fail(ErrorKind::invalid_input, where(target_),
                fmt::format("bad regex in shell dialect: {}", e.what()));
  }
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
    std::string tail = last_line(text);
    strip_cr(tail);
    bool short_tail = !tail.empty() && tail.size() <= kRegexWindow;
    if (short_tail && std::regex_search(tail, sh.prompt)) return text;
    if (short_tail && std::regex_search(tail, sh.pager)) {
      text.erase(text.size() - last_line(text).size());  // drop the pager prompt
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
  std::string out = *text;
  strip_cr(out);
  out.erase(out.size() - last_line(out).size());  // the prompt
  // The pty echoes what we typed: drop everything up to the first newline
  // when it ends with the command.
  if (size_t nl = out.find('\n'); nl != std::string::npos && out.compare(0, nl, command) == 0)
    out.erase(0, nl + 1);
  else if (out.starts_with(command))
    out.erase(0, command.size());
  size_t start = 0;
  while (start < out.size()) {
    size_t nl = out.find('\n', start);
    std::string l = out.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    for (const std::regex& e : shell_->errors)
      if (search(l, e))
        return fail(ErrorKind::failed, ctx, fmt::format("{:?} rejected: {}", command, l));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return out;
}

}  // namespace rocecfg::sw
