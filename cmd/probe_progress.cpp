#include "probe_progress.h"

#include <cstdio>

#include <fmt/format.h>

namespace rocecfg::cmd {

ProgressLine::ProgressLine() : run_t0_(Clock::now()), ticker_([this] { run(); }) {}

ProgressLine::~ProgressLine() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  ticker_.join();
  fmt::print(stderr, "\r\033[K");
  std::fflush(stderr);
}

void ProgressLine::test_started(const probe::TestStart& t) {
  std::lock_guard lock(mu_);
  test_ = t;
  started_ = true;
  test_t0_ = rate_t_ = Clock::now();
  rate_bytes_ = 0;
  gbps_ = 0;
}

void ProgressLine::note(const std::string& line) {
  std::lock_guard lock(mu_);
  fmt::print(stderr, "\r\033[Kprobe: {}\n{}", line, render(Clock::now()));
  std::fflush(stderr);
}

std::string ProgressLine::render(Clock::time_point now) {
  if (!started_) return "probe: starting";
  const double elapsed = std::chrono::duration<double>(now - test_t0_).count();
  const double run_s = std::chrono::duration<double>(now - run_t0_).count();
  std::string line = fmt::format("probe [{}/{}] {} {} {}  {:.1f} s", test_.index, test_.count,
                                 test_.phase, test_.mode == probe::Mode::bw ? "bw" : "lat",
                                 probe::size_label(test_.size_bytes), elapsed);
  if (test_.expected_s > 0) line += fmt::format(" of ~{:.1f} s", test_.expected_s);
  if (test_.mode == probe::Mode::bw) {
    // Rate over the last tick, so a stall shows as it happens.
    const uint64_t bytes = live_bytes_.load(std::memory_order_relaxed);
    const double dt = std::chrono::duration<double>(now - rate_t_).count();
    if (dt >= 0.2) {
      gbps_ = bytes >= rate_bytes_ ? static_cast<double>(bytes - rate_bytes_) * 8 / dt / 1e9 : 0;
      rate_bytes_ = bytes;
      rate_t_ = now;
    }
    line += fmt::format("  {:.3f} Gb/s", gbps_);
  }
  // Tests so far took run_s / (index - 1 + this one's share): the rest will
  // take about as long each.
  const double done = static_cast<double>(test_.index - 1) +
                      (test_.expected_s > 0 ? std::min(1.0, elapsed / test_.expected_s) : 0.5);
  if (done > 0.2) {
    const double left = run_s / done * (static_cast<double>(test_.count) - done);
    line += fmt::format("  ~{:.0f} s left", left);
  }
  return line;
}

void ProgressLine::run() {
  std::unique_lock lock(mu_);
  while (!stop_) {
    fmt::print(stderr, "\r\033[K{}", render(Clock::now()));
    std::fflush(stderr);
    cv_.wait_for(lock, std::chrono::milliseconds(250));
  }
}

}  // namespace rocecfg::cmd
