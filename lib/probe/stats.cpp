#include "probe/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rocecfg::probe {

double percentile(const std::vector<double>& sorted, double fraction) {
  const size_t n = sorted.size();
  // ceil(fraction * n) in exact arithmetic: 0.99 * 100 must give rank 99, not 100
  // because of a binary fraction error, hence the small epsilon.
  size_t rank = static_cast<size_t>(std::ceil(fraction * static_cast<double>(n) - 1e-9));
  rank = std::clamp<size_t>(rank, 1, n);
  return sorted[rank - 1];
}

LatencyStats summarize_latency(std::vector<double> samples_us) {
  LatencyStats s;
  if (samples_us.empty()) return s;
  std::sort(samples_us.begin(), samples_us.end());
  s.samples = samples_us.size();
  s.min_us = samples_us.front();
  s.max_us = samples_us.back();
  s.median_us = percentile(samples_us, 0.5);
  s.p99_us = percentile(samples_us, 0.99);
  s.p99_9_us = percentile(samples_us, 0.999);
  s.mean_us = std::accumulate(samples_us.begin(), samples_us.end(), 0.0) /
              static_cast<double>(samples_us.size());
  s.p99_9_reliable = s.samples >= 2000;
  return s;
}

void BurstRate::add(double t_s, uint64_t bytes, uint64_t messages) {
  if (!seen_) {
    seen_ = true;
    first_s_ = last_s_ = t_s;
    return;
  }
  if (t_s <= first_s_) return;  // still the first burst: it opens the span
  bytes_ += bytes;
  messages_ += messages;
  last_s_ = std::max(last_s_, t_s);
}

BandwidthStats summarize_bandwidth(uint64_t bytes, uint64_t messages, double seconds,
                                   const std::vector<uint64_t>& bucket_bytes, double bucket_s) {
  BandwidthStats s;
  s.bytes = bytes;
  s.messages = messages;
  s.seconds = seconds;
  if (seconds > 0) {
    s.gbps = static_cast<double>(bytes) * 8.0 / seconds / 1e9;
    s.mpps = static_cast<double>(messages) / seconds / 1e6;
  }
  if (!bucket_bytes.empty() && bucket_s > 0) {
    auto [lo, hi] = std::minmax_element(bucket_bytes.begin(), bucket_bytes.end());
    s.min_gbps = static_cast<double>(*lo) * 8.0 / bucket_s / 1e9;
    s.peak_gbps = static_cast<double>(*hi) * 8.0 / bucket_s / 1e9;
  } else {
    s.min_gbps = s.peak_gbps = s.gbps;
  }
  return s;
}

}  // namespace rocecfg::probe
