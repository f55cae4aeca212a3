// A fabric test judged by the single-pair probe's own rules as well as by the
// fleet median (issue 32). The median is noisy (the lab's clean pairs scatter
// 0.4-2.7 x it) and only sees a fault that costs bandwidth; the probe's
// verdict (probe/verdict.h, the one judge() of `rocecfg probe`) reads the
// NICs' transport counters, the negotiated path MTU and the DSCP/ECN marking
// as received, and names a lossy link, a corrupting link or a host with the
// wrong MTU at once, whatever its bandwidth.
//
// Of that verdict a fabric pair takes the rules about the path between the
// two NICs: "counters" (sequence/transport errors, retransmits, discards,
// link downs, pause ratio), "path MTU" and "marking". Its bandwidth rule
// (against the port rate) and latency ceilings are the median rules' business
// in a fabric run, and the traffic-class rule judges the run's ToS, the same
// for every pair, not a pair.
//
// In process (LocalProber) judge() runs on the report; a remote client
// (SSH, srun) runs judge() itself with the controller's expectations passed
// as its options (judging_args) and its JSON verdict is read back here.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "probe/verdict.h"

namespace rocecfg::fabric {

// The failed findings of the rules above, each "FIGURE: MESSAGE"
// ("sequence errors (idle): 37 > 50 (max_retransmits; rxe0:...)").
std::vector<std::string> probe_rule_failures(const probe::Verdict& v);

// The same from `rocecfg probe --json`'s "verdict" object ({"level",
// "findings": [{"level", "rule", "figure", "message"}]}); anything else
// there is passed over.
std::vector<std::string> probe_rule_failures(const nlohmann::json& verdict);

// The `rocecfg probe` options that make a remote client judge with `e`:
// --expect-mtu, --max-retransmits, --max-discards and
// --ignore-emulation-retransmits.
std::vector<std::string> judging_args(const probe::Expectations& e);

}  // namespace rocecfg::fabric
