// Which switches and hosts a fleet command talks to. Credentials are
// references (key file, agent, or the NAME of an environment variable holding
// a password), never secrets.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rocecfg::profile {

struct SwitchEntry {
  std::string name;     // [A-Za-z0-9._-]+, used in logs and reports
  std::string address;  // host name or IP
  uint16_t port = 22;
  std::string vendor;                   // cumulus | sonic | eos | nxos | huawei-ce | h3c
  std::vector<std::string> interfaces;  // vendor-native names or ranges: "swp1-32", "Ethernet1/1-4"
  std::string user;
  std::string identity_file;  // empty: ssh-agent
  std::string password_env;   // name of an environment variable; never the password
  std::string known_hosts;    // empty: ~/.ssh/known_hosts
  uint32_t connect_timeout_ms = 5000;
  uint32_t command_timeout_ms = 30000;
  // Where command forms differ by model or release (Huawei CE families):
  // "CE8855", "V300R023C00". Empty: read from the switch before rendering.
  std::string model;
  std::string release;
  // EOS: the queue keyword its ports take, "tx-queue" or "uc-tx-queue"
  // (split unicast/multicast queues). Empty: read from the switch.
  std::string queues;
};

// A switch port a host's NIC is cabled to ("leaf1:swp1" in the inventory).
struct SwitchPort {
  std::string switch_name;
  std::string port;  // one vendor interface name
  bool operator==(const SwitchPort&) const = default;
};

// One RoCE NIC of a host. GPU nodes carry 4-8, each cabled to its own leaf
// ("rail-optimized": NIC i of every node is on rail i); rails are separate
// networks, so probes pair NICs of the same rail.
struct NicEntry {
  std::string rdma_device;    // "mlx5_0"; empty: the host's first device (single-NIC form)
  std::string netdev;         // "ens1f0np0"; empty: not stated
  std::string probe_address;  // where its probe server listens
  uint32_t rail = 0;
  std::optional<SwitchPort> switch_port;  // the leaf port it is cabled to
  bool operator==(const NicEntry&) const = default;
};

// How a [[host]] declares its NICs (inventory.md, "Hosts and rails").
enum class NicSource {
  single,     // rdma_device / probe_address / switch_ports: one NIC on rail 0
  listed,     // [[host.nic]] entries
  template_,  // rails = R with [host.nic_template]: one NIC per rail
  rule,       // nic_rule = "ethernet": every RDMA device with an Ethernet port,
              // rail by PCI order; `rails` is how many the host must have
};

struct HostEntry {
  std::string name;
  std::string address;
  std::vector<std::string> interfaces;  // netdev names; empty: discover
  std::string probe_peer;  // another [[host]]'s name: where `rocecfg gate` sends its short probe
  // rocecfg fabric: how to reach the host (SSH, with [defaults] user,
  // identity_file and known_hosts unless set here) and its probe endpoint.
  uint16_t ssh_port = 22;
  std::string user, identity_file, known_hosts;
  uint32_t connect_timeout_ms = 5000;  // [defaults] or the host's own, as for a switch
  uint32_t command_timeout_ms = 30000;
  uint16_t probe_port = 18600;
  // fabric --transport srun: the Slurm node the host is (all its rails);
  // empty: the host's name.
  std::string slurm_node;
  NicSource nic_source = NicSource::single;
  // The NICs the host must have, in rail order: their count is part of the
  // intent (a host with fewer is a finding, not a smaller test). By rule,
  // each entry's rdma_device is empty until the host's devices are read
  // (resolve_rule_nics) and its probe_address comes from nic_template.
  std::vector<NicEntry> nics;
  // The switch ports the host's NICs are cabled to: the first hop of its
  // probe's path, whose counters `probe --inventory` reads (every NIC's
  // switch_port, or the single-NIC form's switch_ports).
  std::vector<SwitchPort> switch_ports;
  // The NIC on `rail`, or null.
  const NicEntry* nic_on_rail(uint32_t rail) const;
};

struct Inventory {
  std::string path;
  std::vector<SwitchEntry> switches;
  std::vector<HostEntry> hosts;
  const SwitchEntry* find_switch(const std::string& name) const;
  const HostEntry* find_host(const std::string& name) const;
  // The switches whose counters a probe from `host` reads: with the host's
  // switch_ports, only those switches, narrowed to those ports; otherwise
  // every switch with every port it lists.
  std::vector<SwitchEntry> switches_on_path(const std::string& host) const;
};

}  // namespace rocecfg::profile
