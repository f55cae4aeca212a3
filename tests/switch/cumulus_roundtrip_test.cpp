// The shipped profile rendered for Cumulus from factory state, parsed back and
// audited, is in sync: the factory config marks ECN on traffic class 0 (CL 5.x
// QoS docs, default_ecn_red_conf.egress_queue_list = [0]), so the render must
// disable it, and the thresholds read back are those of the profile on TC 3.
#include <doctest/doctest.h>

#include <algorithm>

#include "profile/load.h"
#include "switch/engine.h"

namespace rocecfg::sw::testing {

TEST_CASE("cumulus: roce-lossless.toml render -> parse -> audit is in sync") {
  auto loaded =
      profile::load_profile(std::string(ROCECFG_SOURCE_DIR) + "/profiles/roce-lossless.toml");
  REQUIRE(loaded.value);
  model::Settings intent = loaded.value->switch_settings();
  auto a = make_adapter("cumulus");
  REQUIRE(a);
  Diagnostics warnings;
  auto lines = render_all(*a, intent, {}, warnings);
  REQUIRE_MESSAGE(lines, lines.error().to_string());
  auto has = [&](const std::string& l) {
    return std::find(lines->begin(), lines->end(), l) != lines->end();
  };
  CHECK(has("nv set qos congestion-control default-global traffic-class 0 ecn disable"));
  CHECK(has("nv set qos congestion-control default-global traffic-class 3 ecn enable"));
  CHECK(has("nv set qos congestion-control default-global traffic-class 3 min-threshold 150000"));
  CHECK(has("nv set qos congestion-control default-global traffic-class 3 max-threshold 1500000"));
  CHECK(has("nv set qos congestion-control default-global traffic-class 3 probability 10"));

  std::string text;
  for (const std::string& l : *lines) text += l + "\n";
  auto state = a->parse(text);
  REQUIRE_MESSAGE(state, state.error().to_string());
  const model::Settings& g = state->global;
  REQUIRE(g.ecn_priorities);
  CHECK(*g.ecn_priorities == PriorityMask(1u << 3));
  REQUIRE(g.ecn);
  CHECK(g.ecn->min_threshold_bytes == 150000);
  CHECK(g.ecn->max_threshold_bytes == 1500000);
  CHECK(g.ecn->mark_probability_percent == 10);
  CHECK(state->notes.empty());

  SwitchResult r = audit_config(*a, text, intent, {});
  CHECK_MESSAGE(r.outcome == SwitchOutcome::in_sync, r.reason);
  CHECK(r.plan.steps.empty());
}

}  // namespace rocecfg::sw::testing

namespace rocecfg::sw::testing {

// Issue 19 item 3: the factory ECN profile of Cumulus Linux 5 marks TC 0
// between 150000 and 1500000 B at probability 100 (CL 5 QoS guide, "This is
// the default ECN configuration"); the parser used to assume 40000/200000.
TEST_CASE("cumulus: factory ECN on TC 0 reads back as the documented 150000/1500000 B, 100 %") {
  auto a = make_adapter("cumulus");
  REQUIRE(a);
  auto state = a->parse("nv set interface swp1 link mtu 9216\n");
  REQUIRE_MESSAGE(state, state.error().to_string());
  const model::Settings& g = state->global;
  REQUIRE(g.ecn_priorities);
  CHECK(*g.ecn_priorities == PriorityMask(1u << 0));
  REQUIRE(g.ecn);
  CHECK(g.ecn->min_threshold_bytes == 150000);
  CHECK(g.ecn->max_threshold_bytes == 1500000);
  CHECK(g.ecn->mark_probability_percent == 100);
}

}  // namespace rocecfg::sw::testing
