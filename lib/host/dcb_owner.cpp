#include "host/dcb_owner.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rocecfg::host {

std::string no_dcb_reason(const FsRoot& fs, const std::string& ifname, const std::string& kind) {
  const std::string dev = fmt::format("/sys/class/net/{}/device", ifname);
  if (fs.exists(dev + "/physfn")) {
    Result<std::string> pf = fs.link_basename(dev + "/physfn");
    std::vector<std::string> pf_netdevs = fs.list(dev + "/physfn/net");
    const std::string bdf = pf ? *pf : std::string("unknown PCI function");
    const std::string where = pf_netdevs.empty()
                                  ? fmt::format("the PF {} (no netdev bound to it here)", bdf)
                                  : fmt::format("the PF {} ({})", fmt::join(pf_netdevs, ", "), bdf);
    return fmt::format("owned by {}: an SR-IOV VF has no DCB of its own; set PFC/ETS on the PF",
                       where);
  }
  if (fs.is_dir(fmt::format("/sys/class/net/{}/bonding", ifname))) {
    Result<std::string> slaves = fs.read(fmt::format("/sys/class/net/{}/bonding/slaves", ifname));
    return fmt::format("not supported by this netdev (bond: set PFC/ETS on its slaves{})",
                       slaves && !slaves->empty() ? ": " + *slaves : "");
  }
  if (!fs.exists(dev))
    return fmt::format("not supported by this netdev (virtual{}: no DCB)",
                       kind.empty() ? "" : ", " + kind);
  return "not supported by this netdev (the driver registers no DCB netlink)";
}

}  // namespace rocecfg::host
