// Reading a whole fabric for `rocecfg check`, every device at once on a
// bounded pool (lib/switch's fleet runner): switches live over SSH (the
// vendor adapter reads and parses the running config, as audit does) or from
// a saved config; hosts by running `rocecfg show host --qos --json` on them
// over SSH, on this host in-process, or from its saved output. A device that
// cannot be read is a reading with an error, never a stop: the others are
// judged, and it is reported as unread.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "check/reading.h"
#include "profile/inventory.h"
#include "switch/fleet.h"

namespace rocecfg::check {

struct ReadOptions {
  // Saved files, one per device, named after it: "leaf1.cfg", "h1.json"
  // (any name NAME or NAME.*, exactly one). from_dir: every device;
  // hosts_from_dir: hosts only, switches read live.
  std::string from_dir;
  std::string hosts_from_dir;
  std::string remote_rocecfg = "rocecfg";  // the binary on the hosts
  int parallel = 32;
  bool accept_new_host_keys = false;  // hosts' unknown keys (switches: their FleetSwitch)
  sw::FleetProgress progress;
  // The [[host]] named as this machine (short host name), when it has no
  // address, is read here: its `show host --qos --json` for these
  // interfaces (empty: every RoCE interface). Any other host without an
  // address cannot be read.
  std::string local_host_name;
  std::function<std::string(const std::vector<std::string>& interfaces)> local_host_json;
};

// `switches` in inventory order (cmd builds them with the inventory's SSH
// settings), then `hosts`: one reading each, in that order.
std::vector<DeviceReading> read_fabric(const std::vector<sw::FleetSwitch>& switches,
                                       const std::vector<profile::HostEntry>& hosts,
                                       const ReadOptions& options);

// The interfaces `show host --qos` is asked for on a [[host]]: its
// `interfaces`, else its NICs' netdevs; empty: every RoCE interface.
std::vector<std::string> host_interfaces(const profile::HostEntry& h);

// The remote line that runs `show host --qos --json` on a host: exit 0 and
// 3 (an interface not found: the JSON says which) pass; any other exit fails
// with the remote stderr.
std::string remote_show_line(const std::string& rocecfg,
                             const std::vector<std::string>& interfaces);

}  // namespace rocecfg::check
