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
    {kNotEvaluated,
     "could not evaluate: gate without RDMA or peer; audit with intended knobs not observed"},
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
  // Most severe first: a usage error stops everything, a runtime failure
  // means some target was not checked at all, drift is a finding, "could not
  // evaluate" is weaker than a finding but still no green.
  auto rank = [](int c) {
    switch (c) {
      case kUsage:
        return 4;
      case kRuntime:
        return 3;
      case kDrift:
        return 2;
      case kNotEvaluated:
        return 1;
      case kOk:
        return 0;
    }
    return 5;  // an unknown code is never hidden
  };
  return rank(a) >= rank(b) ? a : b;
}

}  // namespace rocecfg
