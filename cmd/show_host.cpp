// rocecfg show host [--json]: what RoCE hardware this host has (RDMA devices,
// ports, netdevs, drivers, MTUs, RoCE v2 GIDs). Reads only; no root needed.
// The lead merges `show switch` into this verb later.
#include <fmt/format.h>

#include "command.h"
#include "host/discovery.h"
#include "host/inventory_render.h"

namespace rocecfg::cmd {
namespace {

const bool registered = register_command(
    {"show", "show what this host has (show host)", [](CLI::App& sub, Globals& g) {
       auto what = std::make_shared<std::string>();
       sub.add_option("what", *what, "host")->required()->check(CLI::IsMember({"host"}));
       return std::function<int()>([&g] {
         host::HostInventory inv = host::discover(host::FsRoot("/"));
         if (g.json)
           fmt::print("{}\n", host::inventory_json(inv).dump(2));
         else
           fmt::print("{}", host::render_inventory_text(inv));
         return kOk;
       });
     }});

}  // namespace
}  // namespace rocecfg::cmd
