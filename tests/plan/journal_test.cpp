// The apply journal: what a killed apply leaves for the next run to report.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <fmt/format.h>

#include "plan/journal.h"

using namespace rocecfg;
namespace fs = std::filesystem;

namespace {

plan::Step mtu_step(const std::string& target, uint32_t from, uint32_t to) {
  plan::Step s;
  s.target = target;
  s.knob = model::Knob::mtu;
  s.kind = plan::StepKind::change;
  s.before.mtu_bytes = from;
  s.after.mtu_bytes = to;
  return s;
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / fmt::format("rocecfg_journal_{}", ::getpid());
  TempDir() { fs::remove_all(path); }
  ~TempDir() { fs::remove_all(path); }
};

}  // namespace

TEST_SUITE("plan.journal") {
  TEST_CASE("a journal written before the writes is read back by the next run") {
    TempDir d;
    fs::create_directories(d.path);
    std::string dir = (d.path / "state").string();  // created on demand
    plan::Plan p;
    p.steps = {mtu_step("eth0", 1500, 9000), mtu_step("eth1", 1500, 9000),
               mtu_step("eth0", 1500, 9000)};
    REQUIRE(plan::begin_journal({dir, "host-apply.journal"}, p));
    const fs::perms root_only = fs::perms::owner_read | fs::perms::owner_write;
    CHECK((fs::status(dir + "/host-apply.journal").permissions() & fs::perms::all) == root_only);
    auto got = plan::read_journal({dir, "host-apply.journal"});
    REQUIRE(got);
    REQUIRE(got->has_value());
    CHECK((*got)->pid == ::getpid());
    CHECK((*got)->planned_changes == 3);
    CHECK((*got)->targets == std::vector<std::string>{"eth0", "eth1"});
    plan::InterruptedApply a = **got;
    a.started_unix_s = 1796130000;  // 2026-12-01 13:00:00 UTC
    CHECK(plan::describe(a) ==
          fmt::format("an earlier apply (pid {}, started 2026-12-01 13:00:00 UTC) did not finish: "
                      "it planned 3 change(s) on eth0, eth1",
                      ::getpid()));
    REQUIRE(plan::end_journal({dir, "host-apply.journal"}));
    auto none = plan::read_journal({dir, "host-apply.journal"});
    REQUIRE(none);
    CHECK_FALSE(none->has_value());
    CHECK(plan::end_journal({dir, "host-apply.journal"}));  // nothing there: still fine
  }

  TEST_CASE(
      "an unreadable journal or a planted symlink is an unfinished apply of unknown content") {
    TempDir d;
    fs::create_directories(d.path);
    std::ofstream(d.path / "host-apply.journal") << "{ truncated";
    auto got = plan::read_journal({d.path.string(), "host-apply.journal"});
    REQUIRE(got);
    REQUIRE(got->has_value());
    CHECK(plan::describe(**got) == "an earlier apply did not finish (its journal is unreadable)");
    fs::remove(d.path / "host-apply.journal");
    std::ofstream(d.path / "victim") << "precious\n";
    fs::create_symlink(d.path / "victim", d.path / "host-apply.journal");
    got = plan::read_journal({d.path.string(), "host-apply.journal"});
    REQUIRE(got);
    REQUIRE(got->has_value());
    CHECK((*got)->pid == 0);
    plan::Plan p;
    p.steps = {mtu_step("eth0", 1500, 9000)};
    REQUIRE(plan::begin_journal({d.path.string(), "host-apply.journal"}, p));
    CHECK_FALSE(fs::is_symlink(d.path / "host-apply.journal"));
    std::ifstream v(d.path / "victim");
    std::string line;
    std::getline(v, line);
    CHECK(line == "precious");
  }

  TEST_CASE("a state directory that is a symlink is refused") {
    TempDir d;
    fs::create_directories(d.path / "real");
    fs::create_directory_symlink(d.path / "real", d.path / "state");
    plan::Plan p;
    p.steps = {mtu_step("eth0", 1500, 9000)};
    Status s = plan::begin_journal({(d.path / "state").string(), "host-apply.journal"}, p);
    REQUIRE_FALSE(s);
    CHECK(s.error().to_string().find("state directory is not a directory (a symlink?)") !=
          std::string::npos);
    CHECK(fs::is_empty(d.path / "real"));
  }
}
