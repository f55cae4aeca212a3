#include "model/path_mtu.h"

namespace rocecfg::model {

uint32_t roce_path_mtu_for(uint32_t netdev_mtu_bytes) {
  if (netdev_mtu_bytes < kRoceHeaderBytes) return 0;
  uint32_t room = netdev_mtu_bytes - kRoceHeaderBytes;
  for (uint32_t m = kMaxRocePathMtuBytes; m >= 256; m /= 2)
    if (room >= m) return m;
  return 0;
}

}  // namespace rocecfg::model
