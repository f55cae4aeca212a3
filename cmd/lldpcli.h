// This host's LLDP neighbours from lldpd, the agent operators already run:
// `lldpcli [-u SOCKET] show neighbors -f json` (no shell), parsed by
// host/lldp_neighbors.h. doctor and gate check the cables with it.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "host/lldp_neighbors.h"

namespace rocecfg::cmd {

// `socket`: lldpd's control socket (lldpcli -u); empty: lldpcli's default.
Result<std::vector<host::LldpPeer>> lldp_neighbors(const std::string& socket);

}  // namespace rocecfg::cmd
