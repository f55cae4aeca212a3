#pragma once
// ../shared/wild-configs, the whole real public configs and outputs beside
// the checkout: absent on a bare clone (the test is skipped with a reason),
// required in CI (tests/run sets ROCECFG_NO_SKIP=1, and absence fails).
// ROCECFG_SOURCE_DIR is the test target's compile definition.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace rocecfg::test {

inline std::optional<std::filesystem::path> wild_corpus_dir() {
  std::filesystem::path dir = std::filesystem::path(ROCECFG_SOURCE_DIR) / "../shared/wild-configs";
  if (std::filesystem::is_directory(dir)) return dir;
  const char* no_skip = std::getenv("ROCECFG_NO_SKIP");
  if (no_skip && std::string(no_skip) == "1")
    FAIL(dir.string() << " is absent and ROCECFG_NO_SKIP=1: every test must run");
  MESSAGE("skipped: " << dir.string() << " is absent (the wild corpus lives beside the checkout)");
  return std::nullopt;
}

}  // namespace rocecfg::test
