// Steps that say the same thing on many targets, as one row: a switch audit
// whose 32 ports all lack the same watchdog reads "swp1-32  pfc_watchdog
// - -> detect=400ms..." once, as `show switch` groups equal ports and as
// `nv config diff` is read. One grouping for the text rows and for the
// count above them, so the header and the rows cannot disagree.
#pragma once

#include <string>
#include <vector>

#include "plan/plan.h"

namespace rocecfg::plan {

struct StepGroup {
  std::vector<std::string> targets;  // natural order ("swp2" before "swp10")
  std::string targets_text;          // compressed: "swp1-32", "Ethernet1/1-4,Ethernet2/1"
  Step step;                         // the first member; target is targets_text
};

// Groups steps of equal kind, knob and before/after values (as the plan
// prints them). Groups are ordered by their first target in natural order
// ("global" before every port), and groups starting at the same target as
// the steps came (the step-order table).
std::vector<StepGroup> group_steps(const std::vector<Step>& steps);

}  // namespace rocecfg::plan
