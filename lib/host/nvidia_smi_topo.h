// `nvidia-smi topo -m` as people save it: a matrix whose header names the
// GPUs and NICs (GPU0 ... and mlx5_0 ..., or NIC0 ... explained by a "NIC
// Legend:" block, "NIC0: mlx5_0"), one row per device, the cells the
// legend's classes (X, PIX, PXB, PHB, NODE, SYS, NV#), then CPU/NUMA
// affinity columns this reader ignores. Shapes: NVIDIA/nccl-tests issue #78
// (mlx5_N columns), and the legend nvidia-smi prints under every matrix.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace rocecfg::host {

struct TopoMatrix {
  std::vector<std::string> columns;  // device names as the header has them
  std::vector<std::string> rows;     // in the order printed
  std::map<std::string, std::map<std::string, std::string>> cells;  // row -> column -> class
  std::map<std::string, std::string> nic_legend;                    // "NIC0" -> "mlx5_0"
};

Result<TopoMatrix> parse_nvidia_smi_topo(std::string_view text);

struct TopoNearest {
  std::string gpu;         // "GPU0"
  std::string path_class;  // "PIX"
};
// The GPU nvidia-smi puts nearest to the NIC whose RDMA device is `rdma_device`
// (PIX < PXB < PHB < NODE < SYS; NVLink cells are GPU-GPU only); nullopt when
// the matrix has no column for it.
std::optional<TopoNearest> nearest_gpu(const TopoMatrix& m, const std::string& rdma_device);

}  // namespace rocecfg::host
