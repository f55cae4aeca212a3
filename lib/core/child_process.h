// Child processes with deadlines: probers that launch `rocecfg probe`
// through a local launcher (srun), and the NIC firmware tools (mstconfig). No shell: the argv is
// exec'd as given, so no argument is ever re-parsed by a shell on this side.
//   run_process       - runs to completion, stdout and stderr captured
//                       separately, killed at its deadline;
//   BackgroundProcess - started with its output in an unlinked temporary
//                       file (a pipe nobody drains could fill and block a
//                       long-lived server), waited on until a line appears;
//                       SIGTERM, then SIGKILL, when it goes out of scope.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"

namespace rocecfg {

struct ProcessOutput {
  int exit_status = 0;  // 128 + N when killed by signal N
  std::string out, err;
};

// The most one child may print on either stream; beyond it the child is
// killed (a probe's JSON is a few KiB).
inline constexpr size_t kMaxChildOutputBytes = 4u << 20;

// Errors: cannot start (e.g. the program is not on PATH), output too large,
// or still running at the deadline (killed).
Result<ProcessOutput> run_process(const std::vector<std::string>& argv, uint32_t timeout_ms);

class BackgroundProcess {
 public:
  // Starts argv with stdout and stderr in one temporary file, then waits up
  // to timeout_ms for a line containing `ready`. Errors when the child exits
  // first or the time runs out, with what it printed.
  static Result<std::unique_ptr<BackgroundProcess>> start(const std::vector<std::string>& argv,
                                                          const std::string& ready,
                                                          uint32_t timeout_ms);
  ~BackgroundProcess();  // SIGTERM, up to 5 s, then SIGKILL; always reaped
  BackgroundProcess(const BackgroundProcess&) = delete;
  BackgroundProcess& operator=(const BackgroundProcess&) = delete;
  pid_t pid() const { return pid_; }

 private:
  BackgroundProcess(pid_t pid, int log_fd) : pid_(pid), log_fd_(log_fd) {}
  pid_t pid_;
  int log_fd_;
};

}  // namespace rocecfg
