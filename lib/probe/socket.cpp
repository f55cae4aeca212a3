#include "probe/socket.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include <fmt/format.h>

namespace rocecfg::probe {
namespace {

std::string errno_text(int e) {
  return std::strerror(e);
}

// Waits for `events` on fd until the deadline: 1 ready, 0 timed out, -1 error.
int wait_for(int fd, short events, Deadline deadline) {
  for (;;) {
    pollfd p{fd, events, 0};
    int rc = ::poll(&p, 1, ms_left(deadline));
    if (rc < 0 && errno == EINTR) continue;
    if (rc <= 0) return rc;
    return 1;
  }
}

// Reads exactly n bytes; `got` tells how many arrived before an error.
Status read_exact(int fd, uint8_t* out, size_t n, Deadline deadline, const char* waiting_for,
                  size_t& got) {
  got = 0;
  while (got < n) {
    int w = wait_for(fd, POLLIN, deadline);
    if (w == 0)
      return fail(ErrorKind::timeout, "",
                  fmt::format("timed out waiting for {} from peer", waiting_for));
    if (w < 0) return fail("", fmt::format("poll: {}", errno_text(errno)));
    ssize_t rc = ::recv(fd, out + got, n - got, 0);
    if (rc < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return fail("",
                  fmt::format("receive while waiting for {}: {}", waiting_for, errno_text(errno)));
    }
    if (rc == 0) {
      if (got == 0)
        return fail("", fmt::format("peer closed the connection (waiting for {})", waiting_for));
      return fail(
          ErrorKind::invalid_input, "",
          fmt::format("truncated {}: peer closed after {} of {} bytes", waiting_for, got, n));
    }
    got += static_cast<size_t>(rc);
  }
  return {};
}

}  // namespace

int ms_left(Deadline d) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(d - Clock::now()).count();
  return left < 0 ? 0 : static_cast<int>(std::min<long long>(left, 1 << 30));
}

Fd& Fd::operator=(Fd&& o) noexcept {
  if (this != &o) {
    reset();
    fd_ = std::exchange(o.fd_, -1);
  }
  return *this;
}

Fd::~Fd() {
  reset();
}

void Fd::reset() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

Result<Fd> connect_tcp(const std::string& host, uint16_t port, Deadline deadline,
                       const std::string& bind_ip, int tos) {
  const std::string where = fmt::format("{}:{}", host, port);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  int gai = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &res);
  if (gai != 0) return fail(ErrorKind::not_found, where, ::gai_strerror(gai));
  std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> owner(res, ::freeaddrinfo);
  std::string last = "no address";
  for (addrinfo* ai = res; ai; ai = ai->ai_next) {
    Fd fd(::socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    if (!fd.valid()) {
      last = errno_text(errno);
      continue;
    }
    int one = 1;
    ::setsockopt(fd.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (tos >= 0 && ai->ai_family == AF_INET)
      ::setsockopt(fd.get(), IPPROTO_IP, IP_TOS, &tos, sizeof tos);
    if (!bind_ip.empty()) {
      sockaddr_in src{};
      src.sin_family = AF_INET;
      if (ai->ai_family != AF_INET || ::inet_pton(AF_INET, bind_ip.c_str(), &src.sin_addr) != 1)
        return fail(ErrorKind::invalid_input, where, "source address " + bind_ip + " is not IPv4");
      if (::bind(fd.get(), reinterpret_cast<sockaddr*>(&src), sizeof src) != 0)
        return fail(where, fmt::format("bind to {}: {}", bind_ip, errno_text(errno)));
    }
    if (::connect(fd.get(), ai->ai_addr, ai->ai_addrlen) != 0 && errno != EINPROGRESS) {
      last = errno_text(errno);
      continue;
    }
    int w = wait_for(fd.get(), POLLOUT, deadline);
    if (w == 0)
      return fail(ErrorKind::timeout, where, "connect timed out (is the server running?)");
    int err = 0;
    socklen_t len = sizeof err;
    ::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &err, &len);
    if (w < 0 || err != 0) {
      last = errno_text(w < 0 ? errno : err);
      continue;
    }
    return fd;
  }
  return fail(where, "connect: " + last);
}

