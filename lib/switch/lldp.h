// A host's first hop from the switches' own LLDP neighbour tables: where the
// inventory does not say which switch port a host is cabled to ([[host]]
// switch_ports), the switches are asked who is on each of their ports, and a
// port whose neighbour calls itself by this host's name, or whose chassis or
// port ID is one of this host's MAC addresses, is this host's first hop.
//
// Each vendor's LLDP table is its own show command and output shape, cited in
// vendors/switch/<vendor>/<vendor>_lldp.cpp; a vendor without a reader (no
// documented output found) is reported as such. Nothing is guessed: no match
// on any switch is "unknown", never a port picked by position or name.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "switch/fleet.h"

namespace rocecfg::sw {

struct LldpNeighbor {
  std::string local_port;   // this switch's port, as the vendor names it in its config
  std::string system_name;  // the neighbour's LLDP system name (hostname)
  std::string port_id;      // the neighbour's port ID (interface name or MAC)
  std::string chassis_id;   // the neighbour's chassis ID, where the table shows it
};

class LldpReader {
 public:
  virtual ~LldpReader() = default;
  // The commands that list the neighbours on `ports` (whole-switch tables
  // ignore them).
  virtual std::vector<std::string> commands(const std::vector<std::string>& ports) const = 0;
  // The neighbours `output` of `command` lists; an output without the
  // documented shape is an error.
  virtual Result<std::vector<LldpNeighbor>> parse(const std::string& command,
                                                  std::string_view output) const = 0;
};

using LldpReaderFactory = std::unique_ptr<LldpReader> (*)();
bool register_lldp_reader(std::string_view vendor, LldpReaderFactory factory);
std::unique_ptr<LldpReader> make_lldp_reader(std::string_view vendor);  // null: none

// Who this host is, as its LLDP agent (lldpd, the NIC's firmware) announces it.
struct HostIdentity {
  std::string hostname;           // gethostname(); compared without the domain, case-insensitively
  std::vector<std::string> macs;  // its interfaces' MAC addresses, any notation
};

// The host's MACs from <sysfs_net>/<if>/address (loopback and zero skipped),
// and its hostname.
HostIdentity local_host_identity(const std::string& sysfs_net = "/sys/class/net");

// "0c:42:a1:00:00:01", "0c42.a100.0001", "0c42-a100-0001" -> "0c42a1000001";
// empty for anything that is not 48 bits of hex.
std::string normalize_mac(std::string_view text);

// The neighbour is this host: its system name is the host's name (up to the
// first dot, case-insensitively), or its chassis or port ID is one of its MACs.
bool lldp_neighbor_is(const LldpNeighbor& n, const HostIdentity& host);

struct FirstHopSwitch {
  std::string name;
  std::vector<std::string> ports;  // this switch's ports facing the host (may be none)
  bool read = false;               // the table was read and parsed
  std::string why;                 // !read: why not (unreachable, no reader, bad output)
};

struct FirstHop {
  std::vector<FirstHopSwitch> switches;  // input order
  bool found() const;                    // some switch has a port facing the host
};

// Reads each switch's LLDP table (in parallel, one session each) and keeps
// the ports whose neighbour is `host`.
FirstHop find_first_hop(const std::vector<FleetSwitch>& switches, const HostIdentity& host,
                        int parallel = 16);

// The switches and ports to read for the host: the ports LLDP found facing
// it, on those switches only; when none did (unknown), every switch with
// every port it lists -- all the inventory says, no path picked for it.
std::vector<FleetSwitch> narrow_to_first_hop(std::vector<FleetSwitch> all, const FirstHop& hop);

// One line for stderr: "first hop of gpu01 by LLDP: leaf1 Ethernet0" or
// "first hop of gpu01 unknown: no LLDP neighbour named gpu01 or with its MACs
// on leaf1, leaf2; leaf3 not read (no LLDP reader for h3c)".
std::string describe_first_hop(const FirstHop& hop, const HostIdentity& host);

}  // namespace rocecfg::sw
