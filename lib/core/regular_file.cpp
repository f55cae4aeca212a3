#include "core/regular_file.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>

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

// What a file that is not regular is, for the message.
std::string_view kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a file";
}

// Kernel pseudo-file systems whose files are "regular" with st_size 0 or
// 4096 but are generated on read: the environment, memory, kernel state.
std::string_view pseudo_file_system(int fd) {
  struct statfs fs {};
  if (::fstatfs(fd, &fs) != 0) return {};
  switch (static_cast<unsigned long>(fs.f_type)) {
    case PROC_SUPER_MAGIC:
      return "/proc";
    case SYSFS_MAGIC:
      return "/sys";
    case DEBUGFS_MAGIC:
      return "debugfs";
    case TRACEFS_MAGIC:
      return "tracefs";
    case SECURITYFS_MAGIC:
      return "securityfs";
    case CGROUP_SUPER_MAGIC:
    case CGROUP2_SUPER_MAGIC:
      return "cgroup";
    case BPF_FS_MAGIC:
      return "bpffs";
    default:
      return {};
  }
}

// The invoking user's uid and gid when we run as root on someone's behalf.
struct Invoker {
  uid_t uid;
  std::optional<gid_t> gid;
};

std::optional<Invoker> invoker() {
  if (::geteuid() != 0) return std::nullopt;  // we read with their own rights
  const char* uid_text = std::getenv("SUDO_UID");
  if (!uid_text) uid_text = std::getenv("PKEXEC_UID");
  if (!uid_text) return std::nullopt;  // root itself
  Invoker who{static_cast<uid_t>(std::strtoul(uid_text, nullptr, 10)), std::nullopt};
  if (const char* gid_text = std::getenv("SUDO_GID"))
    who.gid = static_cast<gid_t>(std::strtoul(gid_text, nullptr, 10));
  return who;
}

// Whether `who` has the permission bits `user`/`group`/`other` of `st`
// (supplementary groups are unknown: not counted, the safe side).
bool permits(const Invoker& who, const struct stat& st, mode_t user, mode_t group, mode_t other) {
  if (st.st_uid == who.uid) return st.st_mode & user;
  if (who.gid && st.st_gid == *who.gid) return st.st_mode & group;
  return st.st_mode & other;
}

// Every directory from the root down to `path`'s parent is searchable by
// `who`, and `path` itself readable.
bool chain_readable(const Invoker& who, const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;
  if (!permits(who, st, S_IRUSR, S_IRGRP, S_IROTH)) return false;
  for (std::filesystem::path dir = path.parent_path();; dir = dir.parent_path()) {
    if (::stat(dir.c_str(), &st) != 0 || !permits(who, st, S_IXUSR, S_IXGRP, S_IXOTH)) return false;
    if (dir == dir.root_path() || dir.empty() || dir == dir.parent_path()) return true;
  }
}

}  // namespace

bool invoker_can_read(const std::string& path) {
  std::optional<Invoker> who = invoker();
  if (!who) return true;
  std::error_code ec;
  std::filesystem::path given = std::filesystem::absolute(path, ec);
  if (ec) return false;
  // The path as given (its directories must be searchable, links and all)
  // and the file it resolves to (whose directories must be searchable too).
  std::filesystem::path resolved = std::filesystem::canonical(given, ec);
  if (ec) return false;
  return chain_readable(*who, given.lexically_normal()) && chain_readable(*who, resolved);
}

Result<std::string> read_input_file(const std::string& path) {
  if (!invoker_can_read(path)) {
    std::optional<Invoker> who = invoker();
    return fail(ErrorKind::permission, path,
                fmt::format("is not readable by the user who ran rocecfg through sudo (uid "
                            "{}); refused",
                            who ? who->uid : 0));
  }
  return read_regular_file(path, kMaxInputFileBytes);
}

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
                fmt::format("is not a regular file ({}); only regular files are read",
                            kind_of(st.st_mode)));
  if (std::string_view fs = pseudo_file_system(f.fd); !fs.empty())
    return fail(
        ErrorKind::invalid_input, path,
        fmt::format("is a {} file (generated by the kernel, not a saved file); refused", fs));
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
