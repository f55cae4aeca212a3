// The cross-device rules of `rocecfg check`: what must be the same, or must
// fit together, on every host and switch of a fabric for RoCE to stay
// lossless end to end. Each rule is one function with its why; each can be
// waived by name in the profile ([check] waive = ["cnp_class"], options.h).
//
// Agreement is judged among the devices read, not against the profile
// (`rocecfg audit` compares each device with the profile): the value most
// devices hold is the reference, and every endpoint that holds another is
// named with the devices it disagrees with. A knob not observed is unknown,
// never agreement; an unreadable device is reported by the caller.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "check/reading.h"
#include "core/types.h"
#include "model/settings.h"

namespace rocecfg::check {

enum class Verdict { agree, disagree, unknown, waived };
const char* to_string(Verdict v);  // "agree", "DISAGREE", "unknown", "waived"

struct Finding {
  std::string rule;  // "lossless_priority"
  Verdict verdict = Verdict::unknown;
  std::string where;   // "h3 ens1f0", "leaf2 swp1-4", or "fabric"
  std::string detail;  // what was seen, and who holds the other value
  bool operator==(const Finding&) const = default;
};

// What the rules take from the profile.
struct FabricFacts {
  std::vector<uint8_t> lossless_dscp;  // [lossless] dscp
  std::vector<uint8_t> mapped_dscp;    // [dscp_map] keys
  std::optional<uint8_t> cnp_dscp;     // [cnp] dscp
  uint32_t job_tolerance_ms = 0;       // options.h
  std::string job_tolerance_from;      // how it was set, for the message
};

struct Rule {
  std::string_view name;
  std::string_view why;  // why a disagreement matters, one sentence
  std::vector<Finding> (*judge)(const std::vector<DeviceReading>&, const FabricFacts&);
};

// Every rule, in the order the verdict table lists them.
std::span<const Rule> rules();
const Rule* find_rule(std::string_view name);

// The lossless priorities (PFC enabled) are the same on every host NIC and
// switch port.
std::vector<Finding> judge_lossless_priority(const std::vector<DeviceReading>& devices,
                                             const FabricFacts& facts);
// Every host NIC and switch port trusts the same field (DSCP or PCP).
std::vector<Finding> judge_trust(const std::vector<DeviceReading>& devices,
                                 const FabricFacts& facts);
// Each DSCP the fabric relies on (lossless, mapped, CNP) maps to the same
// priority everywhere.
std::vector<Finding> judge_dscp_map(const std::vector<DeviceReading>& devices,
                                    const FabricFacts& facts);
// The largest RoCE packet a host sends fits every switch port's MTU.
std::vector<Finding> judge_roce_mtu(const std::vector<DeviceReading>& devices,
                                    const FabricFacts& facts);
// The CNP DSCP reaches a strict-priority queue on every switch port.
std::vector<Finding> judge_cnp_class(const std::vector<DeviceReading>& devices,
                                     const FabricFacts& facts);
// The PFC watchdog detection time is the same on every switch (hop).
std::vector<Finding> judge_watchdog_hops(const std::vector<DeviceReading>& devices,
                                         const FabricFacts& facts);
// ... and shorter than the job's tolerance of a stalled queue pair.
std::vector<Finding> judge_watchdog_tolerance(const std::vector<DeviceReading>& devices,
                                              const FabricFacts& facts);

// The bytes of a switch's MTU figure that are not IP packet: 0 where the
// MTU is the IP MTU, the Ethernet framing where it is a frame size.
uint32_t switch_mtu_framing_bytes(std::string_view vendor);

// Every rule over the devices read; findings of a waived rule that disagree
// become `waived`.
std::vector<Finding> judge_fabric(const std::vector<DeviceReading>& devices,
                                  const FabricFacts& facts, const std::set<std::string>& waived);

}  // namespace rocecfg::check
