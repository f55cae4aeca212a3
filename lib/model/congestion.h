// Which congestion control a RoCE fabric runs, and what that means for the
// CNP and ECN activity every verdict looks at. Three designs are in use:
//   dcqcn         switches mark ECN, the receiving NIC returns CNPs, the sender
//                 slows down (the RoCEv2 default: NVIDIA/Mellanox, Broadcom);
//   pfc-only      no ECN-driven rate control: PFC keeps the class lossless and
//                 the collective library paces itself (Meta, "RDMA over
//                 Ethernet for Distributed AI Training at Meta Scale",
//                 SIGCOMM 2024, section 6: DCQCN turned off in production);
//   programmable  DCQCN off, the NIC runs its own algorithm (NVIDIA Spectrum-X:
//                 ConnectX-8/BlueField-3 programmable congestion control,
//                 RTT/telemetry driven), so CNP/ECN counters say nothing about
//                 whether congestion control works.
// congestion_rule() is the one place that says what each implies; the probe,
// gate, switch counter and doctor verdicts ask it instead of looking at
// [dcqcn] themselves.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/settings.h"

namespace rocecfg::model {

enum class CongestionAlgorithm { dcqcn, pfc_only, programmable };

// The profile's spelling: "dcqcn", "pfc-only", "programmable".
const char* to_string(CongestionAlgorithm a);
std::optional<CongestionAlgorithm> congestion_algorithm_from(std::string_view name);

// The algorithm a profile means: [congestion] algorithm when stated, else
// what [dcqcn] enabled says (true: dcqcn, false: pfc-only), else, with an
// [ecn] table and no [dcqcn], dcqcn (switches mark for a reaction point the
// NIC runs by default); nothing stated at all: unset (nothing is judged).
std::optional<CongestionAlgorithm> intended_congestion(std::optional<CongestionAlgorithm> stated,
                                                       const Settings& s);

// What CNP/ECN activity under same-class load means.
struct CongestionRule {
  // Loaded traffic must show CNPs or ECN marks (none: marking or the CNP path
  // is broken, PFC does all the work): a warning.
  bool expect_marks = false;
  // CNPs moving are a surprise (a notification point is on where the fabric
  // runs without DCQCN): a warning.
  bool cnps_unexpected = false;
  // The sender must set ECT: without it switches drop or pause instead of
  // marking, and DCQCN cannot work (a failure, not a warning).
  bool ect_required = false;
  // CE marks under load are the design working (else: nothing slows the
  // senders, a warning).
  bool ce_expected = false;
  // CNP/ECN activity is judged at all.
  bool judged = false;
  // "DCQCN", "PFC-only (no DCQCN)", "programmable congestion control", "not stated".
  std::string name;
};

CongestionRule congestion_rule(std::optional<CongestionAlgorithm> algorithm);

}  // namespace rocecfg::model
