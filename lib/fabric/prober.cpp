#include "fabric/prober.h"

#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "core/child_process.h"
#include "core/printable.h"
#include "switch/fleet.h"

namespace rocecfg::fabric {

Result<std::string> Prober::run_on_host(size_t, const std::vector<std::string>& argv) {
  return fail(argv.empty() ? "" : argv.front(), "this transport runs no command on the hosts");
}

std::string last_line(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  size_t nl = s.rfind('\n');
  return nl == std::string::npos ? s : s.substr(nl + 1);
}

Result<std::string> run_command_here(const std::vector<std::string>& argv, uint32_t timeout_ms) {
  Result<ProcessOutput> out = run_process(argv, timeout_ms);
  if (!out) return std::unexpected(out.error());
  if (out->exit_status == 0) return std::move(out->out);
  std::string err = last_line(out->err);
  return fail(argv.front(), err.empty()
                                ? fmt::format("exit {} (nothing on stderr)", out->exit_status)
                                : fmt::format("exit {}: {}", out->exit_status, printable(err)));
}

namespace {
double steady_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

SteadyClock::SteadyClock()
    : start_s_(steady_s()),
      epoch_at_start_s_(
          std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
              .count()) {}

double SteadyClock::now_s() const {
  return steady_s() - start_s_;
}

void SteadyClock::sleep_until(double t_s) {
  double left = t_s - now_s();
  if (left > 0) std::this_thread::sleep_for(std::chrono::duration<double>(left));
}

std::vector<Sample> run_rounds(Prober& prober, const std::vector<Round>& rounds, Clock& clock,
                               size_t first_round_index,
                               const std::function<void(const RoundDone&)>& on_round) {
  std::vector<Sample> out;
  for (size_t r = 0; r < rounds.size(); ++r) {
    double start = clock.now_s();
    std::vector<Sample> got = prober.run_round(rounds[r]);
    double end = clock.now_s();
    for (size_t i = 0; i < got.size(); ++i) {
      got[i].round = first_round_index + r;
      got[i].at_s = end;
      if (i < rounds[r].pairs.size()) got[i].pair = rounds[r].pairs[i];
    }
    out.insert(out.end(), got.begin(), got.end());
    if (on_round) on_round(RoundDone{first_round_index + r, rounds.size(), end - start});
  }
  return out;
}

std::vector<Sample> run_pairs_at_once(const Round& round,
                                      const std::function<Sample(const Pair&)>& test) {
  std::vector<Sample> out(round.pairs.size());
  sw::run_fleet(
      round.pairs.size(), 256,
      [&](size_t i) {
        out[i] = test(round.pairs[i]);
        out[i].pair = round.pairs[i];
      },
      [&](size_t i, const std::string& what) {
        out[i].pair = round.pairs[i];
        out[i].error = what;
      });
  return out;
}

}  // namespace rocecfg::fabric
