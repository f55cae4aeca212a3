#include "host/ethtool_link.h"

#include <linux/ethtool.h>

#include <vector>

#include "host/ethtool_ioctl.h"

namespace rocecfg::host {

Result<LinkPause> link_pause(const std::string& ifname) {
  Result<EthtoolSocket> sock = EthtoolSocket::open(ifname);
  if (!sock) return std::unexpected(sock.error());
  ethtool_pauseparam p{};
  p.cmd = ETHTOOL_GPAUSEPARAM;
  if (Status ok = sock->call(&p, "link-level pause settings"); !ok)
    return std::unexpected(ok.error());
  return LinkPause{p.autoneg != 0, p.rx_pause != 0, p.tx_pause != 0};
}

Result<Offloads> offloads(const std::string& ifname) {
  Result<EthtoolSocket> sock = EthtoolSocket::open(ifname);
  if (!sock) return std::unexpected(sock.error());
  Result<std::vector<std::string>> names = sock->strings(ETH_SS_FEATURES, "offload features");
  if (!names) return std::unexpected(names.error());
  // ETHTOOL_GFEATURES: one {available, requested, active, never_changed}
  // block of u32 bitmaps per 32 features.
  uint32_t blocks = static_cast<uint32_t>((names->size() + 31) / 32);
  std::vector<uint64_t> buf(
      (sizeof(ethtool_gfeatures) + blocks * sizeof(ethtool_get_features_block) + 7) / 8);
  auto* f = reinterpret_cast<ethtool_gfeatures*>(buf.data());
  f->cmd = ETHTOOL_GFEATURES;
  f->size = blocks;
  if (Status ok = sock->call(f, "offload features"); !ok) return std::unexpected(ok.error());
  Offloads out;
  for (size_t i = 0; i < names->size(); ++i) {
    if ((*names)[i].empty()) continue;  // unnamed bits
    const ethtool_get_features_block& b = f->features[i / 32];
    uint32_t bit = 1u << (i % 32);
    if (b.available & bit || b.active & bit) out[(*names)[i]] = (b.active & bit) != 0;
  }
  return out;
}

}  // namespace rocecfg::host
