// rocecfg show host [--json]: what RoCE hardware this host has (RDMA devices,
// ports, netdevs, drivers, MTUs, RoCE v2 GIDs). Reads only; no root needed.
// rocecfg show host --qos [-i IF]... [--json]: what each NIC's QoS is now
// (lib/host/qos_view.h), without a profile.
// rocecfg show switch --vendor V --from-file F [--json]: what a saved switch
// config means in profile terms.
#include <algorithm>

#include <fmt/format.h>

#include "command.h"
#include "host/discovery.h"
#include "host/inventory_render.h"
#include "host/netlink.h"
#include "host/qos_view.h"
#include "nic/registry.h"
#include "show_switch.h"

namespace rocecfg::cmd {
namespace {

int show_host(bool json) {
  host::HostInventory inv = host::discover(host::FsRoot("/"));
  if (json)
    fmt::print("{}\n", host::inventory_json(inv).dump(2));
  else
    fmt::print("{}", host::render_inventory_text(inv));
  return kOk;
}

// -i names (comma lists split), or every RoCE netdev.
int show_host_qos(std::vector<std::string> names, bool json) {
  host::FsRoot fs("/");
  std::vector<std::string> wanted;
  for (const std::string& arg : names) {
    size_t start = 0;
    while (start <= arg.size()) {
      size_t comma = arg.find(',', start);
      std::string name =
          arg.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (Status ok = host::validate_ifname(name); !ok) {
        fmt::print(stderr, "rocecfg show: {}\n", ok.error().to_string());
        return kUsage;
      }
      if (std::find(wanted.begin(), wanted.end(), name) == wanted.end()) wanted.push_back(name);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  if (wanted.empty())
    for (const host::Netdev& n : host::discover(fs, false, false).netdevs)
      if (std::find(wanted.begin(), wanted.end(), n.name) == wanted.end()) wanted.push_back(n.name);
  if (wanted.empty()) {
    fmt::print(stderr, "rocecfg show: no RoCE interfaces found; name interfaces with -i\n");
    return kRuntime;
  }
  Result<host::NlSockPtr> sock = host::open_route_socket();
  if (!sock) {
    fmt::print(stderr, "rocecfg show: {}\n", sock.error().to_string());
    return kRuntime;
  }
  host::LinuxHost backend(fs, sock->get(), nic::make_adapter);
  std::vector<host::QosView> views;
  bool all_found = true;
  for (const std::string& n : wanted) {
    views.push_back(host::observe_qos(backend, fs, n));
    all_found = all_found && views.back().observation.found;
  }
  if (json)
    fmt::print("{}\n", host::qos_json(views).dump(2));
  else
    fmt::print("{}", host::render_qos_text(views));
  return all_found ? kOk : kRuntime;
}

struct ShowArgs {
  bool qos = false;
  std::vector<std::string> interfaces;
  std::string what;
  std::string vendor;
  std::string from_file;
};

const bool registered = register_command(
    {"show", "show what this host has (host) or what a switch config means (switch)",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<ShowArgs>();
       sub.add_option("what", a->what, "host | switch")
           ->required()
           ->check(CLI::IsMember({"host", "switch"}));
       sub.add_flag("--qos", a->qos,
                    "host: each NIC's QoS now (PFC, ETS, trust, DSCP map, buffers, ECN/DCQCN, "
                    "CNP, RDMA-CM, MTU, link pause) and where each value came from");
       sub.add_option("-i,--interface", a->interfaces, "host --qos: interfaces (comma lists too)");
       sub.add_option("--vendor", a->vendor, "switch: the config's vendor");
       sub.add_option("--from-file", a->from_file, "switch: a saved config (backup) to read")
           ->check(CLI::ExistingFile);
       return std::function<int()>([a, &g] {
         if (a->what == "host")
           return a->qos ? show_host_qos(a->interfaces, g.json) : show_host(g.json);
         if (a->vendor.empty() || a->from_file.empty()) {
           fmt::print(stderr, "rocecfg show switch: needs --vendor and --from-file\n");
           return static_cast<int>(kUsage);
         }
         return show_switch(a->vendor, a->from_file, g.json);
       });
     }});

}  // namespace
}  // namespace rocecfg::cmd
