#include "plan/group.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "model/interface_list.h"

namespace rocecfg::plan {

namespace {

bool target_less(const std::string& a, const std::string& b) {
  if (a == "global" || b == "global") return a == "global" && b != "global";
  return model::interface_less(a, b);
}

}  // namespace

std::vector<StepGroup> group_steps(const std::vector<Step>& steps) {
  using Key = std::tuple<int, model::Knob, std::string, std::string>;
  std::map<Key, size_t> index;
  std::vector<StepGroup> out;
  for (const Step& s : steps) {
    Key key{static_cast<int>(s.kind), s.knob, model::knob_value_text(s.before, s.knob),
            model::knob_value_text(s.after, s.knob)};
    auto [it, fresh] = index.emplace(key, out.size());
    if (fresh) out.push_back(StepGroup{{}, {}, s});
    out[it->second].targets.push_back(s.target);
  }
  for (StepGroup& g : out) {
    std::sort(g.targets.begin(), g.targets.end(), target_less);
    g.targets.erase(std::unique(g.targets.begin(), g.targets.end()), g.targets.end());
    g.targets_text = model::compress_interfaces(g.targets);
    g.step.target = g.targets_text;
  }
  std::stable_sort(out.begin(), out.end(), [](const StepGroup& a, const StepGroup& b) {
    return target_less(a.targets.front(), b.targets.front());
  });
  return out;
}

}  // namespace rocecfg::plan
