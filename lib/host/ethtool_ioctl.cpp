#include "host/ethtool_ioctl.h"

#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "host/netlink.h"

namespace rocecfg::host {

namespace {

Error errno_error(const std::string& ifname, const char* what, int err) {
  ErrorKind kind = err == ENODEV                   ? ErrorKind::not_found
                   : err == EPERM || err == EACCES ? ErrorKind::permission
                   : err == EOPNOTSUPP             ? ErrorKind::unsupported
                                                   : ErrorKind::failed;
  if (err == EOPNOTSUPP)
    return Error{kind, ifname, std::string("the driver does not report ") + what};
  return Error{kind, ifname, std::string(what) + ": " + std::strerror(err)};
}

}  // namespace

Result<EthtoolSocket> EthtoolSocket::open(const std::string& ifname) {
  if (Status ok = validate_ifname(ifname); !ok) return std::unexpected(ok.error());
  int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return std::unexpected(errno_error(ifname, "socket", errno));
  return EthtoolSocket(fd, ifname);
}

EthtoolSocket::~EthtoolSocket() {
  if (fd_ >= 0) ::close(fd_);
}

Status EthtoolSocket::call(void* data, const char* what) const {
  ifreq ifr{};
  std::memcpy(ifr.ifr_name, ifname_.c_str(), ifname_.size());  // validated: < IFNAMSIZ
  ifr.ifr_data = static_cast<char*>(data);
  if (::ioctl(fd_, SIOCETHTOOL, &ifr) < 0)
    return std::unexpected(errno_error(ifname_, what, errno));
  return {};
}

Result<std::vector<std::string>> EthtoolSocket::strings(uint32_t set, const char* what) const {
  // How many: ETHTOOL_GSSET_INFO with the set's bit, then one u32 of data.
  std::vector<uint64_t> info_buf((sizeof(ethtool_sset_info) + sizeof(uint32_t) + 7) / 8);
  auto* info = reinterpret_cast<ethtool_sset_info*>(info_buf.data());
  info->cmd = ETHTOOL_GSSET_INFO;
  info->sset_mask = 1ULL << set;
  if (Status ok = call(info, what); !ok) return std::unexpected(ok.error());
  uint32_t n = (info->sset_mask & (1ULL << set)) ? info->data[0] : 0;
  if (n == 0) return std::vector<std::string>{};
  // A std::vector<uint64_t> keeps the variable-length tail suitably aligned.
  std::vector<uint64_t> buf((sizeof(ethtool_gstrings) + n * ETH_GSTRING_LEN + 7) / 8);
  auto* names = reinterpret_cast<ethtool_gstrings*>(buf.data());
  names->cmd = ETHTOOL_GSTRINGS;
  names->string_set = set;
  names->len = n;
  if (Status ok = call(names, what); !ok) return std::unexpected(ok.error());
  std::vector<std::string> out;
  for (uint32_t i = 0; i < std::min(n, names->len); ++i) {
    const char* s = reinterpret_cast<const char*>(names->data) + i * ETH_GSTRING_LEN;
    out.emplace_back(s, strnlen(s, ETH_GSTRING_LEN));
  }
  return out;
}

}  // namespace rocecfg::host
