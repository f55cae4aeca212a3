#include "host/privileges.h"

#include <fstream>
#include <string>
#include <vector>

namespace rocecfg::host {

namespace {
// linux/capability.h numbers (stable kernel ABI).
constexpr int kCapDacOverride = 1;
constexpr int kCapNetAdmin = 12;
}  // namespace

std::optional<unsigned long long> effective_capabilities(const std::string& status_path) {
  std::ifstream in(status_path);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with("CapEff:")) continue;
    try {
      return std::stoull(line.substr(7), nullptr, 16);
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<std::string> missing_apply_privileges(const std::string& status_path) {
  std::optional<unsigned long long> caps = effective_capabilities(status_path);
  if (!caps) return std::nullopt;  // cannot tell: let the kernel answer
  std::vector<std::string> missing;
  if (!(*caps & (1ull << kCapNetAdmin))) missing.push_back("CAP_NET_ADMIN (netlink: MTU, DCB)");
  if (!(*caps & (1ull << kCapDacOverride)))
    missing.push_back("CAP_DAC_OVERRIDE (root-owned sysfs, configfs and debugfs files)");
  if (missing.empty()) return std::nullopt;
  std::string out = "needs ";
  for (size_t i = 0; i < missing.size(); ++i) out += (i ? " and " : "") + missing[i];
  return out + "; run it as root (nothing was changed)";
}

}  // namespace rocecfg::host
