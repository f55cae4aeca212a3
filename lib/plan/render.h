// Plans and apply reports for people (aligned text) and machines (JSON).
// Both list steps in the same order.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "plan/apply.h"
#include "plan/plan.h"

namespace rocecfg::plan {

// A header row, then one line per step: "TARGET  KNOB  BEFORE -> AFTER",
// columns aligned.
// `verbose` adds the reason under each step. An empty plan renders as
// "no changes".
std::string render_text(const Plan& plan, bool verbose = false);
nlohmann::json to_json(const Plan& plan);

std::string render_text(const ApplyReport& report);
nlohmann::json to_json(const ApplyReport& report);

// The JSON value of one knob in s, using the profile's key names.
nlohmann::json knob_json(const model::Settings& s, model::Knob knob);

}  // namespace rocecfg::plan
