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
}
