#include "gate/pause_rule.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

namespace rocecfg::gate {

namespace {

struct Finding {
  bool fail = false;
  double severity = 0;  // multiple of the bound; sorts the worst first
  std::string line;
};

std::string where(std::string_view counter, const PriorityMask& lossless) {
  std::optional<Priority> p = probe::counter_priority(counter);
  if (!p) return "link-level pause";
  return fmt::format("{}priority {}", lossless.has(*p) ? "lossless " : "", p->value());
}

// Who pauses whom, in the words an operator acts on.
std::string who(std::string_view counter) {
  switch (probe::counter_direction(counter)) {
    case probe::Direction::tx:
      return ": this host is pausing the switch";
    case probe::Direction::rx:
      return ": the switch is pausing this host";
    case probe::Direction::unknown:
      break;
  }
  return "";
}

// Pause on a priority the profile leaves lossy: host and switch disagree on PFC.
std::string disagreement(std::string_view counter, const PriorityMask& lossless) {
  std::optional<Priority> p = probe::counter_priority(counter);
  if (!p || lossless.empty() || lossless.has(*p)) return "";
  return fmt::format(
      " (the profile makes only priority {} lossless: host and switch disagree on "
      "PFC)",
      lossless.to_string());
}

}  // namespace

PauseJudgement judge_pause(const probe::CounterMap& deltas, double window_ms,
                           const PauseRules& rules) {
  window_ms = std::max(window_ms, 1.0);
  std::vector<Finding> found;
  for (const auto& [key, d] : deltas) {
    if (d == 0) continue;
    std::string_view name = std::string_view(key).substr(key.rfind(':') + 1);
    switch (probe::classify(name)) {
      case probe::CounterClass::pause_storm:
        found.push_back(
            {true, std::numeric_limits<double>::infinity(),
             fmt::format("the NIC's pause storm detector fired: {} +{}{}", key, d, who(name))});
        break;
      case probe::CounterClass::pause: {
        double per_s = static_cast<double>(d) * 1000.0 / window_ms;
        bool storm = per_s >= rules.max_per_s;
        found.push_back(
            {storm, per_s / rules.max_per_s,
             fmt::format("{} on {}: {} +{} in {:.0f} ms ({:.0f}/s, {} {:.0f}/s){}{}",
                         storm ? "pause storm" : "pause frames", where(name, rules.lossless), key,
                         d, window_ms, per_s, storm ? "bound" : "under the storm bound",
                         rules.max_per_s, who(name), disagreement(name, rules.lossless))});
        break;
      }
      case probe::CounterClass::pause_duration: {
        // mlx5 counts microseconds paused.
        double fraction = static_cast<double>(d) / (window_ms * 1000.0);
        bool stalled = fraction >= rules.max_paused_fraction;
        found.push_back({stalled, fraction / rules.max_paused_fraction,
                         fmt::format("{} paused {:.0f}% of the {:.0f} ms window: {} +{} us "
                                     "(bound {:.0f}%){}{}",
                                     where(name, rules.lossless), fraction * 100, window_ms, key, d,
                                     rules.max_paused_fraction * 100, who(name),
                                     disagreement(name, rules.lossless))});
        break;
      }
      default:
        break;
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const Finding& a, const Finding& b) {
    if (a.fail != b.fail) return a.fail;
    return a.severity > b.severity;
  });
  PauseJudgement j;
  for (const Finding& f : found) {
    if (f.fail)
      j.status = CheckStatus::fail;
    else if (j.status == CheckStatus::pass)
      j.status = CheckStatus::warn;
    j.findings.push_back(f.line);
  }
  return j;
}

}  // namespace rocecfg::gate
