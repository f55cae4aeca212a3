#include "workload/library_settings.h"

#include <algorithm>

#include <fmt/format.h>

namespace rocecfg::workload {

using profile::CommLibrary;

std::vector<Hca> select_hcas(const host::HostInventory& inv, const profile::WorkloadIntent& w,
                             std::vector<std::string>* missing) {
  if (!w.hca.empty()) return select_hcas(inv, w.hca, missing);
  std::vector<Hca> out;
  for (const host::RdmaDevice& d : inv.rdma_devices)
    for (const host::RdmaPort& p : d.ports)
      if (p.link_layer == "Ethernet") out.push_back({d.name, p.port, p.netdev, p.gids});
  return out;
}

std::vector<Hca> select_hcas(const host::HostInventory& inv, const std::vector<std::string>& wanted,
                             std::vector<std::string>* missing) {
  std::vector<Hca> out;
  for (const std::string& want : wanted) {
    size_t colon = want.find(':');
    std::string dev = want.substr(0, colon);
    int port = colon == std::string::npos ? 0 : std::stoi(want.substr(colon + 1));
    bool found = false;
    for (const host::RdmaDevice& d : inv.rdma_devices)
      for (const host::RdmaPort& p : d.ports)
        if (d.name == dev && (port == 0 || p.port == port)) {
          out.push_back({d.name, p.port, p.netdev, p.gids});
          found = true;
        }
    if (!found && missing) missing->push_back(want);
  }
  return out;
}

Hca declared_hca(const std::string& name, const std::string& netdev) {
  size_t colon = name.find(':');
  int port = colon == std::string::npos ? 1 : std::stoi(name.substr(colon + 1));
  return Hca{name.substr(0, colon), port, netdev, {}, /*seen=*/false};
}

namespace {

std::string hca_list(const std::vector<Hca>& hcas) {
  std::string out;
  for (const Hca& h : hcas) out += (out.empty() ? "" : ",") + h.name();
  return out;
}

}  // namespace

std::vector<Setting> library_settings(const profile::WorkloadIntent& w,
                                      const std::vector<Hca>& hcas) {
  std::vector<Setting> out;
  if (!w.traffic_class) return out;
  uint8_t tc = *w.traffic_class;
  std::string from =
      fmt::format("{} ({}) from {}", tc, profile::describe_tos(tc), w.traffic_class_from);
  std::string family = w.gid_family == profile::GidFamily::ipv6 ? "AF_INET6" : "AF_INET";
  if (w.manages(CommLibrary::nccl)) {
    auto add = [&](std::string k, std::string v, std::string why) {
      out.push_back({CommLibrary::nccl, std::move(k), std::move(v), std::move(why)});
    };
    add("NCCL_IB_TC", std::to_string(tc), "traffic class " + from + "; NCCL's default is 0");
    if (w.service_level)
      add("NCCL_IB_SL", std::to_string(*w.service_level), "service level = VLAN priority");
    add("NCCL_IB_ADDR_FAMILY", family, "GID auto-selection: address family");
    add("NCCL_IB_ROCE_VERSION_NUM", std::to_string(w.roce_version),
        "GID auto-selection: RoCE version");
    if (!hcas.empty())
      add("NCCL_IB_HCA", "=" + hca_list(hcas), "exact device names ('=': no prefix matching)");
    if (!w.socket_ifname.empty())
      add("NCCL_SOCKET_IFNAME", w.socket_ifname, "bootstrap and socket interfaces");
  }
  if (w.manages(CommLibrary::ucx)) {
    auto add = [&](std::string k, std::string v, std::string why) {
      out.push_back({CommLibrary::ucx, std::move(k), std::move(v), std::move(why)});
    };
    add("UCX_IB_TRAFFIC_CLASS", std::to_string(tc), "traffic class " + from);
    if (w.service_level)
      add("UCX_IB_SL", std::to_string(*w.service_level), "service level = VLAN priority");
    if (!hcas.empty()) add("UCX_NET_DEVICES", hca_list(hcas), "RoCE ports to use");
  }
  if (w.manages(CommLibrary::hccl)) {
    auto add = [&](std::string k, std::string v, std::string why) {
      out.push_back({CommLibrary::hccl, std::move(k), std::move(v), std::move(why)});
    };
    uint8_t hccl_tc = static_cast<uint8_t>(tc & ~3);
    add("HCCL_RDMA_TC", std::to_string(hccl_tc),
        fmt::format("DSCP {} x 4 (HCCL takes no ECN bits); HCCL's default 132 is DSCP 33",
                    tc >> 2));
    if (w.service_level)
      add("HCCL_RDMA_SL", std::to_string(*w.service_level), "priority of the RoCE traffic");
    if (!w.socket_ifname.empty())
      add("HCCL_SOCKET_IFNAME", w.socket_ifname, "bootstrap interfaces");
  }
  return out;
}

namespace {
bool family_matches(const host::GidEntry& g, profile::GidFamily f) {
  bool v4 = g.ipv4_mapped();
  return f == profile::GidFamily::ipv4 ? v4 : !v4 && g.gid.rfind("fe80", 0) != 0;
}
std::string want_type(const profile::WorkloadIntent& w) {
  return w.roce_version == 2 ? "RoCE v2" : "IB/RoCE v1";
}
}  // namespace

const host::GidEntry* expected_gid(const Hca& hca, const profile::WorkloadIntent& w) {
  const host::GidEntry* best = nullptr;
  for (const host::GidEntry& g : hca.gids)
    if (g.type == want_type(w) && family_matches(g, w.gid_family)) return &g;
  return best;
}

std::string gid_problem(const Hca& hca, const profile::WorkloadIntent& w, int index) {
  const host::GidEntry* g = nullptr;
  for (const host::GidEntry& e : hca.gids)
    if (e.index == index) g = &e;
  std::string family = w.gid_family == profile::GidFamily::ipv6 ? "IPv6" : "IPv4";
  if (!g) return fmt::format("{} has no GID at index {}", hca.name(), index);
  if (g->type != want_type(w) || !family_matches(*g, w.gid_family)) {
    const host::GidEntry* right = expected_gid(hca, w);
    return fmt::format("GID {} on {} is {} {}, not the {} {} entry the profile asks for{}", index,
                       hca.name(), g->type, g->ipv4_mapped() ? "IPv4" : "IPv6", want_type(w),
                       family, right ? fmt::format(" (that is index {})", right->index) : "");
  }
  return "";
}

void add_workload_knobs(const profile::WorkloadIntent& w, const std::vector<Setting>& settings,
                        model::Settings& host_intent) {
  if (!w.declared) return;
  for (const Setting& s : settings) {
    auto& file = s.library == CommLibrary::nccl  ? host_intent.nccl_conf
                 : s.library == CommLibrary::ucx ? host_intent.ucx_conf
                                                 : host_intent.job_env;
    if (!file) file.emplace();
    (*file)[s.key] = s.value;
  }
  if (w.device_traffic_class && w.traffic_class) host_intent.device_traffic_class = w.traffic_class;
}

}  // namespace rocecfg::workload
