// Text and files from outside: escaped, bounded, never a crash.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/diagnostic.h"
#include "core/printable.h"
#include "core/regular_file.h"

using namespace rocecfg;
namespace fs = std::filesystem;

TEST_SUITE("core.hostile") {
  TEST_CASE("printable escapes controls and invalid UTF-8, keeps valid UTF-8") {
    CHECK(printable("swp1: ok") == "swp1: ok");
    CHECK(printable("bad\n[applied] leaf2") == "bad\\n[applied] leaf2");
    CHECK(printable("\x1b[31mred\x1b[0m") == "\\e[31mred\\e[0m");
    CHECK(printable("a\rb\tc\x7f") == "a\\rb\\tc\\x7f");
    CHECK(printable("caf\xc3\xa9 \xe2\x82\xac") == "caf\xc3\xa9 \xe2\x82\xac");
    CHECK(printable("\xff\xfe") == "\\xff\\xfe");
    CHECK(printable("\xc3") == "\\xc3");                    // truncated sequence
    CHECK(printable("\xc0\xaf") == "\\xc0\\xaf");           // overlong '/'
    CHECK(printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");  // surrogate
    CHECK(printable("\xc2\x9b"
                    "2J") == "\\u009b2J");  // C1 CSI
    CHECK(printable(std::string("a\0b", 3)) == "a\\x00b");
  }

  TEST_CASE("json_text replaces invalid UTF-8 instead of throwing") {
    nlohmann::json j{{"error", "switch said \xff\xfe then \xc3"}};
    CHECK_THROWS(j.dump());  // what aborted fleet runs
    std::string text = json_text(j, -1);
    CHECK(text == "{\"error\":\"switch said \xef\xbf\xbd\xef\xbf\xbd then \xef\xbf\xbd\"}");
    CHECK(nlohmann::json::parse(text)["error"] ==
          "switch said \xef\xbf\xbd\xef\xbf\xbd then \xef\xbf\xbd");
  }

  TEST_CASE("read_regular_file refuses what is not a bounded regular file") {
    fs::path dir = fs::temp_directory_path() / fmt::format("rocecfg_rf_{}", ::getpid());
    fs::create_directories(dir);
    auto err = [](const Result<std::string>& r) {
      return r ? std::string("ok") : r.error().message;
    };
    CHECK(err(read_regular_file(dir.string(), 1024)) == "is a directory, not a file");
    CHECK(err(read_regular_file("/dev/zero", 1024)) ==
          "is not a regular file (a FIFO, device or socket); only regular files are read");
    std::string fifo = (dir / "fifo").string();
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(err(read_regular_file(fifo, 1024)) ==
          "is not a regular file (a FIFO, device or socket); only regular files are read");
    std::string big = (dir / "big").string();
    std::ofstream(big) << std::string(2000, 'x');
    CHECK(err(read_regular_file(big, 1024)) ==
          "is 2000 bytes; the limit for this file is 1024 bytes");
    CHECK(err(read_regular_file((dir / "none").string(), 1024)) == "no such file or directory");
    Result<std::string> ok = read_regular_file(big, 2000);
    REQUIRE(ok);
    CHECK(ok->size() == 2000);
    fs::remove_all(dir);
  }
}
