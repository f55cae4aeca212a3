// How reports name the two ECN bits of a ToS byte / traffic class (RFC 3168):
// one table for the workload reports (describe_tos) and the probe's marking
// phase.
#pragma once

#include <cstdint>

namespace rocecfg::profile {

// "Not-ECT", "ECT(1)", "ECT(0)", "CE" for the low two bits of `ecn_bits`.
const char* ecn_name(uint8_t ecn_bits);

}  // namespace rocecfg::profile
