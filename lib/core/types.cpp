#include "core/types.h"

namespace rocecfg {

std::string PriorityMask::to_string() const {
  if (bits_ == 0) return "none";
  std::string out;
  for (unsigned p = 0; p < 8; ++p) {
    if (!(bits_ & (1u << p))) continue;
    if (!out.empty()) out += ',';
    out += static_cast<char>('0' + p);
  }
  return out;
}

}  // namespace rocecfg
