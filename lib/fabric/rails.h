// Rails: a GPU node carries 4-8 RoCE NICs, NIC i of every node cabled to the
// leaf of rail i. Rails are separate networks, so a fabric run pairs NICs of
// one rail: each rail runs its own ring / all pairs / locate, and all rails
// run in the same rounds (a round uses each NIC once), so all pairs over
// N hosts x R rails still takes N-1 rounds. Cross-rail tests run only where
// the operator says the fabric routes them (--cross-rail):
//   none    (default) same-rail pairs only;
//   canary  one pair per rail pair (NVIDIA l8k's quick mode), each between
//           two different hosts, packed into as few rounds as NICs allow;
//   all     every pair of NICs on different rails of different hosts.
// Isolation names the smallest thing that explains the figures:
//   rail R     the rail's median is below rail_min_bw_fraction (or above
//              rail_max_lat_factor) of the other rails' median: its leaf or
//              spine, since every pair on it is slow alike; it explains
//              every bad pair on it (a slow leaf also drops on some pairs);
//   host H     its NIC is the culprit (outliers.h) on every rail it has;
//   nic H:DEV  the culprit on its rail only, the host's other rails fine
//              (a host with one NIC is named `host`, as before rails);
//   link A - B one pair, each end fine with other partners.
// Each rail's pairs are judged against that rail's own median, so a slow
// rail does not make its NICs outliers, and cross-rail pairs against the
// median of the rail medians.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "fabric/outliers.h"
#include "fabric/schedule.h"

namespace rocecfg::fabric {

struct RailLayout {
  std::vector<std::string> hosts;            // host names in order
  std::vector<size_t> host_of;               // endpoint -> index into hosts
  std::vector<uint32_t> rail_of;             // endpoint -> rail
  std::vector<uint32_t> rails;               // distinct rails, ascending
  std::vector<std::vector<size_t>> members;  // per rails[i]: its endpoints in host order
  size_t endpoints() const { return host_of.size(); }
  // More than one rail, or a host with two endpoints: the rail rules apply.
  bool multi_rail() const;
};

// From each endpoint's host name and rail (endpoints of one host may be
// anywhere in the list; hosts are numbered in order of first appearance).
RailLayout rail_layout(const std::vector<std::string>& host_of_endpoint,
                       const std::vector<uint32_t>& rail_of_endpoint);

enum class CrossRail { none, canary, all };
std::optional<CrossRail> parse_cross_rail(const std::string& name);
const char* to_string(CrossRail c);

// `schedule(n)` run on every rail's n endpoints; round k of every rail is
// round k of the result.
std::vector<Round> same_rail_rounds(const RailLayout& l,
                                    const std::function<std::vector<Round>(size_t)>& schedule);
// The cross-rail rounds of `c` (none: no rounds).
std::vector<Round> cross_rail_rounds(const RailLayout& l, CrossRail c);

// Judges and isolates a run over rails (see above). `rail_refs`, when given,
// holds each rail's reference (in l.rails order; locate's rounds 1-2). With
// one rail and one endpoint per host this is analyze() of outliers.h.
Analysis analyze_rails(const std::vector<Sample>& samples, const RailLayout& l, const Thresholds& t,
                       const std::optional<std::vector<Reference>>& rail_refs = std::nullopt);

}  // namespace rocecfg::fabric
