#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "profile/load.h"
#include "profile/overlay.h"

using namespace rocecfg;
namespace fs = std::filesystem;

TEST_SUITE("profile.overlay") {
  TEST_CASE("tables merge key by key; scalars and arrays replace") {
    toml::table base = toml::parse(R"(
[ecn]
min_threshold = "150KB"
max_threshold = "1500KB"
[lossless]
priorities = [3, 4]
)");
    toml::table top = toml::parse(R"(
[ecn]
min_threshold = "300KB"
[lossless]
priorities = [3]
)");
    profile::merge_tables(base, std::move(top));
    CHECK(base.at_path("ecn.min_threshold").value<std::string>() == "300KB");
    CHECK(base.at_path("ecn.max_threshold").value<std::string>() == "1500KB");
    CHECK(base.at_path("lossless.priorities").as_array()->size() == 1);
  }

  TEST_CASE("the shipped site overlay inherits the base and overrides what it names") {
    fs::current_path(ROCECFG_SOURCE_DIR);
    auto site = profile::load_profile("profiles/sites/rack-a-storage.toml");
    auto base = profile::load_profile("profiles/roce-lossless.toml");
    REQUIRE(site.value);
    REQUIRE(base.value);
    CHECK(site.value->name == "rack-a-storage");
    CHECK(site.value->common.ecn->min_threshold_bytes == 300000);
    CHECK(site.value->common.ecn->max_threshold_bytes == 3000000);
    CHECK(site.value->common.ecn->mark_probability_percent == 10);  // inherited
    CHECK(site.value->common.buffers->cable_length_m == 30u);
    CHECK(site.value->common.dscp_priority == base.value->common.dscp_priority);
    CHECK(site.value->common.dcqcn == base.value->common.dcqcn);
  }

  TEST_CASE("an error in an included file points at that file") {
    fs::path dir = fs::temp_directory_path() / "rocecfg_overlay_test";
    fs::create_directories(dir);
    {
      std::ofstream(dir / "base.toml")
          << "[fabric]\nname = \"b\"\n[cnp]\ndscp = 99\npriority = 6\n";
    }
    std::string top = "include = \"base.toml\"\n[fabric]\nname = \"t\"\n";
    auto l = profile::load_profile_text(top, (dir / "top.toml").string());
    CHECK_FALSE(l.value);
    REQUIRE(l.diagnostics.all().size() == 1);
    CHECK(l.diagnostics.all()[0].headline() ==
          (dir / "base.toml").string() +
              ":4:8: error: cnp.dscp: 99 is out of range (allowed: 0..63)");
    fs::remove_all(dir);
  }

  // Issue 36 item 7: what an override of a map, a bad value and a dropped
  // key do, pinned to the diagnostics a user reads.
  TEST_CASE("a map value replaces the inherited one, whole; its error is at the overriding line") {
    const std::string base = ROCECFG_SOURCE_DIR "/profiles/roce-lossless.toml";
    const std::string top = "/tmp/rocecfg-overlay-top.toml";
    auto ok = profile::load_profile_text(
        "include = \"" + base +
            "\"\n[fabric]\nname = \"t\"\n[ets]\nbandwidth_percent = { 3 = 100 }\n",
        top);
    REQUIRE_MESSAGE(ok.value, ok.diagnostics.render());
    CHECK(ok.value->common.ets->tc_bandwidth_percent[3] == 100);
    CHECK(ok.value->common.ets->tc_bandwidth_percent[0] == 0);
    auto bad = profile::load_profile_text(
        "include = \"" + base +
            "\"\n[fabric]\nname = \"t\"\n[ets]\nbandwidth_percent = { 3 = 90 }\n",
        top);
    CHECK_FALSE(bad.value);
    REQUIRE(bad.diagnostics.all().size() == 1);
    CHECK(bad.diagnostics.all()[0].headline() ==
          top +
              ":5:21: error: ets.bandwidth_percent: shares sum to 90%; ETS classes must share "
              "exactly 100% (allowed: a sum of 100)");
  }

  TEST_CASE("unset drops an inherited key; a key no include sets is an error at its line") {
    const std::string base = ROCECFG_SOURCE_DIR "/profiles/roce-lossless.toml";
    const std::string top = "/tmp/rocecfg-overlay-top.toml";
    auto dropped = profile::load_profile_text("include = \"" + base +
                                                  "\"\nunset = [\"ecn\", \"ets.strict\", "
                                                  "\"pfc_watchdog\"]\n[dcqcn]\nenabled = false\n",
                                              top);
    REQUIRE_MESSAGE(dropped.value, dropped.diagnostics.render());
    CHECK_FALSE(dropped.value->common.ecn);
    CHECK_FALSE(dropped.value->common.pfc_watchdog);
    auto unknown =
        profile::load_profile_text("include = \"" + base + "\"\nunset = [\"ecn.nosuch\"]\n", top);
    CHECK_FALSE(unknown.value);
    REQUIRE(unknown.diagnostics.all().size() == 1);
    CHECK(unknown.diagnostics.all()[0].headline() ==
          top +
              ":2:10: error: unset: \"ecn.nosuch\" is not set by the included files; nothing "
              "to drop");
    auto alone = profile::load_profile_text("unset = [\"ecn\"]\n[fabric]\nname = \"x\"\n", top);
    CHECK_FALSE(alone.value);
    REQUIRE(alone.diagnostics.all().size() == 1);
    CHECK(alone.diagnostics.all()[0].headline() ==
          top +
              ":1:9: error: unset: drops keys inherited through include; this file includes "
              "nothing");
  }

  TEST_CASE("one bad ecn value is one error, not also \"[ecn] is missing\"") {
    const std::string base = ROCECFG_SOURCE_DIR "/profiles/roce-lossless.toml";
    const std::string top = "/tmp/rocecfg-overlay-top.toml";
    auto l = profile::load_profile_text(
        "include = \"" + base + "\"\n[ecn]\nmin_threshold = \"lots\"\n", top);
    CHECK_FALSE(l.value);
    std::vector<std::string> heads;
    for (const Diagnostic& d : l.diagnostics.all()) heads.push_back(d.headline());
    REQUIRE(heads.size() == 1);
    CHECK(heads[0].starts_with(top + ":3:17: error: ecn.min_threshold: "));
  }
}
