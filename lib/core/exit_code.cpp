#include "core/exit_code.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

namespace rocecfg {

namespace {
constexpr std::array<ExitCodeInfo, 5> kTable{{
    {kOk, "success: applied, no drift, healthy"},
    {kDrift, "drift found, apply incomplete, probe or gate unhealthy"},
    {kUsage, "usage error: bad command line, argument value, profile or inventory"},
    {kRuntime, "runtime failure (device, kernel, privileges, SSH, RDMA)"},
    {kNotEvaluated, "gate only: could not evaluate (a Slurm prolog should not drain on this)"},
}};
}  // namespace

std::span<const ExitCodeInfo> exit_code_table() {
  return kTable;
}

std::string exit_code_help(std::span<const ExitCode> only) {
  std::string out = "Exit codes:\n";
  for (const ExitCodeInfo& e : kTable)
    if (only.empty() || std::find(only.begin(), only.end(), e.code) != only.end())
      out += fmt::format("  {}  {}\n", static_cast<int>(e.code), e.meaning);
  return out;
}

int worst_exit_code(int a, int b) {
  return std::max(a, b);
}

}  // namespace rocecfg
