#include "probe/netdevs.h"

#include <algorithm>

namespace rocecfg::probe {
namespace {

// A VLAN on a bond on two ports is three levels; more than 4 is a loop.
constexpr int kMaxDepth = 4;

void walk(const host::FsRoot& fs, const std::string& netdev, int depth,
          std::vector<std::string>& out) {
  if (depth > kMaxDepth || std::find(out.begin(), out.end(), netdev) != out.end()) return;
  out.push_back(netdev);
  for (const std::string& e : fs.list("/sys/class/net/" + netdev))
    if (e.rfind("lower_", 0) == 0) walk(fs, e.substr(6), depth + 1, out);
}

}  // namespace

std::vector<std::string> counter_netdevs(const host::FsRoot& fs, const std::string& netdev) {
  std::vector<std::string> out;
  if (!netdev.empty()) walk(fs, netdev, 0, out);
  return out;
}

bool netdev_exists(const host::FsRoot& fs, const std::string& name) {
  return !name.empty() && name.find('/') == std::string::npos &&
         fs.exists("/sys/class/net/" + name);
}

}  // namespace rocecfg::probe
