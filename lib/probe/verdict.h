// Judging a probe run against the profile's [validation] rules
// (profile::ValidationRules; defaults in profiles/README.md). Every rule yields
// a finding that names the figure, its value and the threshold, so a failed
// verdict says what to look at:
//   FAIL  idle bandwidth 1MiB: 0.12 Gb/s < 0.90 x 1.00 Gb/s expected
//   FAIL  sequence errors (loaded): 37 > 0 (rxe0:out_of_seq_request=37)
// Rules (all per phase unless noted):
//   test          a test that could not run or finish fails the verdict
//   bandwidth     idle, largest size: Gb/s >= min_bandwidth_fraction x expected
//                 (expected_rate_gbps, else the port's reported rate)
//   latency       loaded p99 <= max_loaded_p99_factor x idle p99, per size;
//                 with a ceiling (--max-p99-us), every p99 <= ceiling
//   path MTU      negotiated RDMA MTU >= the MTU the profile implies
//   counters      sequence errors, transport errors and retransmits <= max_retransmits
//                 (retransmits alone are skipped with ignore_emulation_retransmits:
//                 Soft-RoCE under TCG retransmits on timers without loss);
//                 discards <= max_discards; no link downs;
//                 pause frames / packets <= max_pause_ratio on lossless priorities
//   congestion    loaded phase with same-class load: CNP/ECN activity should
//                 match the profile's congestion control (model::congestion_rule:
//                 DCQCN expects some, PFC-only none, programmable CC is not
//                 judged; warning only)
//   traffic class the probe's ToS is in the profile's lossless class (a --tos 0
//                 or --tos workload run shows what such traffic gets)
//   marking       DSCP/ECN as sent vs as received, CE marks (marking_verdict.h)
// A rule whose inputs do not exist on this NIC is "skip", never a silent pass.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/types.h"
#include "model/congestion.h"
#include "probe/runner.h"
#include "profile/intent.h"

namespace rocecfg::probe {

enum class Level { pass, skip, warn, fail };
const char* to_string(Level l);

struct Finding {
  Level level = Level::pass;
  std::string rule;     // "bandwidth", "latency", "path MTU", "counters", ...
  std::string figure;   // "idle bandwidth 1MiB", "sequence errors (loaded)"
  std::string message;  // value vs threshold
};

struct Verdict {
  Level level = Level::pass;  // worst of pass/warn/fail
  std::vector<Finding> findings;
  std::vector<const Finding*> failed() const;
};

struct Expectations {
  profile::ValidationRules rules;
  PriorityMask lossless;  // empty: all priorities
  // The profile's congestion control (profile::Intent::congestion_algorithm);
  // unset: CNP/ECN activity not judged.
  std::optional<model::CongestionAlgorithm> congestion;
  std::optional<uint32_t> min_path_mtu_bytes;  // RDMA MTU the profile implies
  std::optional<double> max_p99_us;            // absolute latency ceiling
  // DSCPs the profile carries losslessly (its DSCP map's entries on lossless
  // priorities, else the workload traffic class's DSCP); empty: not judged.
  std::set<uint8_t> lossless_dscps;
  // The profile's rdma_cm.tos: what an rdma_cm-connected marking test must
  // send with (configfs default_roce_tos); unset: not judged.
  std::optional<uint8_t> rdma_cm_tos;
};

Verdict judge(const ProbeReport& report, const Expectations& exp);

}  // namespace rocecfg::probe
