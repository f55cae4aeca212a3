#include <doctest/doctest.h>

#include "fixtures.h"
#include "plan/order.h"
#include "plan/plan.h"

using namespace rocecfg;
using model::Knob;

TEST_SUITE("plan.diff") {
  TEST_CASE("identical intent and observed state yield an empty plan") {
    plan::Plan p = plan::diff("eth0", test::standard_intent(), test::standard_intent());
    CHECK(p.empty());
  }

  TEST_CASE("steps follow the order table, whatever the field order") {
    plan::Plan p = plan::diff("eth0", test::standard_intent(), test::factory_nic());
    std::vector<Knob> knobs;
    for (const plan::Step& s : p.steps) knobs.push_back(s.knob);
    CHECK(knobs == std::vector<Knob>{Knob::mtu, Knob::ets, Knob::pfc, Knob::trust, Knob::dscp_map,
                                     Knob::roce_tos});
    for (size_t i = 1; i < p.steps.size(); ++i)
      CHECK(plan::order_of(p.steps[i - 1].knob) < plan::order_of(p.steps[i].knob));
  }

  TEST_CASE("unchanged PFC map yields no PFC step") {
    model::Settings observed = test::factory_nic();
    observed.pfc_enabled = PriorityMask(1u << 3);
    plan::Plan p = plan::diff("eth0", test::standard_intent(), observed);
    for (const plan::Step& s : p.steps) CHECK(s.knob != Knob::pfc);
  }

  TEST_CASE("steps carry the observed value to undo and the intent to apply") {
    plan::Plan p = plan::diff("eth0", test::standard_intent(), test::factory_nic());
    const plan::Step& mtu = p.steps.front();
    CHECK(mtu.target == "eth0");
    CHECK(mtu.before.mtu_bytes == 1500u);
    CHECK(mtu.after.mtu_bytes == 9000u);
    CHECK_FALSE(mtu.after.pfc_enabled);  // only this knob's fields
    CHECK(mtu.reason.find("MTU") != std::string::npos);
  }

  TEST_CASE("extra DSCP entries on the device are not drift; a wrong declared one is") {
    model::Settings observed = test::standard_intent();
    auto& map = *observed.dscp_priority;
    for (unsigned d = 0; d < 64; ++d)  // mlx5 pre-populates all 64
      map.try_emplace(Dscp::unchecked(d), Priority::unchecked(d >> 3));
    CHECK(plan::diff("eth0", test::standard_intent(), observed).empty());
    map[Dscp::unchecked(26)] = Priority::unchecked(0);
    plan::Plan p = plan::diff("eth0", test::standard_intent(), observed);
    REQUIRE(p.steps.size() == 1);
    CHECK(p.steps[0].knob == Knob::dscp_map);
  }

  TEST_CASE("knobs the target cannot express become unsupported steps") {
    plan::Plan p =
        plan::diff("eth0", test::standard_intent(), test::standard_intent(), {Knob::roce_tos});
    REQUIRE(p.steps.size() == 1);
    CHECK(p.steps[0].kind == plan::StepKind::unsupported);
    CHECK(p.unsupported() == 1);
    CHECK(p.changes() == 0);
  }

  TEST_CASE("knobs the intent does not manage are left alone") {
    model::Settings intent;
    intent.mtu_bytes = 9000;
    plan::Plan p = plan::diff("eth0", intent, test::factory_nic());
    REQUIRE(p.steps.size() == 1);
    CHECK(p.steps[0].knob == Knob::mtu);
  }

  TEST_CASE("an unreadable knob is planned as a change from '-'") {
    model::Settings observed = test::standard_intent();
    observed.trust.reset();
    plan::Plan p = plan::diff("eth0", test::standard_intent(), observed);
    REQUIRE(p.steps.size() == 1);
    CHECK(p.steps[0].knob == Knob::trust);
    CHECK_FALSE(p.steps[0].before.trust);
  }
}
