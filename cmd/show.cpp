// rocecfg show host [--json]: what RoCE hardware this host has (RDMA devices,
// ports, netdevs, drivers, MTUs, RoCE v2 GIDs). Reads only; no root needed.
// rocecfg show switch --vendor V --from-file F [--json]: what a saved switch
// config means in profile terms.
#include <fmt/format.h>

#include "command.h"
#include "host/discovery.h"
#include "host/inventory_render.h"
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

struct ShowArgs {
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
       sub.add_option("--vendor", a->vendor, "switch: the config's vendor");
       sub.add_option("--from-file", a->from_file, "switch: a saved config (backup) to read")
           ->check(CLI::ExistingFile);
       return std::function<int()>([a, &g] {
         if (a->what == "host") return show_host(g.json);
         if (a->vendor.empty() || a->from_file.empty()) {
           fmt::print(stderr, "rocecfg show switch: needs --vendor and --from-file\n");
           return static_cast<int>(kUsage);
         }
         return show_switch(a->vendor, a->from_file, g.json);
       });
     }});

}  // namespace
}  // namespace rocecfg::cmd
