#include "host/lldp.h"

#include <fmt/format.h>

namespace rocecfg::host {

std::optional<std::string> running_dcbx_agent(const FsRoot& fs) {
  for (const std::string& pid : fs.list("/proc")) {
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
    Result<std::string> comm = fs.read("/proc/" + pid + "/comm");
    // lldpd does no DCBX and is the recommended companion; only lldpad fights.
    if (comm && *comm == "lldpad") return fmt::format("lldpad (pid {})", pid);
  }
  return std::nullopt;
}

}  // namespace rocecfg::host
