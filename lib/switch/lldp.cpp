#include "switch/lldp.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "model/hostlist.h"
#include "switch/adapter.h"
#include "switch/factory_registry.h"
#include "switch/ssh.h"

namespace rocecfg::sw {

namespace {
FactoryRegistry<LldpReader>& readers() {
  static FactoryRegistry<LldpReader> r;
  return r;
}

}  // namespace

bool register_lldp_reader(std::string_view vendor, LldpReaderFactory factory) {
  return readers().add(vendor, factory);
}

std::unique_ptr<LldpReader> make_lldp_reader(std::string_view vendor) {
  return readers().make(vendor);
}

std::string normalize_mac(std::string_view text) {
  std::string hex;
  for (char c : text) {
    if (std::isxdigit(static_cast<unsigned char>(c)))
      hex += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (c != ':' && c != '.' && c != '-')
      return "";
  }
  return hex.size() == 12 ? hex : "";
}

HostIdentity local_host_identity(const std::string& sysfs_net) {
  HostIdentity id;
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) == 0) id.hostname = name;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(sysfs_net, ec)) {
    std::ifstream f(entry.path() / "address");
    std::string mac;
    if (!(f >> mac)) continue;
    std::string n = normalize_mac(mac);
    if (n.empty() || n == "000000000000") continue;  // loopback, tunnels
    if (std::find(id.macs.begin(), id.macs.end(), n) == id.macs.end()) id.macs.push_back(n);
  }
  std::sort(id.macs.begin(), id.macs.end());
  return id;
}

bool lldp_neighbor_is(const LldpNeighbor& n, const HostIdentity& host) {
  if (!host.hostname.empty() && !n.system_name.empty() &&
      model::same_system_name(n.system_name, host.hostname))
    return true;
  for (const std::string* id : {&n.chassis_id, &n.port_id}) {
    std::string mac = normalize_mac(*id);
    if (mac.empty()) continue;
    for (const std::string& m : host.macs)
      if (normalize_mac(m) == mac) return true;
  }
  return false;
}

bool FirstHop::found() const {
  return std::any_of(switches.begin(), switches.end(),
                     [](const FirstHopSwitch& s) { return !s.ports.empty(); });
}

namespace {
void read_one(const FleetSwitch& sw, const HostIdentity& host, FirstHopSwitch& out) {
  std::unique_ptr<Adapter> adapter = make_adapter(sw.vendor);
  std::unique_ptr<LldpReader> reader = make_lldp_reader(sw.vendor);
  if (!adapter || !reader) {
    out.why = fmt::format("no LLDP reader for {}", sw.vendor);
    return;
  }
  auto ports = adapter->expand_interfaces(sw.interfaces);
  if (!ports) {
    out.why = "interfaces: " + ports.error().to_string();
    return;
  }
  auto session = open_session(sw.ssh, *adapter);
  if (!session) {
    out.why = session.error().message;
    return;
  }
  for (const std::string& command : reader->commands(*ports)) {
    auto text = (*session)->run(command);
    if (!text) {
      out.why = fmt::format("{}: {}", command, text.error().message);
      return;
    }
    auto neighbors = reader->parse(command, *text);
    if (!neighbors) {
      out.why = fmt::format("{}: {}", command, neighbors.error().message);
      return;
    }
    for (const LldpNeighbor& n : *neighbors)
      if (lldp_neighbor_is(n, host) &&
          std::find(out.ports.begin(), out.ports.end(), n.local_port) == out.ports.end())
        out.ports.push_back(n.local_port);
  }
  out.read = true;
}
}  // namespace

FirstHop find_first_hop(const std::vector<FleetSwitch>& switches, const HostIdentity& host,
                        int parallel) {
  FirstHop hop;
  hop.switches.resize(switches.size());
  for (size_t i = 0; i < switches.size(); ++i) hop.switches[i].name = switches[i].ssh.name;
  run_fleet(
      switches.size(), parallel, [&](size_t i) { read_one(switches[i], host, hop.switches[i]); },
      [&](size_t i, const std::string& what) { hop.switches[i].why = what; });
  return hop;
}

std::vector<FleetSwitch> narrow_to_first_hop(std::vector<FleetSwitch> all, const FirstHop& hop) {
  if (!hop.found()) return all;
  std::vector<FleetSwitch> out;
  for (size_t i = 0; i < all.size() && i < hop.switches.size(); ++i) {
    if (hop.switches[i].ports.empty()) continue;
    all[i].interfaces = hop.switches[i].ports;
    out.push_back(std::move(all[i]));
  }
  return out;
}

std::string describe_first_hop(const FirstHop& hop, const HostIdentity& host) {
  std::vector<std::string> found, quiet, unread;
  for (const FirstHopSwitch& s : hop.switches) {
    if (!s.ports.empty())
      found.push_back(fmt::format("{} {}", s.name, fmt::join(s.ports, ",")));
    else if (s.read)
      quiet.push_back(s.name);
    else
      unread.push_back(fmt::format("{} not read ({})", s.name, s.why));
  }
  std::string tail = unread.empty() ? "" : fmt::format("; {}", fmt::join(unread, "; "));
  if (!found.empty())
    return fmt::format("first hop of {} by LLDP: {}{}", host.hostname, fmt::join(found, ", "),
                       tail);
  return fmt::format("first hop of {} unknown: no LLDP neighbour named {} or with its MACs{}{}",
                     host.hostname, host.hostname,
                     quiet.empty() ? "" : fmt::format(" on {}", fmt::join(quiet, ", ")), tail);
}

}  // namespace rocecfg::sw
