// The counter corpus (tests/switch/counter_corpus/<vendor>/*.txt, README.md
// there): saved outputs in the shapes people keep them, each written after a
// public example named in its header, with every counter it states written out
// by hand in <name>.expected.json. Every file must read exactly those counters
// (none more, none fewer, same unit) or be refused with the expected reason.
// The four SONiC counter outputs in ../shared/wild-configs/sonic are read the
// same way (skipped with the reason where ../shared is absent; CI sets
// ROCECFG_NO_SKIP=1). Prints the share of stated values read per directory.
#include <cstdlib>
#include <filesystem>
#include <set>

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "files.h"
#include "switch/counter_reader.h"
#include "switch_fixtures.h"

namespace rocecfg::sw::testing {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// "Ethernet0 priority 0-7 pause_rx_frames frames 1 2 3 4 5 6 7 8" -> one
// "port scope index kind unit value" line per index.
std::set<std::string> expand(const json& lines) {
  std::set<std::string> out;
  for (const json& l : lines) {
    auto f = split_fields(l.get<std::string>());
    REQUIRE(f.size() >= 6);
    int first = -1, last = -1;
    if (f[2] != "-") {
      size_t dash = f[2].find('-');
      first = std::stoi(f[2].substr(0, dash));
      last = dash == std::string::npos ? first : std::stoi(f[2].substr(dash + 1));
    }
    REQUIRE_MESSAGE(f.size() == 5 + static_cast<size_t>(last - first + 1), l.get<std::string>());
    for (int i = first; i <= last; ++i)
      out.insert(fmt::format("{} {} {} {} {} {}", f[0], f[1], i < 0 ? "-" : std::to_string(i), f[3],
                             f[4], f[5 + (i - first)]));
  }
  return out;
}

std::set<std::string> read_lines(const CounterSnapshot& s) {
  std::set<std::string> out;
  for (const auto& [k, v] : s.counters)
    out.insert(fmt::format("{} {} {} {} {} {}", k.port, to_string(k.scope),
                           k.scope == CounterScope::port ? "-" : std::to_string(k.index),
                           to_string(k.kind), to_string(v.unit), v.value));
  return out;
}

struct Tally {
  size_t stated = 0, read = 0, files = 0;
};

// Check one saved output against its expected file; add to the tally.
void check_file(const std::string& vendor, const fs::path& text, const fs::path& expected,
                Tally& tally) {
  INFO(text.string());
  auto reader = make_counter_reader(vendor);
  REQUIRE(reader);
  json want = json::parse(test::read_file(expected));
  auto snap = parse_transcript(*reader, test::read_file(text), vendor);
  size_t stated = want.value("stated", 0u);
  tally.stated += stated;
  ++tally.files;
  if (want.contains("refused")) {
    REQUIRE_FALSE(snap.has_value());
    CHECK(snap.error().to_string() == want["refused"].get<std::string>());
    return;
  }
  REQUIRE_MESSAGE(snap.has_value(), (snap ? "" : snap.error().to_string()));
  std::set<std::string> got = read_lines(*snap), exp = expand(want["counters"]);
  for (const std::string& g : got) CHECK_MESSAGE(exp.count(g), "read but not expected: " << g);
  for (const std::string& e : exp) CHECK_MESSAGE(got.count(e), "expected but not read: " << e);
  CHECK(snap->not_available.size() == want.value("not_available", 0u));
  tally.read += got.size();
}

void report(const std::string& what, const Tally& t) {
  fmt::print("counter corpus {}: {} file(s), {} of {} stated counter values read ({:.0f} %)\n",
             what, t.files, t.read, t.stated, t.stated ? 100.0 * t.read / t.stated : 0.0);
}

}  // namespace

TEST_SUITE("counter corpus") {
  TEST_CASE("every saved output reads exactly the counters it states, or is refused as expected") {
    fs::path root = fs::path(ROCECFG_SOURCE_DIR) / "tests/switch/counter_corpus";
    Tally all;
    for (const std::string vendor :
         {"cumulus", "eos", "h3c", "huawei-ce", "junos", "nxos", "sonic"}) {
      Tally t;
      for (const auto& e : fs::directory_iterator(root / vendor)) {
        if (e.path().extension() != ".txt") continue;
        fs::path expected = e.path();
        expected.replace_extension(".expected.json");
        REQUIRE_MESSAGE(fs::exists(expected), expected.string());
        check_file(vendor, e.path(), expected, t);
      }
      CHECK(t.files >= 2);
      report(vendor, t);
      all.stated += t.stated;
      all.read += t.read;
      all.files += t.files;
    }
    report("all vendors", all);
    CHECK(all.files >= 15);
  }

  TEST_CASE("the SONiC counter outputs of ../shared/wild-configs") {
    fs::path wild = fs::path(ROCECFG_SOURCE_DIR) / "../shared/wild-configs/sonic";
    const char* no_skip = std::getenv("ROCECFG_NO_SKIP");
    if (!fs::exists(wild)) {
      if (no_skip && std::string(no_skip) == "1") FAIL("../shared/wild-configs/sonic is absent");
      MESSAGE("skipped: ../shared/wild-configs/sonic is absent beside the checkout");
      return;
    }
    fs::path expected = fs::path(ROCECFG_SOURCE_DIR) / "tests/switch/counter_corpus/wild";
    Tally t;
    for (const char* name :
         {"counters-show-pfc-counters-history.txt", "counters-show-queue-counters-Ethernet0.txt",
          "counters-show-queue-counters-all-trim.txt",
          "counters-show-queue-wredcounters-Ethernet16.txt"})
      check_file("sonic", wild / name, expected / (std::string(name) + ".expected.json"), t);
    report("wild SONiC", t);
    CHECK(t.files == 4);
  }
}

}  // namespace rocecfg::sw::testing
