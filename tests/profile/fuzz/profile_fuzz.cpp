// libFuzzer target for the profile loader: any bytes must yield either an
// Intent or diagnostics, never a crash, hang or sanitizer report.
#include <cstddef>
#include <cstdint>
#include <string>

#include "profile/load.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto loaded = rocecfg::profile::load_profile_text(text, "/nonexistent/fuzz.toml");
  if (!loaded.value) (void)loaded.diagnostics.render();
  auto inv = rocecfg::profile::load_inventory_text(text, "/nonexistent/fuzz.toml");
  (void)inv;
  return 0;
}
