#include "switch/ssh.h"

#include <cstdlib>
#include <mutex>
#include <sstream>

#include <fmt/format.h>

#include "core/regular_file.h"
#include "switch/ssh_connection.h"
#include "switch/validate.h"

namespace rocecfg::sw {

namespace {

// known_hosts is one file shared by every worker thread; libssh appends to it
// without locking.
std::mutex known_hosts_mutex;

struct KeyFree {
  void operator()(ssh_key k) const { ssh_key_free(k); }
};
using KeyPtr = std::unique_ptr<ssh_key_struct, KeyFree>;

std::string where(const SshTarget& t) {
  return t.name.empty() ? fmt::format("{}:{}", t.host, t.port) : t.name;
}

std::string server_fingerprint(ssh_session s) {
  ssh_key raw = nullptr;
  if (ssh_get_server_publickey(s, &raw) != SSH_OK) return "(no key)";
  KeyPtr key(raw);
  unsigned char* hash = nullptr;
  size_t len = 0;
  if (ssh_get_publickey_hash(key.get(), SSH_PUBLICKEY_HASH_SHA256, &hash, &len) != 0)
    return "(unhashable key)";
  char* text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, len);
  std::string out = text ? text : "(unhashable key)";
  ssh_string_free_char(text);
  ssh_clean_pubkey_hash(&hash);
  return out;
}

// The server's key as it appears in known_hosts: "ssh-ed25519 AAAA...".
std::string server_key_text(ssh_session s) {
  ssh_key raw = nullptr;
  if (ssh_get_server_publickey(s, &raw) != SSH_OK) return {};
  KeyPtr key(raw);
  char* b64 = nullptr;
  if (ssh_pki_export_pubkey_base64(key.get(), &b64) != SSH_OK) return {};
  std::string out = fmt::format("{} {}", ssh_key_type_to_char(ssh_key_type(key.get())), b64);
  ssh_string_free_char(b64);
  return out;
}

std::string known_hosts_path(const SshTarget& t) {
  if (!t.known_hosts.empty()) return t.known_hosts;
  const char* home = std::getenv("HOME");
  return home ? std::string(home) + "/.ssh/known_hosts" : std::string();
}

// libssh 0.10 skips "@revoked" lines, so a revoked key read as unknown and
// --accept-new-host-keys then trusted it. OpenSSH (sshd(8), SSH_KNOWN_HOSTS
// FILE FORMAT) refuses a key on an @revoked line whatever else the file says;
// so do we, for any host pattern on that line.
bool key_is_revoked(const std::string& file, const std::string& key_text) {
  if (file.empty() || key_text.empty()) return false;
  Result<std::string> text = read_regular_file(file, 16u << 20);
  if (!text) return false;
  std::istringstream lines(*text);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::string marker, hosts, type, blob;
    if (!(fields >> marker >> hosts >> type >> blob) || marker != "@revoked") continue;
    if (type + " " + blob == key_text) return true;
  }
  return false;
}

Status verify_host_key(ssh_session s, const SshTarget& t) {
  std::lock_guard lock(known_hosts_mutex);
  enum ssh_known_hosts_e state = ssh_session_is_known_server(s);
  std::string fp = server_fingerprint(s);
  std::string file = t.known_hosts.empty() ? "~/.ssh/known_hosts" : t.known_hosts;
  if (key_is_revoked(known_hosts_path(t), server_key_text(s)))
    return fail(ErrorKind::permission, where(t),
                fmt::format("REVOKED HOST KEY {} for {}:{} (marked @revoked in {}); refusing", fp,
                            t.host, t.port, file));
  switch (state) {
    case SSH_KNOWN_HOSTS_OK:
      return {};
    case SSH_KNOWN_HOSTS_CHANGED:
    case SSH_KNOWN_HOSTS_OTHER:
      return fail(ErrorKind::permission, where(t),
                  fmt::format("host key for {}:{} does not match {} (server offers {}); refusing: "
                              "possible man-in-the-middle, fix known_hosts by hand",
                              t.host, t.port, file, fp));
    case SSH_KNOWN_HOSTS_UNKNOWN:
    case SSH_KNOWN_HOSTS_NOT_FOUND:
      if (!t.accept_new_host_key)
        return fail(ErrorKind::permission, where(t),
                    fmt::format("unknown host key {} for {}:{} (not in {}); verify it and add "
                                "it, or pass --accept-new-host-keys",
                                fp, t.host, t.port, file));
      if (ssh_session_update_known_hosts(s) != SSH_OK)
        return fail(ErrorKind::failed, where(t),
                    fmt::format("cannot record host key in {}: {}", file, ssh_get_error(s)));
      return {};
    case SSH_KNOWN_HOSTS_ERROR:
      break;
  }
  return fail(ErrorKind::failed, where(t),
              fmt::format("cannot check host key: {}", ssh_get_error(s)));
}

