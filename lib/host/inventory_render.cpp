#include "host/inventory_render.h"

#include <algorithm>
#include "model/path_mtu.h"

#include <fmt/format.h>

namespace rocecfg::host {

namespace {

const Netdev* find_netdev(const HostInventory& inv, const std::string& dev, int port) {
  for (const Netdev& n : inv.netdevs)
    if (n.rdma_device == dev && n.rdma_port == port) return &n;
  return nullptr;
}

std::string or_dash(const std::string& s) {
  return s.empty() ? "-" : s;
}

}  // namespace

std::string render_inventory_text(const HostInventory& inv) {
  if (inv.rdma_devices.empty()) return "no RDMA devices\n";
  struct Row {
    std::array<std::string, 7> cols;
    std::vector<std::string> gids;
  };
  std::vector<Row> rows;
  rows.push_back({{"DEVICE", "PORT", "STATE", "NETDEV", "DRIVER", "MTU", "ACTIVE_MTU"}, {}});
  for (const RdmaDevice& d : inv.rdma_devices)
    for (const RdmaPort& p : d.ports) {
      const Netdev* n = find_netdev(inv, d.name, p.port);
      Row r{{d.name, std::to_string(p.port), or_dash(p.state), or_dash(p.netdev), or_dash(d.driver),
             n && n->mtu_bytes ? std::to_string(n->mtu_bytes) : "-",
             p.active_mtu_bytes ? std::to_string(*p.active_mtu_bytes) : "-"},
            {}};
      for (const GidEntry& g : p.gids)
        if (g.type == "RoCE v2")
          r.gids.push_back(fmt::format("  gid {}  {}  {}{}", g.index, g.gid, g.type,
                                       g.ipv4_mapped() ? "  (IPv4)" : ""));
      if (n && n->mtu_bytes && model::roce_path_mtu_for(n->mtu_bytes) < model::kMaxRocePathMtuBytes)
        r.gids.push_back(fmt::format("  note: netdev MTU {} limits RoCE to path MTU {}",
                                     n->mtu_bytes, model::roce_path_mtu_for(n->mtu_bytes)));
      rows.push_back(std::move(r));
    }
  std::array<size_t, 7> width{};
  for (const Row& r : rows)
    for (size_t i = 0; i < 7; ++i) width[i] = std::max(width[i], r.cols[i].size());
  std::string out;
  for (const Row& r : rows) {
    std::string line;
    for (size_t i = 0; i < 7; ++i)
      line += i + 1 < 7 ? fmt::format("{:<{}}  ", r.cols[i], width[i]) : r.cols[i];
    out += line + "\n";
    for (const std::string& g : r.gids) out += g + "\n";
  }
  return out;
}

nlohmann::json inventory_json(const HostInventory& inv) {
  using nlohmann::json;
  json devices = json::array();
  for (const RdmaDevice& d : inv.rdma_devices) {
    json ports = json::array();
    for (const RdmaPort& p : d.ports) {
      json gids = json::array();
      for (const GidEntry& g : p.gids)
        gids.push_back(
            {{"index", g.index}, {"gid", g.gid}, {"type", g.type}, {"netdev", g.netdev}});
      const Netdev* n = find_netdev(inv, d.name, p.port);
      json port = {{"port", p.port},
                   {"state", p.state},
                   {"link_layer", p.link_layer},
                   {"netdev", p.netdev},
                   {"gids", gids},
                   {"active_mtu_bytes", p.active_mtu_bytes ? json(*p.active_mtu_bytes) : json()}};
      if (n) {
        port["netdev_mtu_bytes"] = n->mtu_bytes;
        port["netdev_driver"] = n->driver;
        port["pci_bdf"] = n->pci_bdf;
      }
      ports.push_back(port);
    }
    devices.push_back({{"name", d.name}, {"driver", d.driver}, {"ports", ports}});
  }
  return {{"rdma_devices", devices}};
}

}  // namespace rocecfg::host
