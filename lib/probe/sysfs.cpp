#include "probe/sysfs.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace rocecfg::probe {

std::string Sysfs::path(const std::string& rel) const {
  if (root_.empty() || root_ == "/") return "/" + rel;
  return root_ + (root_.back() == '/' ? "" : "/") + rel;
}

Result<std::string> Sysfs::read(const std::string& rel) const {
  const std::string p = path(rel);
  std::ifstream in(p);
  if (!in) return fail(ErrorKind::not_found, p, "cannot open");
  std::stringstream ss;
  ss << in.rdbuf();
  // sysfs attributes that the driver refuses (e.g. the type of an unused GID
  // slot) fail on read, not on open
  if (in.bad()) return fail(p, "read failed");
  std::string s = ss.str();
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

Result<uint64_t> Sysfs::read_u64(const std::string& rel) const {
  auto text = read(rel);
  if (!text) return std::unexpected(text.error());
  uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
  if (ec != std::errc() || ptr != text->data() + text->size() || text->empty())
    return fail(ErrorKind::invalid_input, path(rel),
                fmt::format("not an unsigned counter: '{}'", *text));
  return v;
}

Result<std::vector<std::string>> Sysfs::list(const std::string& rel) const {
  const std::string p = path(rel);
  std::error_code ec;
  std::vector<std::string> names;
  for (std::filesystem::directory_iterator it(p, ec), end; !ec && it != end; it.increment(ec))
    names.push_back(it->path().filename().string());
  if (ec) return fail(ErrorKind::not_found, p, ec.message());
  std::sort(names.begin(), names.end());
  return names;
}

bool Sysfs::exists(const std::string& rel) const {
  std::error_code ec;
  return std::filesystem::exists(path(rel), ec);
}

std::string port_dir(const std::string& device, uint32_t port) {
  return fmt::format("sys/class/infiniband/{}/ports/{}", device, port);
}

Result<double> port_rate_gbps(const Sysfs& fs, const std::string& device, uint32_t port) {
  auto text = fs.read(port_dir(device, port) + "/rate");
  if (!text) return std::unexpected(text.error());
  double v = 0;
  auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
  if (ec != std::errc() || std::string_view(ptr).find("Gb/sec") == std::string_view::npos)
    return fail(ErrorKind::invalid_input, fs.path(port_dir(device, port) + "/rate"),
                fmt::format("unexpected rate '{}'", *text));
  return v;
}

Result<std::string> port_state(const Sysfs& fs, const std::string& device, uint32_t port) {
  auto text = fs.read(port_dir(device, port) + "/state");
  if (!text) return std::unexpected(text.error());
  auto colon = text->find(": ");
  return colon == std::string::npos ? *text : text->substr(colon + 2);
}

}  // namespace rocecfg::probe
