// The seam between scheduling and the hosts: a Prober runs one round (its
// pairs at once, each host in at most one of them) and returns one Sample per
// pair. Real probers start `rocecfg probe` on the hosts (over SSH, srun, or
// in this process for endpoints on one machine); tests use a model of a
// fabric. The Clock is the other seam: the soak waits on it, and a simulated
// fabric advances it by its modelled round time.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/result.h"

#include "fabric/sample.h"
#include "fabric/schedule.h"

namespace rocecfg::fabric {

class Clock {
 public:
  virtual ~Clock() = default;
  virtual double now_s() const = 0;  // seconds since an arbitrary start
  virtual void sleep_until(double t_s) = 0;
  // Wall-clock time of now_s() == 0, seconds since the Unix epoch (for the
  // time series; a simulated clock starts where its test says).
  virtual double epoch_offset_s() const = 0;
};

class SteadyClock final : public Clock {
 public:
  SteadyClock();
  double now_s() const override;
  void sleep_until(double t_s) override;
  double epoch_offset_s() const override { return epoch_at_start_s_; }

 private:
  double start_s_ = 0, epoch_at_start_s_ = 0;
};

class Prober {
 public:
  virtual ~Prober() = default;
  // Runs the round's pairs concurrently; one Sample per pair, same order.
  // Sample::at_s and ::round are filled in by run_rounds.
  virtual std::vector<Sample> run_round(const Round& round) = 0;
  // Runs argv on the host of endpoint `e` through the same transport (the
  // run's SSH session, a Slurm step, this machine) and returns its stdout;
  // a non-zero exit is an error with the command's last stderr line. For
  // readings beside the probes (fabric/cabling.h). The default: a transport
  // that reaches no host (a model) says so.
  virtual Result<std::string> run_on_host(size_t e, const std::vector<std::string>& argv);
};

// The last line of a child's stderr: srun, lldpcli and rocecfg put the
// reason there.
std::string last_line(std::string s);

// Runs argv on this machine (local transport, and srun's launcher): stdout,
// or an error with the exit status and the last stderr line.
Result<std::string> run_command_here(const std::vector<std::string>& argv, uint32_t timeout_ms);

// A round's pairs at once (the schedule keeps hosts disjoint) on lib/switch's
// bounded worker pool, one Sample per pair in order; a test that throws is
// that pair's error. Every Prober's run_round is this with its own test.
std::vector<Sample> run_pairs_at_once(const Round& round,
                                      const std::function<Sample(const Pair&)>& test);

struct RoundDone {
  size_t index = 0, count = 0;
  double seconds = 0;  // this round
};

// Runs rounds in order, stamping each sample with its round and finish time.
std::vector<Sample> run_rounds(Prober& prober, const std::vector<Round>& rounds, Clock& clock,
                               size_t first_round_index = 0,
                               const std::function<void(const RoundDone&)>& on_round = {});

}  // namespace rocecfg::fabric
