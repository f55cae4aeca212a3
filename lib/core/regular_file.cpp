#include "core/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace rocecfg {

namespace {

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

std::string size_text(size_t bytes) {
  return bytes % (1024 * 1024) == 0 ? fmt::format("{} MiB", bytes / (1024 * 1024))
                                    : fmt::format("{} bytes", bytes);
}

// "no such file or directory": strerror in the lower case of our messages.
std::string os_error(int err) {
  std::string text = std::strerror(err);
  if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

}  // namespace

Result<std::string> read_regular_file(const std::string& path, size_t max_bytes) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  Fd f{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)};
  if (f.fd < 0) {
    int err = errno;
    return fail(err == ENOENT   ? ErrorKind::not_found
                : err == EACCES ? ErrorKind::permission
                                : ErrorKind::failed,
                path, os_error(err));
  }
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) return fail(path, os_error(errno));
  if (S_ISDIR(st.st_mode))
    return fail(ErrorKind::invalid_input, path, "is a directory, not a file");
  if (!S_ISREG(st.st_mode))
    return fail(ErrorKind::invalid_input, path,
                "is not a regular file (a FIFO, device or socket); only regular files are read");
  if (static_cast<uint64_t>(st.st_size) > max_bytes)
    return fail(ErrorKind::invalid_input, path,
                fmt::format("is {} bytes; the limit for this file is {}", st.st_size,
                            size_text(max_bytes)));
  // Read past the size fstat gave until EOF or one byte over the limit: the
  // size may be stale (a file still growing, or one reporting 0).
  std::string text;
  text.reserve(static_cast<size_t>(st.st_size));
  char buffer[65536];
  while (text.size() <= max_bytes) {
    ssize_t n = ::read(f.fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(path, os_error(errno));
    if (n == 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  if (text.size() > max_bytes)
    return fail(ErrorKind::invalid_input, path,
                fmt::format("is larger than {}, the limit for this file", size_text(max_bytes)));
  return text;
}

}  // namespace rocecfg
