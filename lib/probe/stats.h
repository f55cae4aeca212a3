// Figures from raw measurements: latency percentiles and bandwidth over a window.
// Pure functions, so the arithmetic is tested without an RDMA device.
#pragma once

#include <cstdint>
#include <vector>

namespace rocecfg::probe {

struct LatencyStats {
  uint64_t samples = 0;
  double min_us = 0, median_us = 0, p99_us = 0, p99_9_us = 0, max_us = 0, mean_us = 0;
  // p99.9 is only meaningful when at least two samples lie at or above it,
  // i.e. n >= 2000 (perftest's default 1000 iterations rests it on one sample).
  bool p99_9_reliable = false;
};

// Nearest-rank percentile of sorted values: the smallest value with at least
// fraction x n values at or below it. `sorted` must be non-empty and ascending.
double percentile(const std::vector<double>& sorted, double fraction);

// Sorts a copy; an empty input yields all zeros.
LatencyStats summarize_latency(std::vector<double> samples_us);

struct BandwidthStats {
  uint64_t bytes = 0;
  uint64_t messages = 0;
  double seconds = 0;
  double gbps = 0;       // average over the window, 10^9 bit/s
  double mpps = 0;       // messages per second / 10^6
  double peak_gbps = 0;  // best bucket
  double min_gbps = 0;   // worst bucket: a flapping link shows here first
};

// The rate of completions that arrive in bursts (a signaled completion
// retires a batch; rxe completes a whole send queue at once). Counting what
// completes inside the nominal window is off by up to one burst: 128 x 64 KiB
// is 8 MiB, 5 % of a 2 s window at the lab's 0.7 Gb/s. The bytes completed
// after the first burst, over the time from the first to the last burst, are
// not. Completions with the same timestamp belong to one burst.
class BurstRate {
 public:
  void add(double t_s, uint64_t bytes, uint64_t messages);
  // The measured span; seconds is 0 until two bursts were seen.
  uint64_t bytes() const { return bytes_; }
  uint64_t messages() const { return messages_; }
  double seconds() const { return seen_ ? last_s_ - first_s_ : 0; }

 private:
  bool seen_ = false;
  double first_s_ = 0, last_s_ = 0;
  uint64_t bytes_ = 0, messages_ = 0;
};

// `bucket_bytes` are bytes completed in consecutive equal slices of the window
// (bucket_s seconds each); peak and minimum come from them.
BandwidthStats summarize_bandwidth(uint64_t bytes, uint64_t messages, double seconds,
                                   const std::vector<uint64_t>& bucket_bytes, double bucket_s);

}  // namespace rocecfg::probe
