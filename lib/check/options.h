// The profile's [check] table, read by `rocecfg check` only (the profile
// loader accepts the table and leaves it to this reader):
//
//   [check]
//   waive = ["cnp_class"]        # rules (rules.h) whose disagreements are
//                                # shown as waived and do not fail the run
//   job_tolerance_ms = 5000      # how long a queue pair survives a stall
//
// Without job_tolerance_ms the tolerance is what NCCL's defaults give an RC
// queue pair (rc_retry_budget_ms).
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "core/diagnostic.h"

namespace rocecfg::check {

// NCCL_IB_TIMEOUT and NCCL_IB_RETRY_CNT defaults (NCCL user guide,
// "Environment Variables": 20 and 7).
inline constexpr unsigned kNcclIbTimeout = 20;
inline constexpr unsigned kNcclIbRetryCnt = 7;

// How long an RC queue pair waits for an acknowledgement before it errors:
// the local ACK timeout 4.096 us x 2^timeout (IBTA spec, C9-141; the same
// formula in NCCL's and HCCL's docs) for the first try and each of
// `retry_count` retries. NCCL's defaults: 34359 ms.
uint32_t rc_retry_budget_ms(unsigned timeout_exponent, unsigned retry_count);

struct CheckOptions {
  std::set<std::string> waive;
  uint32_t job_tolerance_ms = 0;
  std::string job_tolerance_from;  // "profile [check] job_tolerance_ms", "NCCL defaults: ..."
};

// [check] of the profile file at `path`; problems go to `diags` with
// file:line:column (an unknown rule name with a did-you-mean).
CheckOptions read_check_options(const std::string& path, Diagnostics& diags);

}  // namespace rocecfg::check
