#include "core/atomic_file.h"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace rocecfg {

namespace {

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

std::string random_suffix() {
  uint64_t r = 0;
  if (::getrandom(&r, sizeof r, GRND_NONBLOCK) != static_cast<ssize_t>(sizeof r))
    r = static_cast<uint64_t>(::getpid()) * 0x9E3779B97F4A7C15ull ^
        static_cast<uint64_t>(::time(nullptr));
  return fmt::format("{:016x}", r);
}

std::unexpected<Error> os_fail(const std::string& context, const char* what, int err) {
  return fail(err == EACCES || err == EPERM ? ErrorKind::permission : ErrorKind::failed, context,
              fmt::format("{}: {}", what, std::strerror(err)));
}

}  // namespace

Status write_file_atomically(const std::string& dir, const std::string& name,
                             std::string_view contents, mode_t mode) {
  if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..")
    return fail(ErrorKind::invalid_input, name, "must be a plain file name");
  Fd dirfd{::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
  if (dirfd.fd < 0) return os_fail(dir, "cannot open directory", errno);

  std::string tmp;
  Fd file;
  for (int attempt = 0; attempt < 8 && file.fd < 0; ++attempt) {
    // A leading dot and a .tmp suffix: node_exporter reads only *.prom.
    tmp = fmt::format(".{}.{}.tmp", name, random_suffix());
    file.fd =
        ::openat(dirfd.fd, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (file.fd < 0 && errno != EEXIST) return os_fail(dir, "cannot create file", errno);
  }
  if (file.fd < 0) return fail(dir, "cannot create file: every temporary name was taken");

  auto abandon = [&](const char* what, int err) {
    ::unlinkat(dirfd.fd, tmp.c_str(), 0);
    return os_fail(dir + "/" + name, what, err);
  };
  if (::fchmod(file.fd, mode) != 0) return abandon("chmod", errno);  // umask may have narrowed it
  size_t done = 0;
  while (done < contents.size()) {
    ssize_t n = ::write(file.fd, contents.data() + done, contents.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return abandon("write", errno);
    done += static_cast<size_t>(n);
  }
  if (::fsync(file.fd) != 0) return abandon("fsync", errno);
  if (::close(file.fd) != 0) {
    file.fd = -1;
    return abandon("close", errno);
  }
  file.fd = -1;
  if (::renameat(dirfd.fd, tmp.c_str(), dirfd.fd, name.c_str()) != 0)
    return abandon("rename", errno);
  ::fsync(dirfd.fd);  // the rename itself survives a crash
  return {};
}

Status write_path_atomically(const std::string& path, std::string_view contents, mode_t mode) {
  std::filesystem::path p(path);
  return write_file_atomically(p.has_parent_path() ? p.parent_path().string() : ".",
                               p.filename().string(), contents, mode);
}

}  // namespace rocecfg
