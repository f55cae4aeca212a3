#include "model/vendors.h"

namespace rocecfg::model {

std::string switch_vendor_list() {
  std::string out;
  for (std::string_view v : kSwitchVendors) {
    if (!out.empty()) out += ", ";
    out += v;
  }
  return out;
}

}  // namespace rocecfg::model
