#include <doctest/doctest.h>

#include "fixtures.h"
#include "plan/render.h"

using namespace rocecfg;

TEST_SUITE("plan.render") {
  TEST_CASE("an empty plan says so") {
    CHECK(plan::render_text(plan::Plan{}) == "no changes\n");
    CHECK(plan::to_json(plan::Plan{}).dump() == R"({"changes":0,"steps":[],"unsupported":0})");
  }

  TEST_CASE("text is aligned in columns, one step per line") {
    model::Settings intent;
    intent.mtu_bytes = 9000;
    intent.pfc_enabled = PriorityMask(1u << 3);
    intent.roce_tos = 106;
    model::Settings observed;
    observed.mtu_bytes = 1500;
    observed.pfc_enabled = PriorityMask(0);
    plan::Plan p = plan::diff("eth0", intent, observed);
    plan::diff("ens1f0np0", intent, observed, {model::Knob::roce_tos}, p);
    CHECK(plan::render_text(p) ==
          "TARGET     KNOB      BEFORE    AFTER\n"
          "eth0       mtu       1500   -> 9000\n"
          "eth0       pfc       none   -> 3\n"
          "eth0       roce_tos  -      -> 106\n"
          "ens1f0np0  mtu       1500   -> 9000\n"
          "ens1f0np0  pfc       none   -> 3\n"
          "ens1f0np0  roce_tos  -      -> 106  [unsupported]\n");
  }

  TEST_CASE("JSON lists the same steps in the same order with the profile's key names") {
    plan::Plan p = plan::diff("eth0", test::standard_intent(), test::factory_nic());
    nlohmann::json j = plan::to_json(p);
    REQUIRE(j["steps"].size() == p.steps.size());
    for (size_t i = 0; i < p.steps.size(); ++i)
      CHECK(j["steps"][i]["knob"] == std::string(model::knob_name(p.steps[i].knob)));
    CHECK(j["steps"][2]["after"].dump() == "[3]");
    CHECK(j["steps"][4]["after"].dump() == R"({"26":3,"48":6})");
    CHECK(j["steps"][1]["after"]["tsa"][6] == "strict");
    CHECK(j["changes"] == 6);
  }
}
