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
  std::string rdma_device;    // `rocecfg probe --device`; empty: the first device
  std::string probe_address;  // where its probe server listens; empty: address
  uint16_t probe_port = 18600;
  // fabric --transport srun: the Slurm node the host's endpoint is on (several
  // endpoints of one node are several hosts); empty: the host's name.
  std::string slurm_node;
  // The switch ports the host's NICs are cabled to: the first hop of its
  // probe's path, whose counters `probe --inventory` reads.
  std::vector<SwitchPort> switch_ports;
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
