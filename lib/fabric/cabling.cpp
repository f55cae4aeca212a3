#include "fabric/cabling.h"

#include <fmt/format.h>

#include "core/printable.h"
#include "host/lldp_neighbors.h"
#include "probe/cabling.h"
#include "switch/fleet.h"

namespace rocecfg::fabric {
namespace {

// What one host said: its neighbours and device -> netdev map, or why not.
struct HostReading {
  std::vector<host::LldpPeer> peers;
  std::map<std::string, std::string> netdev_of;
  std::string error;  // empty: read
};

HostReading read_host(size_t e, bool need_netdev_map, const std::string& socket,
                      const HostCommand& run) {
  HostReading r;
  Result<std::string> out = run(e, lldp_neighbors_argv(socket));
  if (!out) {
    r.error = "LLDP neighbours not read: " + out.error().message;
    return r;
  }
  Result<std::vector<host::LldpPeer>> peers = host::parse_lldpcli_json(*out);
  if (!peers) {
    r.error = "LLDP neighbours not read: " + peers.error().to_string();
    return r;
  }
  r.peers = std::move(*peers);
  // A NIC without a stated netdev cannot be matched without the map; a host
  // whose map cannot be read says so per NIC (probe/cabling: netdev unknown).
  if (need_netdev_map)
    if (Result<std::string> map = run(e, netdev_map_argv())) r.netdev_of = parse_netdev_map(*map);
  return r;
}

// The endpoint of `nic` among the host's endpoints: by RDMA device, or the
// host's only endpoint.
std::optional<size_t> endpoint_of(const std::vector<size_t>& host_endpoints,
                                  const std::vector<FabricHost>& endpoints,
                                  const profile::NicEntry& nic) {
  if (host_endpoints.size() == 1) return host_endpoints.front();
  for (size_t e : host_endpoints)
    if (!nic.rdma_device.empty() && endpoints[e].rdma_device == nic.rdma_device) return e;
  return std::nullopt;
}

}  // namespace

std::vector<std::string> lldp_neighbors_argv(const std::string& socket) {
  std::vector<std::string> argv{"lldpcli"};
  if (!socket.empty()) argv.insert(argv.end(), {"-u", socket});
  argv.insert(argv.end(), {"show", "neighbors", "-f", "json"});
  return argv;
}

std::vector<std::string> netdev_map_argv() {
  // A glob that matches nothing stays literal; `-e` drops it.
  return {
      "sh", "-c",
      "for p in /sys/class/infiniband/*/device/net/*; do [ -e \"$p\" ] && echo \"$p\"; done; true"};
}

std::map<std::string, std::string> parse_netdev_map(std::string_view text) {
  std::map<std::string, std::string> map;
  constexpr std::string_view prefix = "/sys/class/infiniband/";
  size_t at = 0;
  while (at < text.size()) {
    size_t nl = text.find('\n', at);
    std::string_view line = text.substr(at, nl == std::string_view::npos ? text.npos : nl - at);
    at = nl == std::string_view::npos ? text.size() : nl + 1;
    if (!line.starts_with(prefix)) continue;
    line.remove_prefix(prefix.size());
    size_t slash = line.find('/');
    if (slash == line.npos || line.substr(slash).find("/device/net/") != 0) continue;
    std::string_view netdev = line.substr(slash + std::string_view("/device/net/").size());
    std::string_view device = line.substr(0, slash);
    if (netdev.empty() || netdev.find_first_of("/*") != netdev.npos ||
        device.find('*') != device.npos)
      continue;
    map.emplace(std::string(device), std::string(netdev));
  }
  return map;
}

FabricCabling check_fabric_cabling(const std::vector<FabricHost>& endpoints,
                                   const profile::Inventory& inventory, const std::string& socket,
                                   const HostCommand& run, size_t parallel) {
  // Hosts in run order, each with its endpoints and the cabled NICs of it
  // that take part in the run.
  struct HostNics {
    std::string name;
    std::vector<size_t> endpoints;
    std::vector<std::pair<profile::NicEntry, size_t>> nics;  // with its endpoint
  };
  std::vector<HostNics> hosts;
  std::map<std::string, size_t> index;
  for (size_t e = 0; e < endpoints.size(); ++e) {
    auto [it, fresh] = index.emplace(endpoints[e].host, hosts.size());
    if (fresh) hosts.push_back({endpoints[e].host, {}, {}});
    hosts[it->second].endpoints.push_back(e);
  }
  FabricCabling out;
  for (HostNics& h : hosts) {
    const profile::HostEntry* entry = inventory.find_host(h.name);
    if (!entry) continue;
    for (const profile::NicEntry& nic : entry->nics)
      if (nic.switch_port)
        if (std::optional<size_t> e = endpoint_of(h.endpoints, endpoints, nic))
          h.nics.emplace_back(nic, *e);
    out.declared += h.nics.size();
  }
  std::erase_if(hosts, [](const HostNics& h) { return h.nics.empty(); });

  std::vector<HostReading> readings(hosts.size());
  sw::run_fleet(
      hosts.size(), static_cast<int>(std::max<size_t>(parallel, 1)),
      [&](size_t i) {
        bool need_map = false;
        for (const auto& [nic, e] : hosts[i].nics) need_map = need_map || nic.netdev.empty();
        readings[i] = read_host(hosts[i].endpoints.front(), need_map, socket, run);
      },
      [&](size_t i, const std::string& what) { readings[i].error = what; });

  for (size_t i = 0; i < hosts.size(); ++i) {
    const HostNics& h = hosts[i];
    const HostReading& r = readings[i];
    if (!r.error.empty()) {
      out.unknown.push_back(
          fmt::format("{}: {} NIC(s) not checked: {}", h.name, h.nics.size(), printable(r.error)));
      continue;
    }
    for (const auto& [nic, e] : h.nics) {
      probe::CablingCheck c = probe::check_cabling(h.name, {nic}, r.peers, r.netdev_of);
      out.checked += c.checked;
      out.unknown.insert(out.unknown.end(), c.unknown.begin(), c.unknown.end());
      for (std::string& why : c.miscabled)
        out.findings.push_back({FindingKind::cabling, {e}, {}, std::move(why), h.name, nic.rail});
    }
  }
  return out;
}

}  // namespace rocecfg::fabric
