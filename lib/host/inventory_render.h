// `rocecfg show host`: the discovered RoCE inventory for people and machines.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "host/discovery.h"

namespace rocecfg::host {

// One line per RDMA port, aligned, then its RoCE v2 GIDs indented:
//   DEVICE  PORT  STATE   NETDEV  DRIVER     MTU   ACTIVE_MTU
//   rxe0    1     ACTIVE  veth0   rdma_rxe   9000  4096
//     gid 1  0000:...:0a00:0001  RoCE v2  (IPv4)
std::string render_inventory_text(const HostInventory& inv);
nlohmann::json inventory_json(const HostInventory& inv);

}  // namespace rocecfg::host
