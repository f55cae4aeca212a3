// [congestion] algorithm and [dcbx] owner (profiles/README.md): what each
// algorithm implies for [dcqcn] and [ecn], contradictions as located errors.
#include <doctest/doctest.h>

#include <initializer_list>
#include <string_view>

#include "profile/load.h"

using namespace rocecfg;

namespace {

constexpr const char* kBase = R"([fabric]
name = "cc"
[lossless]
priorities = [3]
dscp = [26]
trust = "dscp"
)";

// The base profile and the given tables, appended (no operator+ chains: GCC
// 12's false -Warray-bounds on them, bug 105329).
profile::Loaded<profile::Intent> load_cc(std::initializer_list<std::string_view> tables) {
  std::string text(kBase);
  for (std::string_view t : tables) text.append(t);
  return profile::load_profile_text(text, "cc.toml");
}

std::string cc_headlines(const Diagnostics& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics.all()) out += d.headline() + "\n";
  return out;
}

constexpr const char* kEcn = R"([ecn]
min_threshold = "150KB"
max_threshold = "1500KB"
mark_probability_percent = 10
)";

}  // namespace

TEST_SUITE("profile.congestion") {
  TEST_CASE("each algorithm name loads; the stated one wins over [dcqcn]") {
    auto pfc = load_cc({"[congestion]\nalgorithm = \"pfc-only\"\n"});
    REQUIRE(pfc.value);
    CHECK(pfc.value->congestion == model::CongestionAlgorithm::pfc_only);
    CHECK(pfc.value->congestion_algorithm() == model::CongestionAlgorithm::pfc_only);
    CHECK(pfc.diagnostics.render() == "");

    auto prog = load_cc({"[congestion]\nalgorithm = \"programmable\"\n[dcqcn]\nenabled = false\n"});
    REQUIRE(prog.value);
    CHECK(prog.value->congestion_algorithm() == model::CongestionAlgorithm::programmable);

    auto dcqcn =
        load_cc({"[congestion]\nalgorithm = \"dcqcn\"\n", kEcn, "[dcqcn]\nenabled = true\n"});
    REQUIRE(dcqcn.value);
    CHECK(dcqcn.value->congestion_algorithm() == model::CongestionAlgorithm::dcqcn);
  }

  TEST_CASE("without [congestion] the algorithm is inferred from [dcqcn], then [ecn]") {
    auto off = load_cc({"[dcqcn]\nenabled = false\n"});
    REQUIRE(off.value);
    CHECK_FALSE(off.value->congestion);
    CHECK(off.value->congestion_algorithm() == model::CongestionAlgorithm::pfc_only);
    auto ecn_only = load_cc({kEcn});
    REQUIRE(ecn_only.value);
    CHECK(ecn_only.value->congestion_algorithm() == model::CongestionAlgorithm::dcqcn);
    auto none = load_cc({""});
    REQUIRE(none.value);
    CHECK_FALSE(none.value->congestion_algorithm());
  }

  TEST_CASE("contradictions are located errors, all at once") {
    auto l = load_cc({R"([congestion]
algorithm = "pfc-only"
[dcqcn]
enabled = true
[dcbx]
owner = "nobody"
)"});
    CHECK_FALSE(l.value);
    CHECK(cc_headlines(l.diagnostics) ==
          "cc.toml:10:11: error: dcqcn.enabled: DCQCN is on but [ecn] is missing; senders slow "
          "down only when switches mark (allowed: an [ecn] table, or dcqcn.enabled = false)\n"
          "cc.toml:10:11: error: dcqcn.enabled: DCQCN is on but congestion.algorithm is "
          "\"pfc-only\", which runs without it (allowed: dcqcn.enabled = false (or no "
          "[dcqcn]), or congestion.algorithm = \"dcqcn\")\n"
          "cc.toml:12:9: error: dcbx.owner: \"nobody\" is not a known value (allowed: \"host\", "
          "\"switch\")\n");
  }

  TEST_CASE("programmable with DCQCN on; dcqcn with DCQCN off or without [ecn]") {
    auto prog = load_cc(
        {"[congestion]\nalgorithm = \"programmable\"\n", kEcn, "[dcqcn]\nenabled = true\n"});
    CHECK(cc_headlines(prog.diagnostics) ==
          "cc.toml:14:11: error: dcqcn.enabled: DCQCN is on but congestion.algorithm is "
          "\"programmable\", which runs without it (allowed: dcqcn.enabled = false (or no "
          "[dcqcn]), or congestion.algorithm = \"dcqcn\")\n");
    auto off = load_cc({"[congestion]\nalgorithm = \"dcqcn\"\n[dcqcn]\nenabled = false\n"});
    CHECK(cc_headlines(off.diagnostics) ==
          "cc.toml:10:11: error: dcqcn.enabled: DCQCN is off but congestion.algorithm is "
          "\"dcqcn\" (allowed: dcqcn.enabled = true, or congestion.algorithm = \"pfc-only\")\n");
    auto bare = load_cc({"[congestion]\nalgorithm = \"dcqcn\"\n"});
    CHECK(cc_headlines(bare.diagnostics) ==
          "cc.toml:8:13: error: congestion.algorithm: DCQCN needs switches that mark ECN, and "
          "[ecn] is missing (allowed: an [ecn] table, or congestion.algorithm = \"pfc-only\")\n");
  }

  TEST_CASE("pfc-only with [ecn] is a warning; unknown names and keys are errors") {
    auto l = load_cc({"[congestion]\nalgorithm = \"pfc-only\"\n", kEcn});
    REQUIRE(l.value);
    CHECK(cc_headlines(l.diagnostics) ==
          "cc.toml:9:1: warning: ecn: switches mark ECN but congestion.algorithm is "
          "\"pfc-only\": no sender reacts to the marks (keep [ecn] only if other traffic on these "
          "priorities uses them)\n");
    auto bad = load_cc({"[congestion]\nalgorithm = \"hpcc\"\nalgo = 1\n[dcbx]\n"});
    CHECK_FALSE(bad.value);
    CHECK(cc_headlines(bad.diagnostics) ==
          "cc.toml:9:1: error: congestion.algo: unknown key (allowed: algorithm)\n"
          "cc.toml:8:13: error: congestion.algorithm: \"hpcc\" is not a known value (allowed: "
          "\"dcqcn\", \"pfc-only\", \"programmable\")\n"
          "cc.toml:10:1: error: dcbx.owner: missing\n");
  }

  TEST_CASE("[dcbx] owner") {
    auto l = load_cc({"[dcbx]\nowner = \"switch\"\n"});
    REQUIRE(l.value);
    CHECK(l.value->qos_owner == model::QosOwner::switch_);
    CHECK_FALSE(load_cc({""}).value->qos_owner);
  }
}
