#include "switch/fleet.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>

#include <fmt/format.h>

namespace rocecfg::sw {

void run_fleet(size_t count, int parallel, const std::function<void(size_t)>& job,
               const std::function<void(size_t, const std::string&)>& on_exception,
               const FleetProgress& progress, const std::function<std::string(size_t)>& label) {
  size_t workers = static_cast<size_t>(std::clamp(parallel, 1, 256));
  workers = std::min(workers, count);
  std::atomic<size_t> next{0};
  std::atomic<size_t> done{0};
  std::mutex print_mutex;
  auto report = [&](size_t i) {
    if (!progress.enabled) return;
    std::lock_guard lock(print_mutex);
    size_t d = ++done;
    std::string what = label ? label(i) : std::string();
    fmt::print(stderr, "\r\033[K{} {}/{} {}", progress.verb, d, count, what);
    if (d == count) fmt::print(stderr, "\r\033[K");
    std::fflush(stderr);
  };
  auto worker = [&] {
    for (size_t i; (i = next.fetch_add(1)) < count;) {
      try {
        job(i);
      } catch (const std::exception& e) {
        on_exception(i, e.what());
      } catch (...) {
        on_exception(i, "unknown exception");
      }
      report(i);
    }
  };
  std::vector<std::jthread> threads;
  threads.reserve(workers);
  for (size_t w = 0; w < workers; ++w) threads.emplace_back(worker);
}

}  // namespace rocecfg::sw
