// Timestamps for the hot loops. steady_clock is a vDSO read on a host whose
// clocksource is the TSC, but a syscall plus an emulated HPET read (0.9 us,
// measured) in the QEMU lab, and a ping-pong loop reads the clock several
// times per sample: that alone was most of a 3-4 us gap to ib_write_lat's
// median there. The CPU's cycle counter costs 0.08 us. Like perftest we time
// with cycles, but convert them with a rate measured against steady_clock over
// the test itself (calibrate from setup to the end of the run), not with
// /proc/cpuinfo's "cpu MHz", which is the current frequency, not the TSC's.
// Where there is no cycle counter, "cycles" are steady_clock nanoseconds.
#pragma once

#include <chrono>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace rocecfg::probe {

class CycleClock {
 public:
  static uint64_t cycles() {
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#else
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now().time_since_epoch())
                                     .count());
#endif
  }

  // Starts the calibration interval.
  CycleClock() : t0_(std::chrono::steady_clock::now()), c0_(cycles()) {}

  // Cycles per microsecond over the interval so far; 1000 (a 1 GHz guess, only
  // for spin thresholds) until 1 ms has passed.
  double cycles_per_us() const {
    const auto t1 = std::chrono::steady_clock::now();
    const uint64_t c1 = cycles();
    const double us = std::chrono::duration<double, std::micro>(t1 - t0_).count();
    if (us < 1000 || c1 <= c0_) return 1000;
    return static_cast<double>(c1 - c0_) / us;
  }

 private:
  std::chrono::steady_clock::time_point t0_;
  uint64_t c0_;
};

}  // namespace rocecfg::probe
