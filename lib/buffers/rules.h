// The buffer rules of validate, plan and doctor, over plain numbers: each
// returns a Finding when a profile's figures break it, nothing when they
// pass or when an input is unknown (a rule without its inputs is not
// checked, never passed). lib/profile/buffer_checks.cpp feeds them a
// profile and turns findings into located diagnostics.
//
//   ecn-before-pfc  ECN's Kmax below the PFC trigger point: DCQCN slows
//                   senders only if switches mark before the lossless
//                   buffer pauses the link (Zhu et al., "Congestion Control
//                   for Large-Scale RDMA Deployments", SIGCOMM 2015:
//                   ECN must be triggered before PFC).
//   kmin-bdp        ECN's Kmin at least one bandwidth-delay product.
//   headroom-xoff   a switch's lossless PG headroom at least the xoff the
//                   ASIC's formula computes (headroom.h): less drops frames
//                   in flight after XOFF, the loss PFC exists to prevent.
// A profile waives a rule with [buffers] waive = ["rule-id", ...].
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "buffers/headroom.h"

namespace rocecfg::buffers {

inline constexpr std::string_view kRuleEcnBeforePfc = "ecn-before-pfc";
inline constexpr std::string_view kRuleKminBdp = "kmin-bdp";
inline constexpr std::string_view kRuleHeadroomXoff = "headroom-xoff";

// Every rule id, for messages and the schema.
std::vector<std::string_view> rule_ids();

struct BufferFacts {
  std::optional<uint32_t> speed_mbps;
  std::optional<uint32_t> cable_m;
  std::optional<uint32_t> host_mtu_bytes;
  std::optional<uint32_t> switch_mtu_bytes;
  const Asic* asic = nullptr;
  double fabric_rtt_us = 0;  // > 0
  std::optional<uint64_t> ecn_min_bytes;
  std::optional<uint64_t> ecn_max_bytes;
  std::optional<uint64_t>
      lossless_buffer_bytes;               // [buffers] size of the lossless priority's buffer
  std::optional<uint64_t> headroom_bytes;  // [buffers] headroom
};

struct Finding {
  std::string_view rule;  // one of the ids above
  std::string key;        // the profile key at fault: "ecn.max_threshold"
  std::string message;
  std::string allowed;
};

// One rule applied to the facts: the profile's figure against the computed
// bound. `rocecfg buffers` prints these; check_buffers() reports the failed.
enum class Outcome { ok, fails, unknown };

struct Comparison {
  std::string_view rule;
  std::string key;                        // the profile key compared: "ecn.max_threshold"
  std::optional<uint64_t> profile_bytes;  // what the profile says
  std::optional<uint64_t> limit_bytes;    // the computed bound
  bool below = false;       // true: the profile's figure must stay below the limit; false: reach it
  std::string limit_name;   // "the PFC trigger point"
  std::string basis;        // how the limit was derived
  std::string consequence;  // why it matters
  Outcome outcome = Outcome::unknown;
  std::string missing;  // unknown: the inputs that were missing
};

std::vector<Comparison> compare_buffers(const BufferFacts& f);

// The xoff the facts imply and where it comes from: the switch formula when
// an ASIC is named, else mlx5's (the NIC's) formula; nullopt without speed
// and cable.
struct Xoff {
  uint64_t bytes;
  std::string source;  // "spectrum-3 at 100G, 5 m, MTU 9216" / "mlx5 at 100G, 5 m, MTU 9000"
};
std::optional<Xoff> implied_xoff(const BufferFacts& f);

// The switch formula's input from the facts (port MTU: the switch MTU, else
// SONiC's default 9100); speed and cable must be set.
HeadroomInput switch_headroom_input(const BufferFacts& f);
// The host MTU mlx5 computes with: the profile's, else Linux's default 1500.
uint32_t host_mtu_bytes(const BufferFacts& f);

std::vector<Finding> check_buffers(const BufferFacts& f);

}  // namespace rocecfg::buffers
