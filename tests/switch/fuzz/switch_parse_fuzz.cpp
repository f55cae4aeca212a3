// libFuzzer target for the six vendors' config parsers and the one audit on
// top of them: any bytes a switch (or a saved file) can hand us must give a
// state, a refusal or drift, never a crash, hang or sanitizer report. The first
// byte picks the vendor, the rest is the config text.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "model/settings.h"
#include "switch/adapter.h"
#include "switch/engine.h"

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
  return 0;
}
