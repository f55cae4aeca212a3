#include "core/lock_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>

#include <fmt/format.h>

#include "core/stop_signal.h"

namespace rocecfg {

namespace {

std::string holder_of(int fd) {
  char buf[32] = {};
  ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string pid = n > 0 ? std::string(buf, static_cast<size_t>(n)) : "";
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  return pid.find_first_not_of("0123456789") == std::string::npos && !pid.empty()
             ? fmt::format("another rocecfg apply (pid {})", pid)
             : std::string("another rocecfg apply");
}

}  // namespace

Result<LockFile> LockFile::acquire(const std::string& path, int wait_ms, const std::string& what) {
  std::filesystem::path p(path);
  std::string dir = p.parent_path().string();
  if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
    return fail(ErrorKind::failed, dir, fmt::format("cannot create: {}", std::strerror(errno)));
  int dirfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dirfd < 0)
    return fail(errno == EACCES ? ErrorKind::permission : ErrorKind::failed, dir,
                fmt::format("cannot open the lock directory: {}", std::strerror(errno)));
  int fd = ::openat(dirfd, p.filename().c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  int open_errno = errno;
  ::close(dirfd);
  if (fd < 0)
    return fail(open_errno == EACCES ? ErrorKind::permission : ErrorKind::failed, path,
                fmt::format("cannot open the apply lock: {}", std::strerror(open_errno)));
  LockFile lock(fd);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK && errno != EINTR)
      return fail(ErrorKind::failed, path, fmt::format("flock: {}", std::strerror(errno)));
    if (int signal = stop_signal_received())
      return fail(ErrorKind::failed, path,
                  fmt::format("stopped by {} while waiting for {}; changed nothing",
                              signal_name(signal), what));
    if (std::chrono::steady_clock::now() >= deadline)
      return fail(ErrorKind::timeout, path,
                  fmt::format("{} holds {}; waited {} s, changed nothing "
                              "(retry when it is done, or raise --lock-wait)",
                              holder_of(fd), what, wait_ms / 1000.0));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::string pid = fmt::format("{}\n", ::getpid());
  if (::ftruncate(fd, 0) == 0) (void)!::pwrite(fd, pid.data(), pid.size(), 0);
  return lock;
}

LockFile::~LockFile() {
  if (fd_ < 0) return;
  (void)!::ftruncate(fd_, 0);
  ::close(fd_);  // releases the flock
}

}  // namespace rocecfg
