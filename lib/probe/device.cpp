#include "probe/device.h"

#include <net/if.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <mutex>

#include <fmt/format.h>

namespace rocecfg::probe {
namespace {

struct DeviceList {
  ibv_device** list = nullptr;
  int n = 0;
  DeviceList() { list = ibv_get_device_list(&n); }
  ~DeviceList() {
    if (list) ibv_free_device_list(list);
  }
  DeviceList(const DeviceList&) = delete;
  DeviceList& operator=(const DeviceList&) = delete;
};

// Open devices by name. Weak: the device closes when its last holder lets go,
// so a process that probes once does not keep a context it no longer needs.
std::mutex g_mu;
std::map<std::string, std::weak_ptr<Device>> g_open;

const char* gid_type_name(uint32_t type) {
  // sysfs's gid_attrs/types names: IB and RoCE v1 share one.
  return type == IBV_GID_TYPE_ROCE_V2 ? "RoCE v2" : "IB/RoCE v1";
}

std::string gid_sysfs_text(const uint8_t* raw) {
  std::string s;
  for (int i = 0; i < 16; i += 2)
    s += fmt::format("{}{:02x}{:02x}", i ? ":" : "", raw[i], raw[i + 1]);
  return s;
}

}  // namespace

std::vector<std::string> list_devices() {
  DeviceList dl;
  std::vector<std::string> out;
  for (int i = 0; dl.list && i < dl.n; ++i) out.emplace_back(ibv_get_device_name(dl.list[i]));
  return out;
}

Result<std::shared_ptr<Device>> Device::open(const std::string& name) {
  std::lock_guard lock(g_mu);
  if (!name.empty())
    if (auto it = g_open.find(name); it != g_open.end())
      if (auto d = it->second.lock()) return d;
  DeviceList dl;
  if (!dl.list || dl.n == 0)
    return fail(ErrorKind::not_found, "rdma",
                "no RDMA devices (is a driver such as rdma_rxe loaded?)");
  ibv_device* dev = nullptr;
  std::string names;
  for (int i = 0; i < dl.n; ++i) {
    std::string n = ibv_get_device_name(dl.list[i]);
    names += (names.empty() ? "" : ", ") + n;
    if (name.empty() ? i == 0 : n == name) dev = dl.list[i];
  }
  if (!dev)
    return fail(ErrorKind::not_found, name,
                fmt::format("no such RDMA device (present: {})", names));
  std::shared_ptr<Device> d(new Device);
  d->name_ = ibv_get_device_name(dev);
  if (auto it = g_open.find(d->name_); it != g_open.end())
    if (auto open = it->second.lock()) return open;
  d->ctx_ = ibv_open_device(dev);
  if (!d->ctx_) return fail(d->name_, fmt::format("cannot open device: {}", std::strerror(errno)));
  if (ibv_query_device(d->ctx_, &d->attr_) != 0)
    return fail(d->name_, fmt::format("query device: {}", std::strerror(errno)));
  g_open[d->name_] = d;
  return d;
}

std::shared_ptr<Device> Device::find(const std::string& name) {
  std::lock_guard lock(g_mu);
  auto it = g_open.find(name);
  return it == g_open.end() ? nullptr : it->second.lock();
}

Device::~Device() {
  if (ctx_) ibv_close_device(ctx_);
}

Result<std::vector<GidEntry>> Device::gid_table(uint32_t port) const {
  ibv_port_attr pattr{};
  if (ibv_query_port(ctx_, static_cast<uint8_t>(port), &pattr) != 0)
    return fail(ErrorKind::not_found, name_,
                fmt::format("no GID table for port {}: {}", port, std::strerror(errno)));
  // The whole device's table (all ports); at most gid_tbl_len entries per port.
  const size_t max = static_cast<size_t>(pattr.gid_tbl_len) * attr_.phys_port_cnt;
  std::vector<ibv_gid_entry> raw(std::max<size_t>(max, 1));
  ssize_t n = ibv_query_gid_table(ctx_, raw.data(), raw.size(), 0);
  if (n < 0)
    return fail(name_, fmt::format("query GID table of port {}: {}", port,
                                   std::strerror(static_cast<int>(-n))));
  std::vector<GidEntry> out;
  for (ssize_t i = 0; i < n; ++i) {
    const ibv_gid_entry& e = raw[static_cast<size_t>(i)];
    if (e.port_num != port) continue;
    GidEntry g;
    g.index = e.gid_index;
    std::memcpy(g.gid.data(), e.gid.raw, 16);
    g.text = gid_sysfs_text(e.gid.raw);
    g.type = gid_type_name(e.gid_type);
    char ifname[IF_NAMESIZE] = {};
    if (e.ndev_ifindex && if_indextoname(e.ndev_ifindex, ifname)) g.netdev = ifname;
    out.push_back(std::move(g));
  }
  std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.index < b.index; });
  return out;
}

}  // namespace rocecfg::probe
