// The step-order table (lib/plan/order.cpp) must place every knob exactly
// once, with its reason: a knob added to model::Knob but not to the table
// would otherwise sort last silently and roll back first.
#include <doctest/doctest.h>

#include <set>
#include <span>
#include <string_view>

#include "model/knob.h"
#include "plan/order.h"

using namespace rocecfg;

TEST_SUITE("plan.order") {
  TEST_CASE("every knob appears in the step-order table exactly once, with a reason") {
    std::set<model::Knob> seen;
    for (const plan::OrderEntry& e : plan::step_order()) {
      INFO("knob " << model::knob_name(e.knob));
      CHECK(seen.insert(e.knob).second);
      CHECK_FALSE(e.why_here.empty());
    }
    for (model::Knob k : model::all_knobs()) {
      INFO("knob " << model::knob_name(k));
      CHECK(seen.count(k) == 1);
      CHECK(plan::order_of(k) < static_cast<int>(plan::step_order().size()));
      CHECK(plan::why_here(k) == plan::step_order()[plan::order_of(k)].why_here);
    }
    CHECK(seen.size() == model::all_knobs().size());
  }

  TEST_CASE("all_knobs lists every enumerator in declaration order, names round-trip") {
    std::set<std::string_view> names;
    std::span<const model::Knob> knobs = model::all_knobs();
    for (size_t i = 0; i < knobs.size(); ++i) {
      model::Knob k = knobs[i];
      INFO("index " << i);
      CHECK(static_cast<size_t>(k) == i);
      std::string_view n = model::knob_name(k);
      CHECK_FALSE(n.empty());
      CHECK(names.insert(n).second);
      CHECK(model::knob_from_name(n) == k);
    }
    // Enumerators are dense from 0, so the last one listed closes the enum:
    // one appended after it without being listed fails here.
    CHECK(knobs.back() == model::Knob::job_env);
  }
}
