// rocecfg show host [--json]: what RoCE hardware this host has (RDMA devices,
// ports, netdevs, drivers, MTUs, RoCE v2 GIDs). Reads only; no root needed.
// rocecfg show host --qos [-i IF]... [--json]: what each NIC's QoS is now
// (lib/host/qos_view.h), without a profile.
// rocecfg show switch --vendor V --from-file F [--json]: what a saved switch
// config means in profile terms.
#include <algorithm>

#include <fmt/format.h>

#include "command.h"
#include "core/printable.h"
#include "host/discovery.h"
#include "host/inventory_render.h"
#include "host/netlink.h"
#include "host/qos_view.h"
#include "interface_option.h"
#include "nic/firmware_dcbx.h"
#include "nic/registry.h"
#include "output.h"
#include "show_switch.h"

namespace rocecfg::cmd {
namespace {

int show_host(bool json) {
  host::HostInventory inv = host::discover(host::FsRoot("/"));
  json_document().payload = {{"host", host::inventory_json(inv)}};
  if (!json) fmt::print("{}", host::render_inventory_text(inv));
  return kOk;
}

// -i names (comma lists split), or every RoCE netdev.
int show_host_qos(std::vector<std::string> names, bool json) {
  host::FsRoot fs("/");
  std::optional<std::vector<std::string>> parsed = interfaces_or_report(names);
  if (!parsed) return kUsage;
  std::vector<std::string> wanted = *parsed;
  if (wanted.empty())
    for (const host::Netdev& n : host::discover(fs, false, false).netdevs)
      if (std::find(wanted.begin(), wanted.end(), n.name) == wanted.end()) wanted.push_back(n.name);
  if (wanted.empty()) {
    // As `show host` says "no RDMA devices" and exits 0: what the host has
    // was observed, and it is nothing; a named interface that is missing is 3.
    json_document().payload = host::qos_json({});
    if (!json)
      fmt::print("no RoCE interfaces (no RDMA device with an Ethernet port); -i IF names one\n");
    return kOk;
  }
  Result<host::NlSockPtr> sock = host::open_route_socket();
  if (!sock) return report_error(kRuntime, sock.error().to_string());
  host::LinuxHost backend(fs, sock->get(), nic::make_adapter);
  std::vector<host::QosView> views;
  bool all_found = true;
  for (const std::string& n : wanted) {
    views.push_back(host::observe_qos(backend, fs, n));
    if (views.back().observation.found)  // the NV config's DCBX bits (nic/firmware_dcbx.h)
      views.back().owner.firmware =
          nic::read_firmware_dcbx(fs, n, views.back().observation.netdev.driver);
    all_found = all_found && views.back().observation.found;
    add_target({{"name", n},
                {"kind", "interface"},
                {"outcome", views.back().observation.found ? "observed" : "not_found"}});
  }
  json_document().payload = host::qos_json(views);
  if (!json) fmt::print("{}", host::render_qos_text(views));
  if (json)
    for (size_t i = 0; i < views.size(); ++i)
      if (!views[i].observation.found) report_error(kRuntime, wanted[i] + ": no such interface");
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
    {"show",
     "show what this host has (host) or what a switch config means (switch)",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<ShowArgs>();
       sub.add_option("what", a->what, "host | switch")
           ->required()
           ->check(CLI::IsMember({"host", "switch"}));
       sub.add_flag("--qos", a->qos,
                    "host: each NIC's QoS now (PFC, ETS, trust, DSCP map, buffers, ECN/DCQCN, "
                    "CNP, RDMA-CM, MTU, link pause) and where each value came from");
       add_interface_option(sub, a->interfaces, "host --qos: interface to show");
       sub.add_option("--vendor", a->vendor, "switch: the config's vendor");
       sub.add_option("--from-file", a->from_file, "switch: a saved config (backup) to read")
           ->check(CLI::ExistingFile);
       return std::function<int()>([a, &g] {
         if (a->what == "host")
           return a->qos ? show_host_qos(a->interfaces, g.json) : show_host(g.json);
         if (a->vendor.empty() || a->from_file.empty()) {
           return report_error(kUsage, "show switch needs --vendor and --from-file");
         }
         return show_switch(a->vendor, a->from_file, g.json);
       });
     },
     {kOk, kUsage, kRuntime}});

}  // namespace
}  // namespace rocecfg::cmd
