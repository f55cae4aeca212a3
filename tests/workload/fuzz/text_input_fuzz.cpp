// libFuzzer target for the text inputs that are neither profiles nor switch
// output: NCCL_DEBUG=INFO logs (`nccl-log`: read, judged and printed, text and
// JSON), fabric baselines (`--baseline`) and the probe's JSON report as
// fabric reads it from a remote host, and the NV config table of
// `mstconfig -e query` (nic/mstconfig_query.h). The first byte picks the reader, the
// rest is the text. Any bytes must give a report or a refusal, never a
// crash, a hang (a 30,000-byte NCCL line once overflowed std::regex's
// recursion) or unbounded memory.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/printable.h"
#include "fabric/baseline.h"
#include "fabric/pair_test.h"
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
  switch (data[0] % 4) {
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
    default:
      (void)rocecfg::nic::parse_mstconfig_query(text, "0000:08:00.0");
      break;
  }
  return 0;
}
