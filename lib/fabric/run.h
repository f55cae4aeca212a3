// One fabric run of a pattern: the schedule, run round by round through a
// Prober, judged and isolated (outliers.h); locate runs its own rounds.
#pragma once

#include "fabric/locate.h"
#include "fabric/report.h"

namespace rocecfg::fabric {

struct RunOptions {
  Pattern pattern = Pattern::ring;
  size_t pair_rounds = 1;  // pairs: tournament rounds
  size_t parallel = 0;     // most tests at once; 0: a whole round
  Thresholds thresholds;
  // Endpoints on rails (fabric/rails.h); unset or one endpoint per host on
  // one rail: the run of one NIC per host, as before rails.
  std::optional<RailLayout> rails;
  CrossRail cross_rail = CrossRail::none;
  bool multi_rail() const { return rails && rails->multi_rail(); }
};

// The rounds a pattern runs (locate: its first two; the rest depend on
// them). Over rails: every rail's schedule in the same rounds, then the
// cross-rail rounds.
std::vector<Round> planned_rounds(const RunOptions& o, size_t hosts);

RunReport run_pattern(const RunOptions& o, const std::vector<std::string>& hosts, Prober& prober,
                      Clock& clock, const std::function<void(const RoundDone&)>& on_round = {});

}  // namespace rocecfg::fabric
