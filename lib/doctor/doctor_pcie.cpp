#include "doctor/doctor_pcie.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "host/nvidia_smi_topo.h"
#include "host/pcie_config.h"
#include "host/pcie_topology.h"

namespace rocecfg::doctor {

namespace {

Finding pcie(Severity s, std::string seen, std::string why = {}, std::string fix = {}) {
  return Finding{"pcie", s, std::move(seen), std::move(why), std::move(fix)};
}

void check_read_request(const host::FsRoot& fs, const host::Netdev& n, std::vector<Finding>& out) {
  Result<std::string> cfg =
      fs.read_bytes("/sys/bus/pci/devices/" + n.pci_bdf + "/config", host::kPcieConfigBytes);
  host::PcieConfig c = cfg ? host::parse_pcie_config(*cfg) : host::PcieConfig{};
  if (c.max_read_request_bytes)
    out.push_back(pcie(Severity::info,
                       fmt::format("{} ({}): MaxReadReq {} bytes, MaxPayload {} bytes", n.name,
                                   n.pci_bdf, *c.max_read_request_bytes, *c.max_payload_bytes)));
  else
    out.push_back(pcie(Severity::info,
                       fmt::format("{} ({}): MaxReadReq unknown ({})", n.name, n.pci_bdf,
                                   !cfg                ? cfg.error().to_string()
                                   : cfg->size() < 256 ? "the PCI Express capability is beyond "
                                                         "the config bytes readable here; run as "
                                                         "root"
                                                       : "no PCI Express capability: a "
                                                         "conventional PCI function")));
}

void check_stalls(const host::Netdev& n,
                  const std::function<Result<probe::CounterMap>(const std::string&)>& stats,
                  std::vector<Finding>& out) {
  if (!stats) return;
  Result<probe::CounterMap> c = stats(n.name);
  if (!c) return;
  std::vector<std::string> stalled;
  bool present = false;
  for (const auto& [key, v] : *c)
    if (key.find("outbound_pci_stalled") != std::string::npos) {
      present = true;
      if (v > 0) stalled.push_back(fmt::format("{}={}", key, v));
    }
  if (!stalled.empty())
    out.push_back(pcie(Severity::warning,
                       fmt::format("{}: PCIe stalls since the driver loaded: {}", n.name,
                                   fmt::join(stalled, ", ")),
                       "the NIC waited for PCIe credits to read or write host memory: the PCIe "
                       "path, not the network, limited it (a narrow link, a busy switch, "
                       "MaxReadReq, IOMMU)",
                       "check the link and MaxReadReq above; watch whether the counters rise "
                       "under load (`ethtool -S " +
                           n.name + " | grep pci_stalled`)"));
  else if (present)
    out.push_back(
        pcie(Severity::ok, fmt::format("{}: no PCIe stalls (outbound_pci_stalled_*)", n.name)));
}

void check_acs(const host::FsRoot& fs, const host::Netdev& n, const host::PciFunction& nic,
               const host::PciFunction& gpu, std::vector<Finding>& out) {
  std::vector<std::string> unknown, redirecting;
  for (const std::string& bdf : host::p2p_bridges(nic, gpu)) {
    Result<std::string> cfg =
        fs.read_bytes("/sys/bus/pci/devices/" + bdf + "/config", host::kPcieConfigBytes);
    host::PcieConfig c = cfg ? host::parse_pcie_config(*cfg) : host::PcieConfig{};
    if (!c.extended_read)
      unknown.push_back(bdf);
    else if (c.acs_control && host::acs_redirects_p2p(*c.acs_control))
      redirecting.push_back(
          fmt::format("{} (ACSCtl {})", bdf, host::acs_control_text(*c.acs_control)));
  }
  for (const std::string& r : redirecting)
    out.push_back(pcie(Severity::problem,
                       fmt::format("{}: ACS redirects peer-to-peer on bridge {} between the NIC "
                                   "and GPU {}",
                                   n.name, r, gpu.bdf),
                       "with P2P Request/Completion Redirect on, GPUDirect RDMA traffic is sent "
                       "up to the root complex instead of across the switch: far slower, or "
                       "blocked by the IOMMU (NVIDIA GPUDirect RDMA docs: disable ACS on bare "
                       "metal)",
                       "disable ACS in the BIOS (\"PCIe ACS\"/\"IOMMU ACS\"), or at boot `setpci "
                       "-s BRIDGE ECAP_ACS+0x6.w=0000` for each bridge; keep it on only where "
                       "VMs need the isolation"));
  if (!unknown.empty())
    out.push_back(pcie(Severity::info,
                       fmt::format("{}: ACS unknown on {} (the extended config space needs root)",
                                   n.name, fmt::join(unknown, ", "))));
  else if (redirecting.empty() && !host::p2p_bridges(nic, gpu).empty())
    out.push_back(pcie(Severity::ok, fmt::format("{}: no ACS redirect between the NIC and GPU {}",
                                                 n.name, gpu.bdf)));
}

std::string numa_text(const std::optional<int>& n) {
  return n ? std::to_string(*n) : std::string("-");
}

}  // namespace

void check_pcie_placement(
    const host::FsRoot& fs, const std::vector<host::Netdev>& nics,
    const std::function<Result<probe::CounterMap>(const std::string& ifname)>& ethtool_stats,
    const std::optional<std::string>& nvidia_smi_topo, std::vector<Finding>& out) {
  std::optional<host::TopoMatrix> topo;
  if (nvidia_smi_topo) {
    Result<host::TopoMatrix> m = host::parse_nvidia_smi_topo(*nvidia_smi_topo);
    if (m)
      topo = *m;
    else
      out.push_back(pcie(Severity::info, "nvidia-smi topo -m not read: " + m.error().to_string()));
  }
  std::vector<host::PciFunction> gpus;
  for (const std::string& bdf : host::find_gpus(fs))
    if (Result<host::PciFunction> g = host::locate_pci(fs, bdf)) gpus.push_back(*g);
  bool any_pci = false;
  for (const host::Netdev& named : nics) {
    // Its PCI function: a virtio NIC's device/ is "virtio2", under one.
    std::optional<std::string> bdf = host::is_pci_address(named.pci_bdf)
                                         ? std::optional<std::string>(named.pci_bdf)
                                         : host::pci_function_of(fs, named.name);
    if (!bdf) continue;  // virtual: no PCIe
    host::Netdev n = named;
    n.pci_bdf = *bdf;
    any_pci = true;
    check_read_request(fs, n, out);
    check_stalls(n, ethtool_stats, out);
    if (gpus.empty()) continue;
    Result<host::PciFunction> nic = host::locate_pci(fs, n.pci_bdf);
    if (!nic) {
      out.push_back(pcie(Severity::info, fmt::format("{}: PCI location unreadable: {}", n.name,
                                                     nic.error().to_string())));
      continue;
    }
    const host::PciFunction* best = &gpus.front();
    for (const host::PciFunction& g : gpus)
      if (host::path_class(*nic, g) < host::path_class(*nic, *best)) best = &g;
    const host::PathClass cls = host::path_class(*nic, *best);
    const std::string seen =
        fmt::format("{} ({}, NUMA {}): nearest GPU {} (NUMA {}) is {} ({})", n.name, n.pci_bdf,
                    numa_text(nic->numa_node), best->bdf, numa_text(best->numa_node),
                    host::to_string(cls), host::describe(cls));
    if (cls == host::PathClass::pix || cls == host::PathClass::pxb)
      out.push_back(pcie(Severity::ok, seen));
    else
      out.push_back(pcie(
          cls == host::PathClass::sys ? Severity::problem : Severity::warning, seen,
          cls == host::PathClass::sys
              ? "GPUDirect RDMA across sockets crosses the inter-socket link; NCCL turns it "
                "off beyond PXB by default (src/graph/paths.cc ncclTopoCheckGdr, "
                "NCCL_NET_GDR_LEVEL) and stages through host memory: this rail is the slow one "
                "in every collective"
              : "no GPU shares a PCIe switch with this NIC: NCCL turns GPUDirect RDMA off beyond "
                "PXB by default (src/graph/paths.cc ncclTopoCheckGdr, NCCL_NET_GDR_LEVEL) and "
                "stages through host memory",
          "put each rail's NIC in a slot behind its GPU's PCIe switch (the server's "
          "block diagram), or pair the job's ranks with the NIC nearest to their GPU "
          "(NCCL_IB_HCA / the rails in the inventory)"));
    check_acs(fs, n, *nic, *best, out);
    if (!topo || n.rdma_device.empty()) continue;
    if (std::optional<host::TopoNearest> t = host::nearest_gpu(*topo, n.rdma_device)) {
      const bool same = t->path_class == host::to_string(cls);
      out.push_back(pcie(
          same ? Severity::info : Severity::warning,
          fmt::format("{}: nvidia-smi topo -m puts {} {} to {}{}", n.name, n.rdma_device,
                      t->path_class, t->gpu,
                      same ? ", as sysfs does" : fmt::format("; sysfs says {}", to_string(cls))),
          same ? ""
               : "the driver's view and the PCI tree disagree: a hidden or virtual PCIe "
                 "switch, or a GPU the driver does not see",
          same ? "" : "compare with `lspci -tv` and `nvidia-smi -q | grep -i bus`"));
    }
  }
  if (any_pci && gpus.empty())
    out.push_back(pcie(Severity::info,
                       "no NVIDIA GPU on this host (no PCI function of vendor 0x10de, class "
                       "0x03): NIC-GPU placement not judged"));
}

}  // namespace rocecfg::doctor
