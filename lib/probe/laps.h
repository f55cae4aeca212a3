// Named durations of consecutive steps ("open device 3.1 ms, create QPs
// 12.0 ms, ..."): where probe setup time goes, reported per test so a slow
// setup points at its cause instead of being one opaque figure.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace rocecfg::probe {

using Laps = std::vector<std::pair<std::string, double>>;  // {step, ms} in order

class LapClock {
 public:
  LapClock() : mark_(std::chrono::steady_clock::now()) {}
  // Ends the current step under `name` and starts the next one.
  void lap(std::string name) {
    auto now = std::chrono::steady_clock::now();
    laps_.emplace_back(std::move(name),
                       std::chrono::duration<double, std::milli>(now - mark_).count());
    mark_ = now;
  }
  // Starts a step without recording the time since the last one (a wait that
  // belongs to someone else).
  void restart() { mark_ = std::chrono::steady_clock::now(); }
  // Folds steps measured elsewhere in (they happened inside the current step).
  void splice(const Laps& inner, const std::string& prefix) {
    for (const auto& [name, ms] : inner) laps_.emplace_back(prefix + name, ms);
    mark_ = std::chrono::steady_clock::now();
  }
  const Laps& laps() const { return laps_; }
  Laps take() { return std::move(laps_); }

 private:
  std::chrono::steady_clock::time_point mark_;
  Laps laps_;
};

}  // namespace rocecfg::probe
