#include "host/rdma_cm.h"

#include <sys/mount.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "host/netlink.h"

namespace rocecfg::host {

namespace {
constexpr const char* kConfigfs = "/sys/kernel/config";
constexpr const char* kRdmaCm = "/sys/kernel/config/rdma_cm";
}  // namespace

const char* roce_mode_configfs_text(model::RoceMode mode) {
  return mode == model::RoceMode::v2 ? "RoCE v2" : "IB/RoCE v1";
}

Status RdmaCmConfig::ensure_configfs() const {
  if (fs_.is_dir(kRdmaCm)) return {};
  // configfs is normally mounted by systemd; in minimal systems (initramfs,
  // containers) it is not. Only ever mount on the real root.
  if (fs_.is_real_root() && fs_.is_dir(kConfigfs) && fs_.list(kConfigfs).empty()) {
    if (::mount("configfs", kConfigfs, "configfs", 0, nullptr) < 0 && errno != EBUSY)
      return fail(errno == EPERM ? ErrorKind::permission : ErrorKind::failed, device_,
                  fmt::format("cannot mount configfs on {}: {}", kConfigfs, std::strerror(errno)));
  }
  if (fs_.is_dir(kRdmaCm)) return {};
  return fail(ErrorKind::unsupported, device_,
              fmt::format("{} is missing: load the rdma_cm module (modprobe rdma_cm)", kRdmaCm));
}

template <typename Fn>
auto RdmaCmConfig::with_device_dir(Fn&& fn) const -> decltype(fn(std::string())) {
  // The name becomes a path component: no '/', no "..".
  if (Status ok = validate_ifname(device_); !ok) return std::unexpected(ok.error());
  if (Status ok = ensure_configfs(); !ok) return std::unexpected(ok.error());
  std::string dir = fmt::format("{}/{}", kRdmaCm, device_);
  bool created = false;
  if (!fs_.is_dir(dir)) {
    if (Status made = fs_.make_dir(dir); !made) {
      Error e = made.error();
      if (e.kind == ErrorKind::not_found) e.message = "the kernel has no RDMA device of this name";
      if (e.kind == ErrorKind::permission)
        e.message = "rdma_cm defaults need root (configfs: mkdir " + dir + ")";
      e.context = device_;
      return std::unexpected(e);
    }
    created = true;
  }
  auto result = fn(dir);
  // The values live in the kernel's cma_device; removing the directory only
  // drops the configfs view (and lets the module unload).
  if (created) (void)fs_.remove_dir(dir);
  return result;
}

Result<uint8_t> RdmaCmConfig::read_tos() const {
  return with_device_dir([&](const std::string& dir) -> Result<uint8_t> {
    Result<std::string> text = fs_.read(fmt::format("{}/ports/{}/default_roce_tos", dir, port_));
    if (!text) return std::unexpected(text.error());
    Result<uint32_t> v = parse_u32(*text, device_ + " default_roce_tos");
    if (!v) return std::unexpected(v.error());
    if (*v > 255) return fail(device_, "default_roce_tos out of range: " + *text);
    return static_cast<uint8_t>(*v);
  });
}

Result<model::RoceMode> RdmaCmConfig::read_mode() const {
  return with_device_dir([&](const std::string& dir) -> Result<model::RoceMode> {
    Result<std::string> text = fs_.read(fmt::format("{}/ports/{}/default_roce_mode", dir, port_));
    if (!text) return std::unexpected(text.error());
    if (*text == "RoCE v2") return model::RoceMode::v2;
    if (*text == "IB/RoCE v1") return model::RoceMode::v1;
    return fail(device_, "unknown default_roce_mode '" + *text + "'");
  });
}

Status RdmaCmConfig::write_tos(uint8_t tos) const {
  return with_device_dir([&](const std::string& dir) -> Status {
    return fs_.write(fmt::format("{}/ports/{}/default_roce_tos", dir, port_), std::to_string(tos));
  });
}

Status RdmaCmConfig::write_mode(model::RoceMode mode) const {
  return with_device_dir([&](const std::string& dir) -> Status {
    Status ok = fs_.write(fmt::format("{}/ports/{}/default_roce_mode", dir, port_),
                          roce_mode_configfs_text(mode));
    if (!ok && ok.error().kind == ErrorKind::invalid_input)
      return fail(ErrorKind::unsupported, device_,
                  fmt::format("the device does not support {}", roce_mode_configfs_text(mode)));
    return ok;
  });
}

}  // namespace rocecfg::host
