#include "host/pcie_topology.h"

#include <algorithm>

#include <fmt/format.h>

namespace rocecfg::host {

bool is_pci_address(const std::string& s) {
  if (s.size() != 12 || s[4] != ':' || s[7] != ':' || s[10] != '.') return false;
  for (size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u, 11u})
    if (!std::isxdigit(static_cast<unsigned char>(s[i]))) return false;
  return true;
}

std::optional<std::string> pci_function_of(const FsRoot& fs, const std::string& ifname) {
  Result<std::string> dev = fs.resolve("/sys/class/net/" + ifname + "/device");
  if (!dev) return std::nullopt;
  // The last path component that is a PCI address.
  std::optional<std::string> found;
  for (size_t at = 0; at < dev->size();) {
    size_t end = dev->find('/', at);
    if (end == std::string::npos) end = dev->size();
    std::string part = dev->substr(at, end - at);
    if (is_pci_address(part)) found = part;
    at = end + 1;
  }
  return found;
}

namespace {

size_t common_bridges(const PciFunction& a, const PciFunction& b) {
  if (a.root_complex != b.root_complex) return 0;
  size_t n = 0;
  while (n < a.bridges.size() && n < b.bridges.size() && a.bridges[n] == b.bridges[n]) ++n;
  return n;
}

}  // namespace

Result<PciFunction> locate_pci(const FsRoot& fs, const std::string& bdf) {
  if (!is_pci_address(bdf)) return fail(ErrorKind::invalid_input, bdf, "not a PCI address");
  const std::string link = "/sys/bus/pci/devices/" + bdf;
  Result<std::string> real = fs.resolve(link);
  if (!real) return std::unexpected(real.error());
  PciFunction f;
  f.bdf = bdf;
  f.device_path = *real;
  // /sys/devices/pci0000:17/0000:17:00.0/0000:18:00.0/0000:1b:00.0
  std::vector<std::string> parts;
  for (size_t at = 0; at < real->size();) {
    size_t end = real->find('/', at);
    if (end == std::string::npos) end = real->size();
    if (end > at) parts.push_back(real->substr(at, end - at));
    at = end + 1;
  }
  auto rc = std::find_if(parts.begin(), parts.end(),
                         [](const std::string& p) { return p.starts_with("pci"); });
  if (rc == parts.end() || parts.back() != bdf)
    return fail(ErrorKind::failed, link,
                fmt::format("resolves to {}, not a PCI device under a host bridge", *real));
  f.root_complex = *rc;
  for (auto it = rc + 1; it + 1 < parts.end(); ++it)
    if (is_pci_address(*it)) f.bridges.push_back(*it);
  if (Result<std::string> node = fs.read(link + "/numa_node"); node && *node != "-1")
    if (Result<uint32_t> n = parse_u32(*node, link + "/numa_node"))
      f.numa_node = static_cast<int>(*n);
  return f;
}

std::vector<std::string> find_gpus(const FsRoot& fs) {
  std::vector<std::string> out;
  for (const std::string& bdf : fs.list("/sys/bus/pci/devices")) {
    const std::string d = "/sys/bus/pci/devices/" + bdf;
    Result<std::string> vendor = fs.read(d + "/vendor");
    Result<std::string> cls = fs.read(d + "/class");
    if (vendor && cls && *vendor == "0x10de" && cls->starts_with("0x03")) out.push_back(bdf);
  }
  return out;
}

const char* to_string(PathClass c) {
  switch (c) {
    case PathClass::pix:
      return "PIX";
    case PathClass::pxb:
      return "PXB";
    case PathClass::phb:
      return "PHB";
    case PathClass::node:
      return "NODE";
    case PathClass::sys:
      return "SYS";
  }
  return "?";
}

const char* describe(PathClass c) {
  switch (c) {
    case PathClass::pix:
      return "same PCIe switch";
    case PathClass::pxb:
      return "same switch tree, several bridges";
    case PathClass::phb:
      return "same root complex, through the host bridge";
    case PathClass::node:
      return "same socket, another root complex";
    case PathClass::sys:
      return "across sockets";
  }
  return "?";
}

PathClass path_class(const PciFunction& a, const PciFunction& b) {
  if (a.root_complex != b.root_complex) {
    if (a.numa_node && b.numa_node && *a.numa_node != *b.numa_node) return PathClass::sys;
    return PathClass::node;
  }
  const size_t common = common_bridges(a, b);
  if (common == 0) return PathClass::phb;
  // Below the deepest shared bridge each side passes at most one more (a
  // switch's downstream port): one switch, the "single bridge" of PIX.
  if (a.bridges.size() - common <= 1 && b.bridges.size() - common <= 1) return PathClass::pix;
  return PathClass::pxb;
}

std::vector<std::string> p2p_bridges(const PciFunction& a, const PciFunction& b) {
  const size_t common = common_bridges(a, b);
  if (common == 0) return {};
  std::vector<std::string> out{a.bridges[common - 1]};
  for (size_t i = common; i < a.bridges.size(); ++i) out.push_back(a.bridges[i]);
  for (size_t i = common; i < b.bridges.size(); ++i) out.push_back(b.bridges[i]);
  return out;
}

}  // namespace rocecfg::host
