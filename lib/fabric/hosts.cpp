#include "fabric/hosts.h"

#include <fmt/format.h>

namespace rocecfg::fabric {

sw::SshTarget host_ssh_target(const profile::HostEntry& h) {
  sw::SshTarget t;
  t.name = h.name;
  t.host = h.address;
  t.port = h.ssh_port;
  t.user = h.user;
  t.identity_file = h.identity_file;
  t.known_hosts = h.known_hosts;
  t.connect_timeout_ms = h.connect_timeout_ms;
  t.command_timeout_ms = h.command_timeout_ms;
  return t;
}

namespace {
// The host's endpoints, one per NIC; `qualify` names them HOST:DEVICE (or
// HOST:rR for a NIC whose device is found on the host).
void add_endpoints(const profile::HostEntry& h, bool qualify, std::vector<FabricHost>& out) {
  for (const profile::NicEntry& nic : h.nics) {
    FabricHost f;
    f.host = h.name;
    f.rail = nic.rail;
    f.name = !qualify                  ? h.name
             : nic.rdma_device.empty() ? fmt::format("{}:r{}", h.name, nic.rail)
                                       : fmt::format("{}:{}", h.name, nic.rdma_device);
    f.ssh = host_ssh_target(h);
    f.probe_address = nic.probe_address;
    f.probe_port = h.probe_port;
    f.rdma_device = nic.rdma_device;
    f.slurm_node = h.slurm_node;
    out.push_back(std::move(f));
  }
}
}  // namespace

Result<std::vector<FabricHost>> resolve_hosts(const std::vector<std::string>& names,
                                              const profile::Inventory* inventory) {
  std::vector<FabricHost> out;
  std::vector<const profile::HostEntry*> chosen;
  if (names.empty()) {
    if (!inventory || inventory->hosts.empty())
      return fail(ErrorKind::invalid_input, "fabric",
                  "no hosts: give --hosts EXPR or an inventory with [[host]] entries");
    for (const profile::HostEntry& h : inventory->hosts) chosen.push_back(&h);
  } else if (inventory) {
    std::vector<std::string> missing;
    for (const std::string& n : names) {
      if (const profile::HostEntry* h = inventory->find_host(n)) {
        chosen.push_back(h);
        continue;
      }
      // A Slurm node name ($SLURM_JOB_NODELIST) stands for every [[host]] on
      // that node (slurm_node), each with all its rails.
      size_t before = chosen.size();
      for (const profile::HostEntry& e : inventory->hosts)
        if (e.slurm_node == n) chosen.push_back(&e);
      if (chosen.size() == before) missing.push_back(n);
    }
    if (!missing.empty()) {
      std::string list;
      for (size_t i = 0; i < missing.size() && i < 10; ++i) list += (i ? ", " : "") + missing[i];
      if (missing.size() > 10) list += fmt::format(" (and {} more)", missing.size() - 10);
      return fail(ErrorKind::invalid_input, inventory->path,
                  fmt::format("{} host(s) not in the inventory: {}", missing.size(), list));
    }
  } else {
    for (const std::string& n : names) {
      FabricHost f;
      f.name = n;
      f.host = n;
      f.ssh.name = n;
      f.ssh.host = n;
      f.probe_address = n;
      out.push_back(std::move(f));
    }
  }
  bool qualify = false;
  for (const profile::HostEntry* h : chosen) qualify |= h->nics.size() > 1;
  for (const profile::HostEntry* h : chosen) add_endpoints(*h, qualify, out);
  for (const FabricHost& h : out)
    if (h.probe_address.empty())
      return fail(ErrorKind::invalid_input, h.name, "no address or probe_address to probe");
  return out;
}

std::vector<std::string> host_names(const std::vector<FabricHost>& hosts) {
  std::vector<std::string> out;
  for (const FabricHost& h : hosts) out.push_back(h.name);
  return out;
}

}  // namespace rocecfg::fabric