// Whether a private key file is passphrase-protected: PEM with
// "Proc-Type: 4,ENCRYPTED" or PKCS#8 "ENCRYPTED PRIVATE KEY", or the OpenSSH
// format whose header names a cipher other than "none" (PROTOCOL.key in
// OpenSSH's sources: "openssh-key-v1\0", then string ciphername).
bool identity_is_encrypted(const std::string& path) {
  Result<std::string> text = read_regular_file(path, 1u << 20);
  if (!text) return false;
  if (text->find("ENCRYPTED") != std::string::npos) return true;
  const std::string begin = "-----BEGIN OPENSSH PRIVATE KEY-----";
  size_t at = text->find(begin);
  if (at == std::string::npos) return false;
  std::string decoded;
  uint32_t bits = 0;
  int nbits = 0;
  for (size_t i = at + begin.size(); i < text->size() && decoded.size() < 64; ++i) {
    char c = (*text)[i];
    int v = c >= 'A' && c <= 'Z'   ? c - 'A'
            : c >= 'a' && c <= 'z' ? c - 'a' + 26
            : c >= '0' && c <= '9' ? c - '0' + 52
            : c == '+'             ? 62
            : c == '/'             ? 63
                                   : -1;
    if (c == '-' || c == '=') break;
    if (v < 0) continue;
    bits = (bits << 6) | static_cast<uint32_t>(v);
    nbits += 6;
    if (nbits >= 8) {
      nbits -= 8;
      decoded += static_cast<char>((bits >> nbits) & 0xFF);
    }
  }
  const std::string magic("openssh-key-v1\0", 15);
  if (decoded.compare(0, magic.size(), magic) != 0 || decoded.size() < magic.size() + 4)
    return false;
  auto byte = [&](size_t k) {
    return static_cast<uint32_t>(static_cast<unsigned char>(decoded[k]));
  };
  size_t p = magic.size();
  uint32_t len = byte(p) << 24 | byte(p + 1) << 16 | byte(p + 2) << 8 | byte(p + 3);
  if (p + 4 + len > decoded.size()) return true;  // a long cipher name: not "none"
  return decoded.compare(p + 4, len, "none") != 0 || len != 4;
}

Status authenticate(ssh_session s, const SshTarget& t) {
  std::string tried;
  if (!t.identity_file.empty()) {
    ssh_key raw = nullptr;
    if (ssh_pki_import_privkey_file(t.identity_file.c_str(), nullptr, nullptr, nullptr, &raw) ==
        SSH_OK) {
      KeyPtr key(raw);
      if (ssh_userauth_publickey(s, nullptr, key.get()) == SSH_AUTH_SUCCESS) return {};
      tried += fmt::format("key {}", t.identity_file);
    } else if (!identity_is_encrypted(t.identity_file)) {
      return fail(ErrorKind::invalid_input, where(t),
                  fmt::format("cannot read identity file {}", t.identity_file));
    } else if (!std::getenv("SSH_AUTH_SOCK")) {
      // We never prompt: a fleet run has no terminal to ask on.
      return fail(ErrorKind::invalid_input, where(t),
                  fmt::format("identity file {} is an encrypted key: load it into ssh-agent "
                              "(ssh-add {}) and keep SSH_AUTH_SOCK set",
                              t.identity_file, t.identity_file));
    } else {
      // Encrypted on disk: the agent may hold it decrypted.
      if (ssh_userauth_agent(s, nullptr) == SSH_AUTH_SUCCESS) return {};
      tried += fmt::format("ssh-agent (identity file {} is encrypted)", t.identity_file);
    }
  } else if (std::getenv("SSH_AUTH_SOCK")) {
    if (ssh_userauth_agent(s, nullptr) == SSH_AUTH_SUCCESS) return {};
    tried += "ssh-agent";
  }
  if (!t.password_env.empty()) {
    // The variable's NAME comes from the inventory; its value is never logged.
    const char* password = std::getenv(t.password_env.c_str());
    if (!password)
      return fail(ErrorKind::invalid_input, where(t),
                  fmt::format("environment variable {} (password_env) is not set", t.password_env));
    if (ssh_userauth_password(s, nullptr, password) == SSH_AUTH_SUCCESS) return {};
    tried += (tried.empty() ? "" : ", ") + fmt::format("password from ${}", t.password_env);
  }
  if (tried.empty()) tried = "nothing (no identity_file, no ssh-agent, no password_env)";
  return fail(ErrorKind::permission, where(t),
              fmt::format("authentication as {} failed (tried {})", t.user, tried));
}

}  // namespace

