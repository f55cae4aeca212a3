#include "profile/workload_intent.h"

#include <algorithm>

#include <fmt/format.h>

namespace rocecfg::profile {

const char* to_string(CommLibrary lib) {
  switch (lib) {
    case CommLibrary::nccl:
      return "nccl";
    case CommLibrary::ucx:
      return "ucx";
    case CommLibrary::hccl:
      return "hccl";
  }
  return "?";
}

bool WorkloadIntent::manages(CommLibrary lib) const {
  return std::find(libraries.begin(), libraries.end(), lib) != libraries.end();
}

std::string describe_tos(uint8_t tos) {
  // RFC 3168 codepoints of the two low bits.
  static constexpr const char* kEcn[] = {"Not-ECT", "ECT(1)", "ECT(0)", "CE"};
  return fmt::format("DSCP {}, ECN {}", tos >> 2, kEcn[tos & 3]);
}

}  // namespace rocecfg::profile
