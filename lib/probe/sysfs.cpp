#include "probe/sysfs.h"

#include <charconv>

#include <fmt/format.h>

namespace rocecfg::probe {

std::string port_dir(const std::string& device, uint32_t port) {
  return fmt::format("/sys/class/infiniband/{}/ports/{}", device, port);
}

Result<double> port_rate_gbps(const host::FsRoot& fs, const std::string& device, uint32_t port) {
  auto text = fs.read(port_dir(device, port) + "/rate");
  if (!text) return std::unexpected(text.error());
  double v = 0;
  auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
  if (ec != std::errc() || std::string_view(ptr).find("Gb/sec") == std::string_view::npos)
    return fail(ErrorKind::invalid_input, port_dir(device, port) + "/rate",
                fmt::format("unexpected rate '{}'", *text));
  return v;
}

Result<std::string> port_state(const host::FsRoot& fs, const std::string& device, uint32_t port) {
  auto text = fs.read(port_dir(device, port) + "/state");
  if (!text) return std::unexpected(text.error());
  auto colon = text->find(": ");
  return colon == std::string::npos ? *text : text->substr(colon + 2);
}

}  // namespace rocecfg::probe
