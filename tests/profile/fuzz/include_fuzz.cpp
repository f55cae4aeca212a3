// libFuzzer target for include chains: the input is split at its first NUL
// into a top profile and the file it may include (inc.toml, in a directory of
// our own), so the resolver, the once-per-chain rule and the caps see
// arbitrary text on both sides.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "profile/load.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                           ("rocecfg_include_fuzz." + std::to_string(::getpid()));
  static bool made = std::filesystem::create_directories(dir) || true;
  (void)made;
  std::string input(reinterpret_cast<const char*>(data), size);
  size_t nul = input.find('\0');
  std::string top = input.substr(0, nul);
  std::string inc = nul == std::string::npos ? std::string() : input.substr(nul + 1);
  std::ofstream(dir / "top.toml", std::ios::trunc) << top;
  std::ofstream(dir / "inc.toml", std::ios::trunc) << inc;
  auto loaded = rocecfg::profile::load_profile((dir / "top.toml").string());
  if (!loaded.value) (void)loaded.diagnostics.render();
  auto inv = rocecfg::profile::load_inventory((dir / "top.toml").string());
  (void)inv;
  return 0;
}
