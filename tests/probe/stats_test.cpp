#include <doctest/doctest.h>

#include <numeric>

#include "probe/stats.h"

using namespace rocecfg::probe;

TEST_SUITE("probe.stats") {
  TEST_CASE("nearest-rank percentiles of 1..1000") {
    std::vector<double> v(1000);
    std::iota(v.begin(), v.end(), 1.0);
    CHECK(percentile(v, 0.5) == 500);
    CHECK(percentile(v, 0.99) == 990);
    CHECK(percentile(v, 0.999) == 999);
    CHECK(percentile(v, 1.0) == 1000);
    CHECK(percentile(v, 0.0) == 1);
  }

  TEST_CASE("0.99 of 100 samples is rank 99, not 100 (binary fraction error)") {
    std::vector<double> v(100);
    std::iota(v.begin(), v.end(), 1.0);
    CHECK(percentile(v, 0.99) == 99);
  }

  TEST_CASE("latency summary sorts, orders percentiles and flags a thin p99.9") {
    std::vector<double> v;
    for (int i = 0; i < 1000; ++i) v.push_back(static_cast<double>((i * 7919) % 1000) + 1);
    LatencyStats s = summarize_latency(v);
    CHECK(s.samples == 1000);
    CHECK(s.min_us == 1);
    CHECK(s.median_us == 500);
    CHECK(s.p99_us == 990);
    CHECK(s.p99_9_us == 999);
    CHECK(s.max_us == 1000);
    CHECK(s.mean_us == doctest::Approx(500.5));
    CHECK_FALSE(s.p99_9_reliable);
    v.resize(2000, 5.0);
    CHECK(summarize_latency(v).p99_9_reliable);
  }

  TEST_CASE("one outlier in 2000 samples moves max but not p99.9") {
    std::vector<double> v(2000, 10.0);
    v[1234] = 5000;
    LatencyStats s = summarize_latency(v);
    CHECK(s.p99_9_us == 10);
    CHECK(s.max_us == 5000);
  }

  TEST_CASE("empty latency input yields zeros") {
    LatencyStats s = summarize_latency({});
    CHECK(s.samples == 0);
    CHECK(s.p99_us == 0);
  }

  TEST_CASE("bandwidth average, message rate, peak and worst bucket") {
    // 1 s window, 10 buckets of 0.1 s; 125 MB total = 1 Gb/s.
    std::vector<uint64_t> buckets(10, 12'500'000);
    buckets[3] = 25'000'000;  // 2 Gb/s in that slice
    buckets[7] = 0;           // a stall
    BandwidthStats s = summarize_bandwidth(125'000'000, 1000, 1.0, buckets, 0.1);
    CHECK(s.gbps == doctest::Approx(1.0));
    CHECK(s.mpps == doctest::Approx(0.001));
    CHECK(s.peak_gbps == doctest::Approx(2.0));
    CHECK(s.min_gbps == doctest::Approx(0.0));
  }

  TEST_CASE("bandwidth without buckets: peak and minimum equal the average") {
    BandwidthStats s = summarize_bandwidth(250'000'000, 10, 2.0, {}, 0);
    CHECK(s.gbps == doctest::Approx(1.0));
    CHECK(s.peak_gbps == doctest::Approx(1.0));
    CHECK(s.min_gbps == doctest::Approx(1.0));
  }

  TEST_CASE("burst rate: exact where the nominal window is off by a burst") {
    // 8 MiB bursts every 100 ms (0.671 Gb/s). A nominal 1 s window holds 9 or
    // 10 of them depending on phase (0.604 or 0.671 Gb/s); the span from the
    // first to the last burst holds 9 bursts in 0.9 s whatever the phase.
    const uint64_t burst = 8ull << 20;
    BurstRate r;
    for (int k = 0; k < 10; ++k) r.add(0.05 + 0.1 * k, burst, 128);
    CHECK(r.bytes() == 9 * burst);
    CHECK(r.messages() == 9 * 128);
    CHECK(r.seconds() == doctest::Approx(0.9));
    CHECK(static_cast<double>(r.bytes()) * 8 / r.seconds() / 1e9 ==
          doctest::Approx(burst * 8 / 0.1 / 1e9));
  }

  TEST_CASE("burst rate: completions of the first burst open the span, later ties count") {
    BurstRate r;
    r.add(1.0, 100, 1);
    r.add(1.0, 100, 1);  // same poll as the first: still before the span
    CHECK(r.seconds() == 0);
    CHECK(r.bytes() == 0);
    r.add(1.5, 300, 3);
    r.add(1.5, 300, 3);  // same poll, later burst: inside the span
    CHECK(r.bytes() == 600);
    CHECK(r.messages() == 6);
    CHECK(r.seconds() == doctest::Approx(0.5));
  }
}
