// `--textfile DIR` of audit, gate and counters: one rule for all three. The
// metrics are written atomically and link-safely (metrics/textfile.h); a
// write that fails is said on stderr and as a JSON warning, and the run
// exits 3 unless a worse code (2) is already set (worst_exit_code): asked
// for metrics and got none is never a success, and it is not hidden behind
// a verdict either (counters once exited 0 or 1, gate 1 or 4, where their
// --help and the README say 3).
#pragma once

#include <string>
#include <string_view>

#include "metrics/textfile.h"

namespace rocecfg::cmd {

int write_metrics(std::string_view verb, const std::string& dir, const std::string& file_name,
                  const metrics::MetricSet& metrics, int exit_code);

}  // namespace rocecfg::cmd
