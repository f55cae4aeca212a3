// libFuzzer target for the inventory loader: any bytes must give an inventory
// or diagnostics, never a crash, hang or sanitizer report; and every switch
// of an inventory that loads must expand its interface ranges as the
// transport will (the loader validated them, so expansion must not fail).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "model/interface_list.h"
#include "profile/load.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto inv = rocecfg::profile::load_inventory_text(text, "/nonexistent/inventory.toml");
  if (!inv.value) {
    (void)inv.diagnostics.render();
    return 0;
  }
  for (const rocecfg::profile::SwitchEntry& s : inv.value->switches)
    if (!rocecfg::model::expand_interface_lists(s.interfaces)) std::abort();
  return 0;
}
