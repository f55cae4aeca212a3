// The link-safe writer for a path as a user gives it (`--svg map.svg`,
// `-o out.toml`): a symlink planted at the path is replaced, its target
// untouched; a missing directory is an error that leaves nothing behind.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>

#include "core/atomic_file.h"
#include "files.h"
#include "fs_tree.h"

namespace rocecfg {

TEST_SUITE("atomic file") {
  TEST_CASE("a path's planted symlink is replaced, never followed") {
    test::FsTree t;
    t.line("victim", "not yours");
    const std::string out = t.path("out/map.svg");
    std::filesystem::create_directories(t.path("out"));
    REQUIRE(::symlink(t.path("victim").c_str(), out.c_str()) == 0);
    REQUIRE(write_path_atomically(out, "<svg/>\n"));
    CHECK_FALSE(std::filesystem::is_symlink(out));
    CHECK(test::read_file(out) == "<svg/>\n");
    CHECK(test::read_file(t.path("victim")) == "not yours\n");
  }

  TEST_CASE("a path whose directory does not exist fails and leaves nothing") {
    test::FsTree t;
    Status s = write_path_atomically(t.path("nowhere/x.json"), "{}");
    CHECK_FALSE(s);
    CHECK_FALSE(std::filesystem::exists(t.path("nowhere")));
  }
}

}  // namespace rocecfg
