// A Plan is the ordered list of changes that turns what a target has into what
// the profile asks for. audit prints it as drift; apply hands it to an Executor.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "model/knob.h"
#include "model/settings.h"

namespace rocecfg::plan {

enum class StepKind {
  change,       // the target can be brought to the intent
  unsupported,  // the target cannot express this knob: reported, never skipped silently
};

struct Step {
  std::string target;  // "eth0", "leaf1 swp1-32"
  model::Knob knob;
  model::Settings before;  // only this knob's fields: what was observed (the undo value)
  model::Settings after;   // only this knob's fields: the intent
  StepKind kind = StepKind::change;
  std::string reason;  // why the step is needed and why it sits where it does
};

struct Plan {
  std::vector<Step> steps;
  bool empty() const { return steps.empty(); }
  size_t changes() const;
  size_t unsupported() const;
};

// Compare intent with what was observed on one target and append the steps,
// in the order of the step-order table (order.h). Knobs the intent does not
// manage yield nothing; knobs the observation satisfies yield nothing; knobs in
// `unsupported` yield an `unsupported` step instead of a change.
void diff(const std::string& target, const model::Settings& intent, const model::Settings& observed,
          const std::set<model::Knob>& unsupported, Plan& out);

Plan diff(const std::string& target, const model::Settings& intent, const model::Settings& observed,
          const std::set<model::Knob>& unsupported = {});

}  // namespace rocecfg::plan
