// libFuzzer target for what the six vendors' switches (or saved files) hand
// rocecfg: their config parsers and the audit on top of them, their counter
// transcripts (`counters --from-file`) and their LLDP neighbour tables. Any
// bytes must give a state, a refusal or drift, never a crash, hang or
// sanitizer report. The first byte picks the vendor, the rest is the text,
// and every input goes through all three readers of that vendor: a config
// seed also exercises the counter and LLDP parsers, and the reverse.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "model/settings.h"
#include "switch/adapter.h"
#include "switch/counter_reader.h"
#include "switch/engine.h"
#include "switch/lldp.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::vector<std::string> vendors = rocecfg::sw::adapter_vendors();
  if (size == 0 || vendors.empty()) return 0;
  const std::string& vendor = vendors[data[0] % vendors.size()];
  std::unique_ptr<rocecfg::sw::Adapter> adapter = rocecfg::sw::make_adapter(vendor);
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto state = adapter->parse(text);
  (void)state;
  // A realistic intent, so the audit walks every knob's comparison too.
  rocecfg::model::Settings want;
  want.mtu_bytes = 9216;
  (void)rocecfg::sw::audit_config(*adapter, text, want, {});
  if (auto counters = rocecfg::sw::make_counter_reader(vendor))
    (void)rocecfg::sw::parse_transcript(*counters, text, "fuzz");
  if (auto lldp = rocecfg::sw::make_lldp_reader(vendor)) {
    // Per-port readers (NVUE) parse against the command they sent.
    std::vector<std::string> commands = lldp->commands({"swp1"});
    if (!commands.empty()) (void)lldp->parse(commands.front(), text);
  }
  return 0;
}
