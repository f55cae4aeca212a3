// Which congestion control a NIC runs, read where its driver exposes the
// enable bits (NicAdapter::cc_enable: MLNX_OFED ecn/roce_rp|roce_np/enable/N),
// against the profile's [congestion] algorithm (model/congestion.h). Audit
// prints what this says per interface; the runtime DCQCN knob itself stays a
// plan step ([dcqcn] in the profile), so these lines cover what the plan does
// not compare.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "host/nic_adapter.h"
#include "model/congestion.h"

namespace rocecfg::host {

struct NicCongestion {
  std::optional<NicAdapter::CcEnable> enable;  // unset: unknown (see unknown_why)
  std::string unknown_why;                     // "no ECN/DCQCN adapter for driver 'veth'"
};

// Reads the enable bits through `adapter` (nullptr: no adapter for `driver`).
NicCongestion read_nic_congestion(const NicAdapter* adapter, const std::string& driver);

// One line per fact worth saying about an interface under a profile that states
// its algorithm (`stated`; nothing stated: nothing said), empty when the NIC
// agrees. `profile_has_dcqcn`: the profile's [dcqcn] table is compared as a
// plan step already, so the reaction point is not judged twice here.
std::vector<std::string> congestion_notes(std::optional<model::CongestionAlgorithm> stated,
                                          bool profile_has_dcqcn, const NicCongestion& nic);

}  // namespace rocecfg::host
