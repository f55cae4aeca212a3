#include "host/fs_root.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace rocecfg::host {

namespace {

ErrorKind kind_of(int err) {
  switch (err) {
    case EACCES:
    case EPERM:
      return ErrorKind::permission;
    case ENOENT:
      return ErrorKind::not_found;
    case EOPNOTSUPP:
      return ErrorKind::unsupported;
    case EINVAL:
    case ERANGE:
      return ErrorKind::invalid_input;
    default:
      return ErrorKind::failed;
  }
}

std::unexpected<Error> errno_fail(const std::string& what, int err) {
  return fail(kind_of(err), what, std::strerror(err));
}

}  // namespace

FsRoot::FsRoot(std::string root) : root_(root.empty() ? std::string(1, '/') : std::move(root)) {
  while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
}

std::string FsRoot::path(const std::string& kernel_path) const {
  if (root_ == "/") return kernel_path;
  return root_ + kernel_path;
}

bool FsRoot::exists(const std::string& kernel_path) const {
  struct stat st;
  return ::stat(path(kernel_path).c_str(), &st) == 0;
}

bool FsRoot::is_dir(const std::string& kernel_path) const {
  struct stat st;
  return ::stat(path(kernel_path).c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

Result<std::string> FsRoot::read(const std::string& kernel_path) const {
  Result<std::string> out = read_bytes(kernel_path, SIZE_MAX);
  if (out && !out->empty() && out->back() == '\n') out->pop_back();
  return out;
}

Status FsRoot::write(const std::string& kernel_path, const std::string& value) const {
  // No O_CREAT: writing a knob that does not exist must fail, not create a
  // file. O_TRUNC is what a shell's `echo 1 > knob` passes; the pseudo
  // filesystems ignore it and regular files in test trees need it.
  int fd = ::open(path(kernel_path).c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) return errno_fail(kernel_path, errno);
  ssize_t n = ::write(fd, value.data(), value.size());
  int err = errno;
  if (::close(fd) < 0 && n >= 0) return errno_fail(kernel_path, errno);
  if (n < 0) return errno_fail(kernel_path, err);
  if (static_cast<size_t>(n) != value.size()) return fail(kernel_path, "short write");
  return {};
}

std::vector<std::string> FsRoot::list(const std::string& kernel_path) const {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(path(kernel_path), ec))
    names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

Result<std::string> FsRoot::link_basename(const std::string& kernel_path) const {
  std::error_code ec;
  std::filesystem::path target = std::filesystem::read_symlink(path(kernel_path), ec);
  if (ec) return errno_fail(kernel_path, ec.value());
  return target.filename().string();
}

Result<std::string> FsRoot::read_bytes(const std::string& kernel_path, size_t max_bytes) const {
  // read(2) rather than iostreams: sysfs/debugfs files report errors (EPERM
  // on a 0600 debugfs file, EIO from firmware) that streams would swallow.
  int fd = ::open(path(kernel_path).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno_fail(kernel_path, errno);
  std::string out;
  char buf[4096];
  while (out.size() < max_bytes) {
    ssize_t n = ::read(fd, buf, std::min(sizeof buf, max_bytes - out.size()));
    if (n < 0) {
      int err = errno;
      ::close(fd);
      return errno_fail(kernel_path, err);
    }
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return out;
}

Result<std::string> FsRoot::resolve(const std::string& kernel_path) const {
  std::error_code ec;
  std::filesystem::path real = std::filesystem::canonical(path(kernel_path), ec);
  if (ec) return errno_fail(kernel_path, ec.value());
  std::string s = real.string();
  if (root_ == "/") return s;
  // The tree's own root may itself sit behind a symlink (/tmp on some systems).
  std::string base = std::filesystem::canonical(root_, ec).string();
  if (ec || !s.starts_with(base + "/"))
    return fail(ErrorKind::failed, kernel_path, "resolves outside the filesystem root");
  return s.substr(base.size());
}

Status FsRoot::make_dir(const std::string& kernel_path) const {
  if (::mkdir(path(kernel_path).c_str(), 0755) < 0) return errno_fail(kernel_path, errno);
  return {};
}

Status FsRoot::remove_dir(const std::string& kernel_path) const {
  if (::rmdir(path(kernel_path).c_str()) < 0) return errno_fail(kernel_path, errno);
  return {};
}

Result<uint32_t> parse_u32(const std::string& text, const std::string& context) {
  std::string_view s = text;
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n')) s.remove_suffix(1);
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  }
  uint32_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size())
    return fail(ErrorKind::invalid_input, context, "not an unsigned 32-bit number: '" + text + "'");
  return v;
}

Result<uint64_t> read_u64(const FsRoot& fs, const std::string& kernel_path) {
  auto text = fs.read(kernel_path);
  if (!text) return std::unexpected(text.error());
  uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
  if (ec != std::errc() || ptr != text->data() + text->size() || text->empty())
    return fail(ErrorKind::invalid_input, kernel_path,
                fmt::format("not an unsigned counter: '{}'", *text));
  return v;
}

}  // namespace rocecfg::host
