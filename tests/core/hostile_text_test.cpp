// Text and files from outside: escaped, bounded, never a crash.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <fmt/format.h>
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

  TEST_CASE("diagnostics are capped per file with one summary line") {
    Diagnostics d;
    for (int i = 1; i <= kMaxDiagnosticsPerFile + 250; ++i) d.error({"a.toml", i, 1}, "k", "bad");
    d.error({"b.toml", 1, 1}, "k", "bad");
    CHECK(d.all().size() == static_cast<size_t>(kMaxDiagnosticsPerFile) + 2);
    CHECK(d.has_errors());
    std::string out = d.render();
    CHECK(out.find("a.toml: error: 250 more problem(s) in this file not shown (first 100 shown)\n"
                   "b.toml:1:1: error: k: bad\n") != std::string::npos);
  }

  TEST_CASE("secret-looking lines are never echoed; others are escaped and cut") {
    std::string path =
        fs::temp_directory_path() / fmt::format("rocecfg_secret_{}.toml", ::getpid());
    {
      std::ofstream f(path);
      f << "password = \"hunter2\"\n"
        << "name = \"a\x1b[2Jb\"\n"
        << "x = \"" << std::string(400, 'y') << "\" # z\n";
    }
    Diagnostics d;
    d.error({path, 1, 12}, "switch[0].password", "passwords never go in files");
    d.error({path, 2, 8}, "name", "\"a\x1b[2Jb\" is not valid");
    d.error({path, 3, 410}, "x", "too long");
    std::string out = d.render();
    CHECK(out.find("hunter2") == std::string::npos);
    CHECK(out == path + ":1:12: error: switch[0].password: passwords never go in files\n" + path +
                     ":2:8: error: name: \"a\\e[2Jb\" is not valid\n"
                     "    name = \"a\\e[2Jb\"\n"
                     "           ^\n" +
                     path + ":3:410: error: x: too long\n    ..." + std::string(76, 'y') +
                     "\" # z\n" + "    " + std::string(83, ' ') + "^\n");
    std::remove(path.c_str());
  }

  TEST_CASE("under sudo, lines of a file the invoking user cannot read are not shown") {
    if (::geteuid() != 0) {
      MESSAGE("needs root (the sudo case)");
      return;
    }
    std::string path =
        fs::temp_directory_path() / fmt::format("rocecfg_rootonly_{}.toml", ::getpid());
    std::ofstream(path) << "secret_of_root = 1\nroot_only = 2\n";
    ::chmod(path.c_str(), 0600);
    Diagnostics d;
    d.error({path, 2, 1}, "root_only", "unknown key");
    ::setenv("SUDO_UID", "65534", 1);
    ::setenv("SUDO_GID", "65534", 1);
    CHECK(d.render() == path + ":2:1: error: root_only: unknown key\n");
    ::chmod(path.c_str(), 0644);
    CHECK(d.render() == path + ":2:1: error: root_only: unknown key\n    root_only = 2\n    ^\n");
    ::unsetenv("SUDO_UID");
    ::unsetenv("SUDO_GID");
    std::remove(path.c_str());
  }
}