Result<std::unique_ptr<SshConnection>> SshConnection::open(const SshTarget& t) {
  if (auto ok = check_name(t.user); !ok) return wrap(ok.error(), where(t) + ": user");
  ssh_session s = ssh_new();
  if (!s) return fail(ErrorKind::failed, where(t), "out of memory for an SSH session");
  std::unique_ptr<SshConnection> conn(new SshConnection(s));
  long timeout_s = t.connect_timeout_ms / 1000;
  long timeout_us = (t.connect_timeout_ms % 1000) * 1000L;
  int port = t.port;
  int no = 0;
  // The user's ~/.ssh/config must not silently change host, user or keys.
  ssh_options_set(s, SSH_OPTIONS_PROCESS_CONFIG, &no);
  ssh_options_set(s, SSH_OPTIONS_HOST, t.host.c_str());
  ssh_options_set(s, SSH_OPTIONS_PORT, &port);
  ssh_options_set(s, SSH_OPTIONS_USER, t.user.c_str());
  ssh_options_set(s, SSH_OPTIONS_TIMEOUT, &timeout_s);
  ssh_options_set(s, SSH_OPTIONS_TIMEOUT_USEC, &timeout_us);
  if (!t.known_hosts.empty()) ssh_options_set(s, SSH_OPTIONS_KNOWNHOSTS, t.known_hosts.c_str());
  if (ssh_connect(s) != SSH_OK)
    return fail(ErrorKind::failed, where(t),
                fmt::format("cannot connect to {}:{}: {}", t.host, t.port, ssh_get_error(s)));
  if (auto ok = verify_host_key(s, t); !ok) return std::unexpected(ok.error());
  if (auto ok = authenticate(s, t); !ok) return std::unexpected(ok.error());
  return conn;
}

SshConnection::~SshConnection() {
  if (ssh_is_connected(session_)) ssh_disconnect(session_);
  ssh_free(session_);
}

Result<ChannelPtr> SshConnection::new_channel(const SshTarget& t) {
  ChannelPtr ch(ssh_channel_new(session_));
  if (!ch || ssh_channel_open_session(ch.get()) != SSH_OK)
    return fail(ErrorKind::failed, where(t),
                fmt::format("cannot open a channel: {}", ssh_get_error(session_)));
  return ch;
}

// ---- ExecSession ----------------------------------------------------------

ExecSession::ExecSession(SshTarget target) : target_(std::move(target)) {}
ExecSession::~ExecSession() = default;

Result<std::unique_ptr<ExecSession>> ExecSession::open(const SshTarget& target) {
  std::unique_ptr<ExecSession> s(new ExecSession(target));
  if (auto ok = s->reconnect(); !ok) return std::unexpected(ok.error());
  return s;
}

Status ExecSession::reconnect() {
  connection_.reset();
  auto conn = SshConnection::open(target_);
  if (!conn) return std::unexpected(conn.error());
  connection_ = std::move(*conn);
  return {};
}

Result<std::string> ExecSession::run(const std::string& command) {
  if (auto ok = check_command(command); !ok) return wrap(ok.error(), where(target_));
  return exec(command);
}

