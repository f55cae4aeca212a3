// Hostile profiles and includes: every one is a located error, none a crash,
// a hang or an unbounded read.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "headlines.h"
#include "profile/load.h"
#include "profile/overlay.h"
#include "profile/source_file.h"

using namespace rocecfg;
using rocecfg::test::headlines;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path = fs::temp_directory_path() / fmt::format("rocecfg_hostile_{}", ::getpid());
  TempDir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string file(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
    return (path / name).string();
  }
};


std::string deep_header(int levels) {
  std::string key = "a";
  for (int i = 1; i < levels; ++i) key += ".a";
  return key;
}

constexpr const char* kFabric = "[fabric]\nname = \"t\"\n";

}  // namespace

TEST_SUITE("profile.hostile") {
  TEST_CASE("keys nested 50,000 deep are refused before toml++ parses them") {
    for (std::string text : {"[" + deep_header(50000) + "]\nx = 1\n", deep_header(50000) + " = 1\n",
                             "x = { " + deep_header(50000) + " = 1 }\n"}) {
      auto l = profile::load_profile_text(text, "deep.toml");
      CHECK_FALSE(l.value);
      REQUIRE(l.diagnostics.all().size() == 1);
      CHECK(l.diagnostics.all()[0].message ==
            "keys and tables nest deeper than 32 levels; refused before parsing");
      CHECK(l.diagnostics.all()[0].pos.line == 1);
    }
    auto inv = profile::load_inventory_text("[" + deep_header(50000) + "]\n", "inv.toml");
    CHECK_FALSE(inv.value);
  }

  TEST_CASE("32 levels, floats, times and dotted strings are not depth") {
    CHECK_FALSE(profile::find_deep_key("[" + deep_header(32) + "]\n", "p"));
    CHECK(profile::find_deep_key("[" + deep_header(33) + "]\n", "p"));
    CHECK_FALSE(profile::find_deep_key("x = [" + std::string(40, '1') + ".5, 1.5, 2.5]\n", "p"));
    std::string many_floats = "x = [";
    for (int i = 0; i < 100; ++i) many_floats += "1.5, ";
    CHECK_FALSE(profile::find_deep_key(many_floats + "]\n", "p"));
    CHECK_FALSE(profile::find_deep_key("t = 07:32:00.999\n", "p"));
    CHECK_FALSE(profile::find_deep_key("s = \"" + deep_header(100) + "\"\n", "p"));
    CHECK_FALSE(profile::find_deep_key("s = '''\n" + deep_header(100) + "\n'''\n", "p"));
    CHECK_FALSE(profile::find_deep_key("# " + deep_header(100) + "\n", "p"));
    auto at = profile::find_deep_key("x = 1\n\n  \"q\".\"r\"." + deep_header(40) + " = 1\n", "p");
    REQUIRE(at);
    CHECK(at->line == 3);
  }

  TEST_CASE("an include that is a directory, a FIFO or /dev/zero is a located error") {
    TempDir t;
    fs::create_directories(t.path / "dir.toml");
    REQUIRE(::mkfifo((t.path / "fifo.toml").c_str(), 0600) == 0);
    std::string top =
        t.file("top.toml",
               "include = [\"dir.toml\", \"fifo.toml\", \"/dev/zero\"]\n" + std::string(kFabric));
    auto l = profile::load_profile(top);
    CHECK_FALSE(l.value);
    std::string d = (t.path / "").string();
    CHECK(headlines(l.diagnostics) ==
          top + ":1:12: error: include: cannot read \"" + d +
              "dir.toml\": is a directory, not a file\n" + top +
              ":1:24: error: include: cannot read \"" + d +
              "fifo.toml\": is not a regular file (a FIFO); only regular files are read\n" + top +
              ":1:37: error: include: cannot read \"/dev/zero\": is not a regular file (a "
              "character device); only regular files are read\n");
  }

  TEST_CASE("the profile itself must be a bounded regular file") {
    TempDir t;
    auto dir = profile::load_profile(t.path.string());
    CHECK(headlines(dir.diagnostics) ==
          t.path.string() + ": error: cannot read file: is a directory, not a file\n");
    auto zero = profile::load_inventory("/dev/zero");
    CHECK(headlines(zero.diagnostics) ==
          "/dev/zero: error: cannot read file: is not a regular file (a character device); "
          "only regular files are read\n");
    std::string big = t.file("big.toml", std::string(kFabric) + "# " +
                                             std::string(profile::kMaxSourceBytes, 'x') + "\n");
    auto l = profile::load_profile(big);
    CHECK(headlines(l.diagnostics) ==
          big + ": error: cannot read file: is 1048599 bytes; the limit for this file is 1 MiB\n");
  }

  TEST_CASE("a symlink loop or a 300-character include name does not throw") {
    TempDir t;
    fs::create_symlink(t.path / "loop1.toml", t.path / "loop2.toml");
    fs::create_symlink(t.path / "loop2.toml", t.path / "loop1.toml");
    std::string long_name(300, 'n');
    std::string top = t.file(
        "top.toml", "include = [\"loop1.toml\", \"" + long_name + "\"]\n" + std::string(kFabric));
    auto l = profile::load_profile(top);
    CHECK_FALSE(l.value);
    std::string d = (t.path / "").string();
    CHECK(headlines(l.diagnostics) == top + ":1:12: error: include: cannot read \"" + d +
                                          "loop1.toml\": too many levels of symbolic links\n" +
                                          top + ":1:26: error: include: cannot read \"" + d +
                                          long_name + "\": file name too long\n");
  }

  TEST_CASE("a file is included once per load; the total is capped") {
    TempDir t;
    t.file("base.toml", "[cnp]\ndscp = 48\n");
    t.file("a.toml", "include = \"base.toml\"\n");
    std::string top =
        t.file("top.toml", "include = [\"a.toml\", \"base.toml\"]\n" + std::string(kFabric));
    auto l = profile::load_profile(top);
    CHECK_FALSE(l.value);
    CHECK(headlines(l.diagnostics) ==
          top + ":1:22: error: include: \"" + (t.path / "base.toml").string() +
              "\" is already included (at " + (t.path / "a.toml").string() +
              ":1:11); include each file once\n");
    // The blow-up: each file includes the next one twice.
    for (int i = 0; i < 40; ++i)
      t.file(fmt::format("c{}.toml", i), fmt::format("include = [\"c{}.toml\"]\n", i + 1));
    auto chain = profile::load_profile((t.path / "c0.toml").string());
    CHECK_FALSE(chain.value);
    REQUIRE_FALSE(chain.diagnostics.all().empty());
    CHECK(chain.diagnostics.all().back().message == "more than 32 files in one load; refused");
  }

  TEST_CASE("20,000 bad list items give 100 diagnostics and a summary") {
    std::string text = fmt::format("{}[lossless]\npriorities = [", kFabric);
    for (int i = 0; i < 20000; ++i) text += "99, ";
    text += "]\n";
    auto l = profile::load_profile_text(text, "many.toml");
    CHECK_FALSE(l.value);
    CHECK(l.diagnostics.all().size() == 101);
    CHECK(l.diagnostics.all().back().headline() ==
          "many.toml: error: 19900 more problem(s) in this file not shown (first 100 shown)");
  }

  TEST_CASE("sizes that do not fit are refused, never wrapped") {
    auto ecn = [](const std::string& min) {
      return profile::load_profile_text(
          fmt::format("{}[ecn]\nmin_threshold = \"{}\"\nmax_threshold = \"16000000000GiB\"\n"
                      "mark_probability_percent = 10\n",
                      kFabric, min),
          "u.toml");
    };
    // 2^64 bytes wrapped to 0 (ECN marking from an empty queue); +1 GiB to 1 GiB.
    for (std::string bad : {"17179869184GiB", "17179869185GiB"}) {
      auto l = ecn(bad);
      CHECK_FALSE(l.value);
      CHECK(headlines(l.diagnostics)
                .find("u.toml:4:17: error: ecn.min_threshold: \"" + bad + "\" is not a size") !=
            std::string::npos);
    }
    auto l = ecn("5GiB");
    CHECK(headlines(l.diagnostics) ==
          "u.toml:4:17: error: ecn.min_threshold: \"5GiB\" is 5368709120 bytes, too large "
          "(allowed: at most 4294967295 bytes)\n"
          "u.toml:5:17: error: ecn.max_threshold: \"16000000000GiB\" is 17179869184000000000 "
          "bytes, too large (allowed: at most 4294967295 bytes)\n");
  }

  TEST_CASE("probe sizes stop where the probe engine stops") {
    auto l = profile::load_profile_text(
        fmt::format("{}[validation]\nprobe_message_sizes = [\"64MiB\", \"65MiB\"]\n", kFabric),
        "v.toml");
    CHECK(headlines(l.diagnostics) ==
          "v.toml:4:33: error: validation.probe_message_sizes[1]: 68157440 bytes is out of range "
          "(allowed: 1B..64MiB)\n");
  }
}
