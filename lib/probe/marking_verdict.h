// The marking rules (verdict.h runs them on every marking record): what the
// receiver saw in each packet's network header against what was sent.
//   DSCP   every packet arrives with the DSCP it was sent with; a rewrite
//          fails: a switch on the path does not trust DSCP (or re-marks), so
//          RoCE lands in another, usually lossy, class
//   ECN    packets must arrive ECN-capable (ECT(0)/ECT(1)/CE) when the probe
//          sent ECT or the profile runs DCQCN: Not-ECT fails with DCQCN (no
//          switch can mark them; they are dropped or paused instead), warns
//          otherwise
//   CE     CE-marked packets are counted; under load with DCQCN that is the
//          mechanism working (pass), idle it warns (a queue marks without load)
#pragma once

#include <vector>

#include "probe/runner.h"
#include "probe/verdict.h"

namespace rocecfg::probe {

void judge_marking(const MarkingRecord& rec, const Expectations& exp,
                   std::vector<Finding>& findings);

// "ToS 106 (DSCP 26, ECN ECT(0))"
std::string describe_tos(uint8_t tos);

}  // namespace rocecfg::probe