Result<std::string> ExecSession::run_all(const std::vector<std::string>& commands) {
  std::string line;
  for (const std::string& c : commands) {
    if (auto ok = check_command(c); !ok) return wrap(ok.error(), where(target_));
    line += (line.empty() ? "" : " && ") + c;
  }
  if (line.empty()) return std::string();
  return exec(line);
}

// Runs a line that has already been validated.
Result<std::string> ExecSession::exec(const std::string& command) {
  const std::string ctx = where(target_);
  if (!connection_)
    return fail(ErrorKind::failed, ctx, "not connected (an earlier command failed)");
  auto opened = connection_->new_channel(target_);
  if (!opened) {
    connection_.reset();
    return std::unexpected(opened.error());
  }
  ChannelPtr channel = std::move(*opened);
  // A channel must be freed before the session that owns it.
  auto lose_connection = [&] {
    channel.reset();
    connection_.reset();
  };
  ssh_channel ch = channel.get();
  if (ssh_channel_request_exec(ch, command.c_str()) != SSH_OK) {
    std::string why = ssh_get_error(connection_->handle());
    lose_connection();
    return fail(ErrorKind::failed, ctx, fmt::format("cannot run {:?}: {}", command, why));
  }
  std::string out, err;
  char buf[16384];
  Deadline deadline(target_.command_timeout_ms);
  // Poll both streams in short slices so a chatty stderr cannot stall stdout
  // and the deadline is checked at least every 50 ms.
  while (!ssh_channel_is_eof(ch)) {
    if (deadline.expired()) {
      lose_connection();  // the device may be wedged; never reuse this connection
      return fail(
          ErrorKind::timeout, ctx,
          fmt::format("{:?} did not finish within {} ms", command, target_.command_timeout_ms));
    }
    int n = ssh_channel_read_timeout(ch, buf, sizeof buf, 0, std::min(50, deadline.remaining_ms()));
    if (n == SSH_ERROR) {
      std::string why = ssh_get_error(connection_->handle());
      lose_connection();
      return fail(ErrorKind::failed, ctx,
                  fmt::format("connection lost during {:?}: {}", command, why));
    }
    if (n > 0) out.append(buf, static_cast<size_t>(n));
    if (out.size() + err.size() > kMaxCommandOutputBytes) {
      lose_connection();
      return fail(ErrorKind::failed, ctx,
                  fmt::format("{:?} printed more than {} MiB; stopped reading", command,
                              kMaxCommandOutputBytes >> 20));
    }
    if (n == 0 && (!ssh_is_connected(connection_->handle()) || ssh_channel_is_closed(ch))) {
      if (ssh_channel_is_eof(ch)) break;
      lose_connection();
      return fail(ErrorKind::failed, ctx, fmt::format("connection lost during {:?}", command));
    }
    int m = ssh_channel_read_nonblocking(ch, buf, sizeof buf, 1);
    if (m > 0) err.append(buf, static_cast<size_t>(m));
  }
  for (int m; (m = ssh_channel_read_nonblocking(ch, buf, sizeof buf, 0)) > 0;)
    out.append(buf, static_cast<size_t>(m));
  for (int m; (m = ssh_channel_read_nonblocking(ch, buf, sizeof buf, 1)) > 0;)
    err.append(buf, static_cast<size_t>(m));
  ssh_channel_send_eof(ch);
  int status = ssh_channel_get_exit_status(ch);
  if (status == -1 && !ssh_is_connected(connection_->handle())) {
    lose_connection();
    return fail(ErrorKind::failed, ctx, fmt::format("connection lost during {:?}", command));
  }
  if (status != 0) {
    while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
    if (err.empty()) err = out;
    while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
    return fail(ErrorKind::failed, ctx,
                fmt::format("{:?} failed (exit {}): {}", command, status, err));
  }
  return out;
}

Result<std::unique_ptr<Session>> open_session(const SshTarget& target, const Adapter& adapter) {
  if (adapter.session_kind() == SessionKind::shell) {
    auto s = ShellSession::open(target, adapter.shell_dialect());
    if (!s) return std::unexpected(s.error());
    return std::unique_ptr<Session>(std::move(*s));
  }
  auto s = ExecSession::open(target);
  if (!s) return std::unexpected(s.error());
  return std::unique_ptr<Session>(std::move(*s));
}

}  // namespace rocecfg::sw
