#include "nic/registry.h"

#include "nic/bnxt_re.h"
#include "nic/irdma.h"
#include "nic/mlx5_debugfs.h"
#include "nic/mlx5_ofed.h"

namespace rocecfg::nic {

std::unique_ptr<host::NicAdapter> make_adapter(const host::Netdev& n, const host::FsRoot& fs) {
  if (n.driver == "mlx5_core") {
    // MLNX_OFED adds ecn/ under the netdev; upstream has only debugfs.
    if (fs.is_dir("/sys/class/net/" + n.name + "/ecn")) return make_mlx5_ofed(n, fs);
    return make_mlx5_debugfs(n, fs);
  }
  if (n.driver == "bnxt_en") return make_bnxt_re(n, fs);
  if (n.driver == "ice") return make_irdma(n, fs);
  return nullptr;
}

}  // namespace rocecfg::nic
