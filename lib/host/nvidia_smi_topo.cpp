#include "host/nvidia_smi_topo.h"

#include <algorithm>
#include <array>

namespace rocecfg::host {

namespace {

std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    if (j > i) out.emplace_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

int rank(const std::string& cls) {
  static constexpr std::array<std::string_view, 5> kOrder{"PIX", "PXB", "PHB", "NODE", "SYS"};
  auto it = std::find(kOrder.begin(), kOrder.end(), cls);
  return it == kOrder.end() ? -1 : static_cast<int>(it - kOrder.begin());
}

}  // namespace

Result<TopoMatrix> parse_nvidia_smi_topo(std::string_view text) {
  TopoMatrix m;
  bool legend = false, rows_done = false;
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    std::vector<std::string> w = words(line);
    if (w.empty()) continue;
    if (w[0] == "NIC" && w.size() > 1 && w[1] == "Legend:") {
      legend = true;
      continue;
    }
    if (legend) {
      // "NIC0: mlx5_0"
      if (w.size() == 2 && w[0].size() > 1 && w[0].back() == ':')
        m.nic_legend[w[0].substr(0, w[0].size() - 1)] = w[1];
      continue;
    }
    if (m.columns.empty()) {
      // The header: device names up to "CPU Affinity".
      if (!w[0].starts_with("GPU")) continue;
      for (const std::string& c : w) {
        if (c == "CPU") break;
        m.columns.push_back(c);
      }
      continue;
    }
    if (w[0] == "Legend:") rows_done = true;
    if (rows_done) continue;
    if (w.size() < m.columns.size() + 1) continue;
    m.rows.push_back(w[0]);
    for (size_t c = 0; c < m.columns.size(); ++c) m.cells[w[0]][m.columns[c]] = w[c + 1];
  }
  if (m.columns.empty() || m.cells.empty())
    return fail(ErrorKind::invalid_input, "nvidia-smi topo -m",
                "no matrix (a header of GPU0 ... and rows of classes)");
  return m;
}

std::optional<TopoNearest> nearest_gpu(const TopoMatrix& m, const std::string& rdma_device) {
  std::string column = rdma_device;
  for (const auto& [nic, dev] : m.nic_legend)
    if (dev == rdma_device) column = nic;
  if (std::find(m.columns.begin(), m.columns.end(), column) == m.columns.end()) return std::nullopt;
  std::optional<TopoNearest> best;
  for (const std::string& row : m.rows) {
    if (!row.starts_with("GPU")) continue;
    const auto& cells = m.cells.at(row);
    auto it = cells.find(column);
    if (it == cells.end() || rank(it->second) < 0) continue;
    if (!best || rank(it->second) < rank(best->path_class)) best = TopoNearest{row, it->second};
  }
  return best;
}

}  // namespace rocecfg::host
