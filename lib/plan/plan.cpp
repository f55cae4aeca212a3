#include "plan/plan.h"

#include <algorithm>

#include "plan/order.h"

namespace rocecfg::plan {

size_t Plan::changes() const {
  return std::count_if(steps.begin(), steps.end(),
                       [](const Step& s) { return s.kind == StepKind::change; });
}

size_t Plan::unsupported() const {
  return steps.size() - changes();
}

void diff(const std::string& target, const model::Settings& intent, const model::Settings& observed,
          const std::set<model::Knob>& unsupported, Plan& out) {
  for (const OrderEntry& entry : step_order()) {
    model::Knob knob = entry.knob;
    if (!model::knob_present(intent, knob)) continue;
    bool cannot = unsupported.contains(knob);
    if (!cannot && model::knob_satisfied(intent, observed, knob)) continue;
    Step step;
    step.target = target;
    step.knob = knob;
    step.before = model::knob_slice(observed, knob);
    step.after = model::knob_slice(intent, knob);
    step.kind = cannot ? StepKind::unsupported : StepKind::change;
    step.reason = cannot ? "the target cannot express this knob" : std::string(entry.why_here);
    out.steps.push_back(std::move(step));
  }
}

Plan diff(const std::string& target, const model::Settings& intent, const model::Settings& observed,
          const std::set<model::Knob>& unsupported) {
  Plan plan;
  diff(target, intent, observed, unsupported, plan);
  return plan;
}

}  // namespace rocecfg::plan
