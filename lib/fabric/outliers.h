// Stragglers and isolation. A pair is bad when its bandwidth is below a
// fraction of the fleet median (default 0.93) or its median latency above a
// factor of the fleet's (default 2.1), when its test failed, or when the
// single-pair probe's own path rules failed on it (counters, path MTU,
// marking: fabric/probe_rules.h), whatever its figures. Pairwise
// bandwidth and latency tests judged against the fleet are what NVIDIA
// ClusterKit runs by default (HPC-X docs, "Running ClusterKit"); the two
// defaults are the figures issue 17 attributes to it, which NVIDIA's public
// ClusterKit pages do not state. They live in the profile's [validation]
// (fabric_min_bandwidth_fraction, fabric_max_latency_factor).
//
// The fleet median is the median of the hosts' own medians, not of all
// pairs: in a 4-host all-pairs run one bad host is in half of all pairs and
// would drag a plain median with it, while it moves the median of host
// medians by one rank. It holds while fewer than half of the hosts are bad.
//
// Isolation: a host bad with every partner (at least two distinct partners)
// is the culprit, and its pairs are explained by it. A bad pair with no
// culprit at either end is a link (cable, port, path). A bad pair whose ends
// were each seen with only this one partner cannot tell host from link: it is
// reported as unresolved, naming both ends.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fabric/sample.h"

namespace rocecfg::fabric {

struct Thresholds {
  double min_bw_fraction = 0.93;  // of the fleet (with rails: the rail's) median bandwidth
  double max_lat_factor = 2.1;    // of the fleet (with rails: the rail's) median p50 latency
  // A whole rail against the others (fabric/rails.h): its median against the
  // median of the other rails' medians.
  double rail_min_bw_fraction = 0.93;
  double rail_max_lat_factor = 2.1;
};

struct Reference {
  std::optional<double> bw_gbps;     // fleet median bandwidth
  std::optional<double> lat_p50_us;  // fleet median p50 latency
};

struct PairVerdict {
  Sample sample;
  std::optional<double> bw_fraction;  // of the reference
  std::optional<double> lat_factor;   // of the reference
  bool bad = false;
  std::vector<std::string> reasons;  // "bandwidth 0.48 of median (< 0.93)"
};

// nic and rail only in runs over several rails (fabric/rails.h); cabling
// from lldpd against the inventory (fabric/cabling.h), not from the figures.
enum class FindingKind { host, link, unresolved, nic, rail, cabling };
const char* to_string(FindingKind k);

struct Finding {
  FindingKind kind = FindingKind::link;
  std::vector<size_t> hosts;  // the culprit; or the link's two ends
  std::vector<size_t> pairs;  // indices into Analysis::pairs that show it
  std::string why;
  // With rails: a host finding's host name (its endpoints are `hosts`), a
  // rail finding's rail.
  std::string host_name;
  std::optional<uint32_t> rail;
};

// A rail's median against the other rails' (runs over several rails).
struct RailVerdict {
  uint32_t rail = 0;
  Reference reference;                // the rail's own median of NIC medians
  std::optional<double> bw_fraction;  // of the other rails' median
  std::optional<double> lat_factor;
  bool bad = false;
  std::vector<std::string> reasons;
};

struct Analysis {
  Reference reference;
  Thresholds thresholds;
  std::vector<PairVerdict> pairs;  // input order
  std::vector<Finding> findings;   // (rails,) hosts, (nics,) links, then unresolved
  std::vector<RailVerdict> rails;  // empty: one rail
  size_t bad_pairs = 0, failed_pairs = 0;
  bool clean() const { return findings.empty(); }
};

// The middle value; with an even count the mean of the two middle ones, so a
// host seen with one good and one bad partner sits halfway, not at either.
std::optional<double> median(std::vector<double> v);

// The median of each host's median figure (see above); unset when nothing
// was measured.
Reference fleet_reference(const std::vector<Sample>& samples, size_t hosts);

// Judges one sample against a reference.
PairVerdict judge_pair(const Sample& s, const Reference& ref, const Thresholds& t);

// Judges every sample against `ref` (fleet_reference of the same samples when
// not given) and isolates hosts and links.
Analysis analyze(const std::vector<Sample>& samples, size_t hosts, const Thresholds& t,
                 const std::optional<Reference>& ref = std::nullopt);

}  // namespace rocecfg::fabric
