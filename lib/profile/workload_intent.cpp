#include "profile/workload_intent.h"
#include "profile/tos_text.h"

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

const char* ecn_name(uint8_t ecn_bits) {
  // RFC 3168 codepoints of the two low bits.
  static constexpr const char* kEcn[] = {"Not-ECT", "ECT(1)", "ECT(0)", "CE"};
  return kEcn[ecn_bits & 3];
}

std::string describe_tos(uint8_t tos) {
  return fmt::format("DSCP {}, ECN {}", tos >> 2, ecn_name(tos));
}

}  // namespace rocecfg::profile
