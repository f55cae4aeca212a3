// libFuzzer target for the text inputs that are neither profiles nor switch
// output: NCCL_DEBUG=INFO logs (`nccl-log`: read, judged and printed, text and
// JSON), fabric baselines (`--baseline`), the probe's JSON report as
// fabric reads it from a remote host, what doctor reads about a NIC's
// place and owner (`nvidia-smi topo -m`, PCI config space bytes, lldptool)
// and the NV config table of `mstconfig -e query` (nic/mstconfig_query.h).
// The first byte picks the reader, the rest is the text. Any bytes must give
// a report or a refusal, never a crash, a hang (a 30,000-byte NCCL line once
// overflowed std::regex's recursion) or unbounded memory.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/printable.h"
#include "fabric/baseline.h"
#include "fabric/pair_test.h"
#include "host/lldp.h"
#include "host/nvidia_smi_topo.h"
#include "host/pcie_config.h"
#include "nic/mstconfig_query.h"
#include "profile/load.h"
#include "workload/nccl_log.h"
#include "workload/nccl_log_report.h"

namespace {

const rocecfg::profile::Intent& intent() {
  static const rocecfg::profile::Intent loaded = [] {
    auto l = rocecfg::profile::load_profile_text(
        "[fabric]\nname = \"fuzz\"\n[lossless]\npriorities = [3]\ndscp = 26\n"
        "[workload]\ntraffic_class = 106\n",
        "/nonexistent/fuzz.toml");
    return l.value ? *l.value : rocecfg::profile::Intent{};
  }();
  return loaded;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 7) {
    case 0: {
      rocecfg::workload::NcclLog log = rocecfg::workload::parse_nccl_log(text);
      rocecfg::workload::NcclLogReport r = rocecfg::workload::judge_nccl_log(log, intent());
      (void)rocecfg::workload::render_text(r, intent());
      (void)rocecfg::json_text(rocecfg::workload::to_json(r, intent()));
      break;
    }
    case 1:
      (void)rocecfg::fabric::parse_baseline(text, "/nonexistent/fuzz.json");
      break;
    case 2:
      (void)rocecfg::fabric::parse_probe_json(text);
      break;
    case 3:
      if (auto m = rocecfg::host::parse_nvidia_smi_topo(text)) {
        (void)rocecfg::host::nearest_gpu(*m, "mlx5_0");
        (void)rocecfg::host::nearest_gpu(*m, text.substr(0, 8));
      }
      break;
    case 4: {
      rocecfg::host::PcieConfig c = rocecfg::host::parse_pcie_config(text);
      if (c.acs_control) (void)rocecfg::host::acs_control_text(*c.acs_control);
      break;
    }
    case 5:
      (void)rocecfg::host::parse_lldptool_admin_status(text, "la0");
      break;
    default:
      (void)rocecfg::nic::parse_mstconfig_query(text, "0000:08:00.0");
      break;
  }
  return 0;
}
