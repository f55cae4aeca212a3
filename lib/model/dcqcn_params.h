// The DCQCN parameters rocecfg knows, with units in their names. One table,
// used by the profile loader (valid keys, ranges) and by the NIC adapters
// (which file each maps to on each driver).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace rocecfg::model {

struct DcqcnParam {
  std::string_view name;  // profile key under [dcqcn], e.g. "rp_ai_rate_mbps"
  uint32_t min;
  uint32_t max;
  std::string_view meaning;
};

std::span<const DcqcnParam> dcqcn_params();
const DcqcnParam* find_dcqcn_param(std::string_view name);

}  // namespace rocecfg::model
