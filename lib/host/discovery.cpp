#include "host/discovery.h"

#include <infiniband/verbs.h>

#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "host/netlink.h"

namespace rocecfg::host {

namespace {

constexpr const char* kIbClass = "/sys/class/infiniband";
constexpr const char* kNetClass = "/sys/class/net";

std::string read_or_empty(const FsRoot& fs, const std::string& p) {
  Result<std::string> r = fs.read(p);
  return r ? *r : std::string();
}

bool all_zero_gid(const std::string& gid) {
  for (char c : gid)
    if (c != '0' && c != ':') return false;
  return true;
}

}  // namespace

std::optional<uint32_t> active_mtu(const FsRoot& fs, const std::string& dev, int port) {
  if (!fs.is_real_root()) return std::nullopt;
  struct ListDeleter {
    void operator()(ibv_device** l) const { ibv_free_device_list(l); }
  };
  struct CtxDeleter {
    void operator()(ibv_context* c) const { ibv_close_device(c); }
  };
  int n = 0;
  std::unique_ptr<ibv_device*, ListDeleter> list(ibv_get_device_list(&n));
  if (!list) return std::nullopt;
  for (int i = 0; i < n; ++i) {
    if (dev != ibv_get_device_name(list.get()[i])) continue;
    std::unique_ptr<ibv_context, CtxDeleter> ctx(ibv_open_device(list.get()[i]));
    if (!ctx) return std::nullopt;
    ibv_port_attr attr{};
    if (ibv_query_port(ctx.get(), static_cast<uint8_t>(port), &attr) != 0) return std::nullopt;
    return 128u << attr.active_mtu;  // IBV_MTU_256 = 1 ... IBV_MTU_4096 = 5
  }
  return std::nullopt;
}

void preload_verbs() {
  int n = 0;
  if (ibv_device** list = ibv_get_device_list(&n)) ibv_free_device_list(list);
}

namespace {

std::string rdma_driver(const FsRoot& fs, const std::string& dev) {
  std::string base = fmt::format("{}/{}", kIbClass, dev);
  if (Result<std::string> d = fs.link_basename(base + "/device/driver")) return *d;
  // Software devices have no bus device; rxe and siw expose their netdev as "parent".
  if (fs.exists(base + "/parent")) return dev.starts_with("siw") ? "siw" : "rdma_rxe";
  return {};
}

RdmaPort read_port(const FsRoot& fs, const std::string& dev, int port, bool query_verbs,
                   bool gid_tables) {
  std::string base = fmt::format("{}/{}/ports/{}", kIbClass, dev, port);
  RdmaPort p;
  p.port = port;
  p.state = read_or_empty(fs, base + "/state");
  if (auto colon = p.state.find(": "); colon != std::string::npos) p.state.erase(0, colon + 2);
  p.link_layer = read_or_empty(fs, base + "/link_layer");
  // Without the table, the netdev comes from the default GID (index 0, which
  // the kernel keeps for every RoCE port with a netdev): one read instead of
  // one per entry (rxe has 1024, mlx5 255 per port: 0.5 s under emulation).
  if (!gid_tables) p.netdev = read_or_empty(fs, base + "/gid_attrs/ndevs/0");
  for (const std::string& idx :
       p.netdev.empty() ? fs.list(base + "/gids") : std::vector<std::string>{}) {
    GidEntry g;
    Result<uint32_t> i = parse_u32(idx, "gid index");
    if (!i) continue;
    g.index = static_cast<int>(*i);
    g.gid = read_or_empty(fs, base + "/gids/" + idx);
    if (g.gid.empty() || all_zero_gid(g.gid)) continue;
    // Unused entries fail to read with EINVAL; the type file of a used one says the type.
    g.type = read_or_empty(fs, base + "/gid_attrs/types/" + idx);
    g.netdev = read_or_empty(fs, base + "/gid_attrs/ndevs/" + idx);
    if (p.netdev.empty() && !g.netdev.empty()) p.netdev = g.netdev;
    if (!gid_tables && !p.netdev.empty()) break;
    p.gids.push_back(std::move(g));
  }
  std::sort(p.gids.begin(), p.gids.end(),
            [](const GidEntry& a, const GidEntry& b) { return a.index < b.index; });
  if (p.netdev.empty()) p.netdev = read_or_empty(fs, fmt::format("{}/{}/parent", kIbClass, dev));
  if (query_verbs) p.active_mtu_bytes = active_mtu(fs, dev, port);
  return p;
}

}  // namespace

bool GidEntry::ipv4_mapped() const {
  return gid.starts_with("0000:0000:0000:0000:0000:ffff:");
}

Result<Netdev> describe_netdev(const FsRoot& fs, const std::string& ifname) {
  if (Status ok = validate_ifname(ifname); !ok) return std::unexpected(ok.error());
  std::string base = fmt::format("{}/{}", kNetClass, ifname);
  if (!fs.exists(base)) return fail(ErrorKind::not_found, ifname, "no such interface");
  Netdev n;
  n.name = ifname;
  if (Result<std::string> d = fs.link_basename(base + "/device/driver")) n.driver = *d;
  if (Result<std::string> b = fs.link_basename(base + "/device")) n.pci_bdf = *b;
  if (n.driver.empty()) {
    // Virtual netdevs have no device/: the link kind is in uevent as DEVTYPE (veth has none).
    std::string uevent = read_or_empty(fs, base + "/uevent");
    if (auto p = uevent.find("DEVTYPE="); p != std::string::npos)
      n.driver = uevent.substr(p + 8, uevent.find('\n', p) - p - 8);
  }
  if (Result<std::string> m = fs.read(base + "/mtu"))
    if (Result<uint32_t> v = parse_u32(*m, ifname + " mtu")) n.mtu_bytes = *v;
  return n;
}

HostInventory discover(const FsRoot& fs, bool query_verbs, bool gid_tables) {
  HostInventory inv;
  for (const std::string& dev : fs.list(kIbClass)) {
    RdmaDevice d;
    d.name = dev;
    d.driver = rdma_driver(fs, dev);
    for (const std::string& p : fs.list(fmt::format("{}/{}/ports", kIbClass, dev))) {
      Result<uint32_t> port = parse_u32(p, "port");
      if (port)
        d.ports.push_back(read_port(fs, dev, static_cast<int>(*port), query_verbs, gid_tables));
    }
    for (const RdmaPort& port : d.ports) {
      if (port.link_layer != "Ethernet" || port.netdev.empty()) continue;
      Result<Netdev> n = describe_netdev(fs, port.netdev);
      if (!n) continue;
      n->rdma_device = dev;
      n->rdma_port = port.port;
      inv.netdevs.push_back(*n);
    }
    inv.rdma_devices.push_back(std::move(d));
  }
  return inv;
}

}  // namespace rocecfg::host
