// Where a PCI function sits, from sysfs: /sys/bus/pci/devices/<bdf> links to
// /sys/devices/pci<domain:bus>/<root port>/<bridge>/.../<bdf>, so the path
// names the root complex (the host bridge "pci0000:17") and every bridge
// above the function (root port, PCIe switch upstream and downstream ports).
// Two functions' paths give their distance in the classes nvidia-smi topo -m
// and NCCL use (the legend nvidia-smi prints):
//   PIX  at most a single PCIe bridge (one switch: both behind its ports)
//   PXB  multiple PCIe bridges, without the host bridge
//   PHB  through a PCIe host bridge (the CPU's root complex)
//   NODE across host bridges of one NUMA node
//   SYS  across NUMA nodes (the inter-socket link, QPI/UPI/xGMI)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "host/fs_root.h"

namespace rocecfg::host {

struct PciFunction {
  std::string bdf;                   // "0000:1b:00.0"
  std::string root_complex;          // "pci0000:17"
  std::vector<std::string> bridges;  // above the function, root port first
  std::optional<int> numa_node;      // unset: -1 or unreadable (one node)
  std::string device_path;           // the resolved kernel path
};

Result<PciFunction> locate_pci(const FsRoot& fs, const std::string& bdf);

// "0000:1b:00.0" in sysfs's spelling.
bool is_pci_address(const std::string& s);
// The PCI function a netdev sits on: its device/ itself, or the nearest PCI
// function above it (a virtio NIC's device/ is "virtio2", under its PCI
// function); nullopt for a virtual netdev.
std::optional<std::string> pci_function_of(const FsRoot& fs, const std::string& ifname);

// NVIDIA GPUs: PCI functions of vendor 0x10de with class 0x03xxxx (display
// or 3D controller), sorted by address.
std::vector<std::string> find_gpus(const FsRoot& fs);

enum class PathClass { pix, pxb, phb, node, sys };
const char* to_string(PathClass c);  // "PIX", "PXB", ...
// "same PCIe switch", "same switch tree", "same root complex",
// "same socket, another root complex", "across sockets".
const char* describe(PathClass c);
PathClass path_class(const PciFunction& a, const PciFunction& b);

// The bridges peer-to-peer traffic between a and b passes: those below the
// deepest common one on either side, and that common one. Empty under PHB,
// NODE and SYS (the traffic goes through the root complex anyway).
std::vector<std::string> p2p_bridges(const PciFunction& a, const PciFunction& b);

}  // namespace rocecfg::host
