// Live status of a probe run on a terminal, one line redrawn on stderr every
// 250 ms (a run with load and two sizes takes 20-60 s; silence that long looks
// like a hang):
//   probe [3/8] idle bw 64KiB  1.2 s of ~1.4 s  0.512 Gb/s  ~9 s left
// Only used when stderr is a terminal and --json is off, so pipes, logs and
// JSON consumers never see it.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "probe/runner.h"

namespace rocecfg::cmd {

class ProgressLine {
 public:
  ProgressLine();
  ~ProgressLine();  // stops redrawing and clears the line for the report
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void test_started(const probe::TestStart& t);
  // Where the run reports bytes completed (ProbeConfig::live_bytes).
  std::atomic<uint64_t>* live_bytes() { return &live_bytes_; }
  // A message that stays (load started, a test failed), printed above the line.
  void note(const std::string& line);

 private:
  using Clock = std::chrono::steady_clock;
  void run();
  std::string render(Clock::time_point now);  // under mu_

  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  bool started_ = false;
  probe::TestStart test_;
  Clock::time_point run_t0_, test_t0_, rate_t_;
  uint64_t rate_bytes_ = 0;
  double gbps_ = 0;
  std::atomic<uint64_t> live_bytes_{0};
  std::thread ticker_;
};

}  // namespace rocecfg::cmd
