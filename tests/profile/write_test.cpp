// profile::write_profile is the inverse of the loader for what a profile
// states: written, then loaded again, every shipped profile gives back an
// equal Intent ([workload] and [validation] are not written; `rocecfg import`
// writes through it).
#include <doctest/doctest.h>

#include <filesystem>

#include "files.h"
#include "profile/load.h"
#include "profile/write.h"

using namespace rocecfg;

namespace {

void check_round_trip(const profile::Intent& a, const profile::Intent& b) {
  CHECK(b.name == a.name);
  CHECK(b.description == a.description);
  CHECK(b.lossless_priorities() == a.lossless_priorities());
  CHECK(b.lossless_dscp == a.lossless_dscp);
  CHECK(b.common == a.common);
  CHECK(b.host_mtu_bytes == a.host_mtu_bytes);
  CHECK(b.switch_mtu_bytes == a.switch_mtu_bytes);
}

profile::Intent reload(const profile::Intent& in, const std::string& name) {
  std::string text = profile::write_profile(in, {"header line"}, {"trailer line"});
  INFO(text);
  profile::Loaded<profile::Intent> again = profile::load_profile_text(text, name);
  INFO(again.diagnostics.render());
  REQUIRE(again.value);
  return *again.value;
}

// A profile text that must load.
profile::Intent loaded(const std::string& text) {
  profile::Loaded<profile::Intent> l = profile::load_profile_text(text, "s.toml");
  INFO(l.diagnostics.render());
  REQUIRE(l.value);
  return *l.value;
}

}  // namespace

TEST_SUITE("profile.write") {
  TEST_CASE("every shipped profile: write, load again, the same Intent") {
    int n = 0;
    for (const auto& e : std::filesystem::directory_iterator(test::source_path("profiles"))) {
      std::string path = e.path().string();
      if (e.path().extension() != ".toml" || path.find("inventory") != std::string::npos) continue;
      INFO(path);
      profile::Loaded<profile::Intent> first = profile::load_profile(path);
      REQUIRE(first.value);
      check_round_trip(*first.value, reload(*first.value, path));
      ++n;
    }
    CHECK(n >= 4);
  }

  TEST_CASE(
      "every class strict: no shares written, and it loads back (import of a strict switch)") {
    profile::Intent l = loaded(
        "[fabric]\nname = \"s\"\n[ets]\nprio_tc = [0, 1, 2, 3, 4, 5, 6, 7]\n"
        "strict = [0, 1, 2, 3, 4, 5, 6, 7]\n");
    REQUIRE(l.common.ets);
    for (model::Tsa a : l.common.ets->tc_tsa) CHECK(a == model::Tsa::strict);
    std::string text = profile::write_profile(l);
    CHECK(text.find("bandwidth_percent") == std::string::npos);
    check_round_trip(l, reload(l, "s.toml"));
  }

  TEST_CASE("comments stay comments and names with quotes survive") {
    profile::Loaded<profile::Intent> l = profile::load_profile_text(
        "[fabric]\nname = \"a \\\"quoted\\\" name\"\n[lossless]\npriorities = [3]\n"
        "trust = \"pcp\"\n",
        "q.toml");
    REQUIRE(l.value);
    std::string text = profile::write_profile(*l.value, {"line one\nline two"}, {"end"});
    // A control character is escaped (issue 33: one from a file name made
    // the imported profile fail to load); the newline too.
    CHECK(
        text.starts_with("# line one\\nline two\n\n[fabric]\nname = \"a \\\"quoted\\\" name\"\n"));
    CHECK(text.ends_with("# end\n"));
    check_round_trip(*l.value, reload(*l.value, "q.toml"));
  }
}

TEST_SUITE("profile.shared_split") {
  TEST_CASE("the shared buffer's split: read, for switches only, written back the same") {
    profile::Intent l = loaded(
        "[fabric]\nname = \"s\"\n[lossless]\npriorities = [3]\n[buffers]\n"
        "shared_lossless_percent = 50\nshared_headroom_percent = 5\n"
        "shared_lossy_percent = 45\nshared_multicast_percent = 19\n");
    REQUIRE(l.common.buffers);
    CHECK(l.common.buffers->shared == model::SharedSplit{50, 45, 5, 19});
    model::Settings sw = l.switch_settings();
    REQUIRE(sw.buffers);
    CHECK(sw.buffers->shared == model::SharedSplit{50, 45, 5, 19});
    CHECK_FALSE(l.host_settings().buffers);  // a NIC has no shared buffer to split
    check_round_trip(l, reload(l, "s.toml"));
    // Lossless and lossy alone (Cumulus's two pools) total 100 too.
    profile::Intent two = loaded(
        "[fabric]\nname = \"s\"\n[buffers]\nshared_lossless_percent = 50\n"
        "shared_lossy_percent = 50\n");
    CHECK(two.common.buffers->shared == model::SharedSplit{50, 50, {}, {}});
  }
}