Result<Fd> listen_tcp(const std::string& bind_ip, uint16_t port) {
  const std::string where = fmt::format("{}:{}", bind_ip.empty() ? "0.0.0.0" : bind_ip, port);
  Fd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!fd.valid()) return fail(where, "socket: " + errno_text(errno));
  int one = 1;
  ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  if (bind_ip.empty()) {
    a.sin_addr.s_addr = htonl(INADDR_ANY);
  } else if (::inet_pton(AF_INET, bind_ip.c_str(), &a.sin_addr) != 1) {
    return fail(ErrorKind::invalid_input, where, "not an IPv4 address");
  }
  if (::bind(fd.get(), reinterpret_cast<sockaddr*>(&a), sizeof a) != 0)
    return fail(where, "bind: " + errno_text(errno));
  if (::listen(fd.get(), 64) != 0) return fail(where, "listen: " + errno_text(errno));
  return fd;
}

uint16_t local_port(const Fd& fd) {
  sockaddr_in a{};
  socklen_t len = sizeof a;
  if (::getsockname(fd.get(), reinterpret_cast<sockaddr*>(&a), &len) != 0) return 0;
  return ntohs(a.sin_port);
}

Status send_frame(int fd, wire::Type type, const std::vector<uint8_t>& payload, Deadline deadline) {
  std::vector<uint8_t> buf = wire::encode_frame(type, payload);
  size_t sent = 0;
  while (sent < buf.size()) {
    int w = wait_for(fd, POLLOUT, deadline);
    if (w == 0)
      return fail(ErrorKind::timeout, "",
                  fmt::format("peer did not accept our {} message within the timeout",
                              wire::to_string(type)));
    if (w < 0) return fail("", "poll: " + errno_text(errno));
    ssize_t rc = ::send(fd, buf.data() + sent, buf.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (rc < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return fail("", fmt::format("send {}: {}", wire::to_string(type), errno_text(errno)));
    }
    sent += static_cast<size_t>(rc);
  }
  return {};
}

Result<wire::Frame> recv_frame(int fd, Deadline deadline, const char* waiting_for) {
  uint8_t header[wire::kHeaderBytes];
  size_t got = 0;
  if (auto st = read_exact(fd, header, sizeof header, deadline, waiting_for, got); !st)
    return std::unexpected(st.error());
  auto h = wire::decode_header(header, sizeof header);
  if (!h) return std::unexpected(h.error());
  wire::Frame f{h->type, std::vector<uint8_t>(h->payload_bytes)};
  if (h->payload_bytes > 0) {
    if (auto st = read_exact(fd, f.payload.data(), f.payload.size(), deadline,
                             wire::to_string(h->type), got);
        !st) {
      Error e = st.error();
      if (e.kind != ErrorKind::timeout)
        e.message = fmt::format("truncated {} message: peer closed after {} of {} payload bytes",
                                wire::to_string(h->type), got, f.payload.size());
      return std::unexpected(e);
    }
  }
  return f;
}

Result<wire::Frame> expect_frame(int fd, wire::Type type, Deadline deadline) {
  auto f = recv_frame(fd, deadline, wire::to_string(type));
  if (!f) return f;
  if (f->type == wire::Type::error) {
    auto text = wire::decode_text(f->payload);
    return fail("peer", text ? *text : "sent an unreadable error message");
  }
  if (f->type != type)
    return fail(ErrorKind::invalid_input, "",
                fmt::format("unexpected {} message from peer while waiting for {}",
                            wire::to_string(f->type), wire::to_string(type)));
  return f;
}

bool readable_now(int fd) {
  pollfd p{fd, POLLIN, 0};
  return ::poll(&p, 1, 0) > 0;
}

void send_error(int fd, const std::string& message) {
  (void)send_frame(fd, wire::Type::error, wire::encode_text(message), deadline_in(200));
}

}  // namespace rocecfg::probe
