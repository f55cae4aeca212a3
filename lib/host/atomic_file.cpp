#include "host/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>

#include <fmt/format.h>

namespace rocecfg::host {

namespace {

struct Fd {
  int fd = -1;
  explicit Fd(int f) : fd(f) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

std::unexpected<Error> sys_error(const std::string& path, const std::string& what) {
  ErrorKind kind = errno == EACCES || errno == EPERM ? ErrorKind::permission
                   : errno == ENOENT                 ? ErrorKind::not_found
                                                     : ErrorKind::failed;
  return fail(kind, path, fmt::format("{}: {}", what, std::strerror(errno)));
}

std::pair<std::string, std::string> split_path(const std::string& abs) {
  size_t slash = abs.rfind('/');
  if (slash == std::string::npos) return {".", abs};
  return {slash == 0 ? "/" : abs.substr(0, slash), abs.substr(slash + 1)};
}

}  // namespace

Result<std::optional<std::string>> read_config_file(const FsRoot& fs, const std::string& path) {
  std::string abs = fs.path(path);
  int fd = ::open(abs.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    if (errno == ENOENT) return std::optional<std::string>();
    if (errno == ELOOP)
      return fail(ErrorKind::failed, path, "is a symbolic link; rocecfg will not follow it");
    return sys_error(path, "cannot open");
  }
  Fd f(fd);
  struct stat st {};
  if (::fstat(fd, &st) < 0) return sys_error(path, "cannot stat");
  if (!S_ISREG(st.st_mode)) return fail(ErrorKind::failed, path, "is not a regular file");
  std::string out;
  char buf[8192];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return sys_error(path, "cannot read");
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
    if (out.size() > (1u << 20)) return fail(ErrorKind::failed, path, "is larger than 1 MiB");
  }
  return std::optional<std::string>(std::move(out));
}

Status replace_config_file(const FsRoot& fs, const std::string& path, const std::string& content) {
  auto [dir, name] = split_path(fs.path(path));
  if (::mkdir(dir.c_str(), 0755) < 0 && errno != EEXIST)
    return sys_error(path, "cannot create " + dir);
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dfd < 0) return sys_error(path, "cannot open directory " + dir);
  Fd d(dfd);
  struct stat dst {};
  if (::fstat(dfd, &dst) < 0) return sys_error(path, "cannot stat " + dir);
  // A directory others may write lets them swap the file between our checks.
  if ((dst.st_mode & (S_IWGRP | S_IWOTH)) && !(dst.st_mode & S_ISVTX))
    return fail(
        ErrorKind::permission, path,
        fmt::format("directory {} is writable by group or others; refusing to write there", dir));
  mode_t mode = 0644;
  struct stat old {};
  bool had_old = ::fstatat(dfd, name.c_str(), &old, AT_SYMLINK_NOFOLLOW) == 0;
  if (had_old) {
    if (S_ISLNK(old.st_mode))
      return fail(ErrorKind::failed, path, "is a symbolic link; rocecfg will not write through it");
    if (!S_ISREG(old.st_mode)) return fail(ErrorKind::failed, path, "is not a regular file");
    mode = old.st_mode & 07777;
  }
  std::minstd_rand rng(static_cast<unsigned>(::getpid()) ^ static_cast<unsigned>(::time(nullptr)));
  std::string tmp;
  int fd = -1;
  for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
    tmp = fmt::format(".{}.rocecfg-{:08x}", name, static_cast<unsigned>(rng()));
    fd = ::openat(dfd, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) return sys_error(path, "cannot create a temporary file");
  }
  if (fd < 0) return sys_error(path, "cannot create a temporary file");
  Fd f(fd);
  auto abandon = [&](const std::string& what) {
    auto e = sys_error(path, what);
    ::unlinkat(dfd, tmp.c_str(), 0);
    return e;
  };
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return abandon("cannot write");
    done += static_cast<size_t>(n);
  }
  if (::fchmod(fd, mode) < 0) return abandon("cannot set the mode");
  if (had_old && ::fchown(fd, old.st_uid, old.st_gid) < 0 && errno != EPERM)
    return abandon("cannot set the owner");
  if (::fsync(fd) < 0) return abandon("cannot fsync");
  if (::renameat(dfd, tmp.c_str(), dfd, name.c_str()) < 0) return abandon("cannot rename");
  (void)::fsync(dfd);
  return {};
}

Status remove_config_file(const FsRoot& fs, const std::string& path) {
  if (::unlink(fs.path(path).c_str()) < 0 && errno != ENOENT)
    return sys_error(path, "cannot remove");
  return {};
}

}  // namespace rocecfg::host
