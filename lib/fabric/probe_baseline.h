// One probe against a fabric baseline: `rocecfg probe --baseline FILE` and
// the gate's "baseline" check. The figures compared are the ones a fabric
// pair test records (pair_test.h): the idle bandwidth of the largest message
// size and the idle p50 latency of the smallest, each against the baseline's
// entry for this pair (either direction) with the profile's
// baseline_tolerance. A pair the baseline does not hold, or figures the probe
// did not measure, are unknown, never a pass.
#pragma once

#include <string>
#include <vector>

#include "fabric/baseline.h"
#include "fabric/pair_test.h"
#include "probe/runner.h"
#include "probe/verdict.h"

namespace rocecfg::fabric {

// The idle bandwidth of the largest size and the idle p50 latency of the
// smallest; a figure whose test failed or did not run is absent.
ProbeFigures probe_figures(const probe::ProbeReport& r);

struct BaselineJudgement {
  probe::Level level = probe::Level::skip;  // pass, fail, or skip (not comparable)
  std::string message;                      // one line
  std::vector<std::string> details;         // one per compared figure
};

// `client` and `server` are the names the baseline records (host names as the
// fabric run's hostlist had them); `path` names the file in messages.
BaselineJudgement judge_against_baseline(const Baseline& b, const std::string& path,
                                         const std::string& client, const std::string& server,
                                         const probe::ProbeReport& r, double tolerance);

// As a probe finding (area "baseline", figure "baseline"), for the verdict.
probe::Finding baseline_finding(const BaselineJudgement& j);

}  // namespace rocecfg::fabric
