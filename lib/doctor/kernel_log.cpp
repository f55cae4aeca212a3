#include "doctor/kernel_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <deque>

#include <fmt/format.h>

#include "core/regular_file.h"

namespace rocecfg::doctor {

std::string kmsg_message(const std::string& record) {
  if (record.empty() || record[0] == ' ') return "";
  auto semi = record.find(';');
  // The prefix is digits and commas plus a flag character: anything else is plain text.
  if (semi == std::string::npos || record.find_first_not_of("0123456789,-+c") < semi) return record;
  return record.substr(semi + 1);
}

namespace {

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

Result<std::vector<std::string>> read_kernel_log(const std::string& path, size_t max_lines) {
  // /dev/kmsg is the one device read here; a saved dmesg is read like every
  // input file (regular, bounded: /dev/zero read until bad_alloc, a FIFO or
  // /dev/urandom forever).
  if (path != "/dev/kmsg") {
    Result<std::string> text = read_input_file(path);
    if (!text) return std::unexpected(text.error());
    std::deque<std::string> lines;
    std::string_view rest = *text;
    while (!rest.empty()) {
      size_t nl = rest.find('\n');
      if (std::string msg = kmsg_message(std::string(rest.substr(0, nl))); !msg.empty()) {
        lines.push_back(std::move(msg));
        if (lines.size() > max_lines) lines.pop_front();
      }
      rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    }
    return std::vector<std::string>(lines.begin(), lines.end());
  }
  Fd file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  int fd = file.fd;
  if (fd < 0)
    return fail(errno == EACCES || errno == EPERM ? ErrorKind::permission : ErrorKind::not_found,
                path, std::strerror(errno));
  std::deque<std::string> lines;
  std::string pending;
  char buf[8192];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    // EPIPE: records were overwritten while we read; the next read continues.
    if (n < 0 && errno == EPIPE) continue;
    if (n <= 0) break;  // EAGAIN (end of /dev/kmsg), EOF, or an error: stop
    pending.append(buf, static_cast<size_t>(n));
    size_t start = 0, nl;
    while ((nl = pending.find('\n', start)) != std::string::npos) {
      std::string msg = kmsg_message(pending.substr(start, nl - start));
      if (!msg.empty()) {
        lines.push_back(std::move(msg));
        if (lines.size() > max_lines) lines.pop_front();
      }
      start = nl + 1;
    }
    pending.erase(0, start);
  }
  if (std::string msg = kmsg_message(pending); !msg.empty()) lines.push_back(msg);
  return std::vector<std::string>(lines.begin(), lines.end());
}

}  // namespace rocecfg::doctor
