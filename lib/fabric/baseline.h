// Baselines: the per-pair figures of a run recorded when the fabric was known
// good (after a rollout), with what produced them (profile path, name and
// content fingerprint, rocecfg version, the host that ran it, the date), and
// the comparison of a later run against them. A pair regressed when its
// bandwidth fell, or its p50 latency rose, by more than `tolerance` of its
// baseline figure (the profile's [validation] baseline_tolerance, default
// 0.10); the fabric regressed overall when the median of the pairs' ratios did.
// Pairs are matched by host names in either direction.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "fabric/report.h"

namespace rocecfg::fabric {

struct BaselinePair {
  std::string client, server;
  std::optional<double> bw_gbps, lat_p50_us;
};

struct Baseline {
  std::string rocecfg_version;
  std::string created;     // ISO 8601 UTC
  std::string controller;  // host name of the machine that ran it
  std::string profile_path, profile_name, profile_fingerprint;
  std::string pattern;
  std::vector<std::string> hosts;
  Reference median;
  std::vector<BaselinePair> pairs;

  // Either direction; nullptr when the pair was not in the baseline.
  const BaselinePair* find(const std::string& a, const std::string& b) const;
};

struct BaselineMeta {
  std::string rocecfg_version, created, controller, profile_path, profile_name, profile_fingerprint;
};

// FNV-1a 64 of the profile file's bytes, as 16 hex digits: a changed profile
// is visible in the baseline without storing it.
std::string fingerprint(const std::string& bytes);
// "2025-12-01T08:00:00Z"
std::string iso8601_utc(double epoch_s);

Baseline make_baseline(const RunReport& r, const BaselineMeta& meta);
nlohmann::json baseline_json(const Baseline& b);
Result<Baseline> parse_baseline(const std::string& text, const std::string& path);
// The file at `path` (a regular file of at most 64 MiB), parsed.
Result<Baseline> load_baseline(const std::string& path);

struct PairChange {
  std::string client, server;
  std::optional<double> bw_ratio, lat_ratio;  // now / baseline
  bool regressed = false;
  std::vector<std::string> reasons;
};

struct BaselineComparison {
  double tolerance = 0.10;
  std::vector<PairChange> pairs;     // pairs measured now that the baseline has
  std::vector<std::string> missing;  // baseline pairs not measured now ("a -> b")
  std::vector<std::string> unknown;  // measured now, not in the baseline
  std::optional<double> median_bw_ratio, median_lat_ratio;
  std::vector<std::string> overall;  // overall regressions, as sentences
  size_t regressed_pairs = 0;
  bool regressed() const { return regressed_pairs > 0 || !overall.empty(); }
  // REGRESSED, OK, or UNKNOWN when no pair could be compared.
  const char* verdict() const {
    return regressed() ? "REGRESSED" : pairs.empty() ? "UNKNOWN" : "OK";
  }
};

// One pair's figures against its baseline entry (also used by probe and gate).
PairChange compare_pair(const BaselinePair& base, std::optional<double> bw_gbps,
                        std::optional<double> lat_p50_us, double tolerance);

BaselineComparison compare(const Baseline& b, const RunReport& r, double tolerance);
std::string render_comparison_text(const BaselineComparison& c, const Baseline& b);
nlohmann::json render_comparison_json(const BaselineComparison& c, const Baseline& b);

}  // namespace rocecfg::fabric
