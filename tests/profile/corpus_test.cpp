// The bad-profile corpus: each tests/profile/bad/X.toml must be rejected with
// exactly the diagnostics pinned in X.expected (headline, source line, caret),
// all of them in one run.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "files.h"
#include "profile/load.h"

namespace fs = std::filesystem;
using namespace rocecfg;

TEST_CASE("every bad profile is rejected with its pinned diagnostics") {
  fs::current_path(ROCECFG_SOURCE_DIR);
  int checked = 0;
  for (const auto& entry : fs::directory_iterator("tests/profile/bad")) {
    if (entry.path().extension() != ".toml") continue;
    std::string rel = "tests/profile/bad/" + entry.path().filename().string();
    fs::path expected = entry.path();
    expected.replace_extension(".expected");
    CAPTURE(rel);
    REQUIRE(fs::exists(expected));
    profile::Loaded<profile::Intent> loaded = profile::load_profile(rel);
    CHECK_FALSE(loaded.value.has_value());
    CHECK(loaded.diagnostics.render() == test::read_file(expected));
    ++checked;
  }
  CHECK(checked >= 10);
}

TEST_CASE("every shipped profile loads without errors") {
  fs::current_path(ROCECFG_SOURCE_DIR);
  int loaded_count = 0;
  for (const auto& entry : fs::recursive_directory_iterator("profiles")) {
    if (entry.path().extension() != ".toml" ||
        entry.path().filename().string().starts_with("inventory"))
      continue;
    CAPTURE(entry.path().string());
    profile::Loaded<profile::Intent> loaded = profile::load_profile(entry.path().string());
    CHECK(loaded.diagnostics.render() == "");
    CHECK(loaded.value.has_value());
    ++loaded_count;
  }
  CHECK(loaded_count >= 4);
}
