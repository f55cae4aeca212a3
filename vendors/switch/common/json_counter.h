// A counter in a switch's JSON output (EOS `| json`, NX-API): vendors print
// them as JSON numbers or as strings ("1,200"); a negative number or any
// other type is not a counter.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "switch/counters.h"

namespace rocecfg::sw {

inline std::optional<uint64_t> json_counter(const nlohmann::json& v) {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer() && v.get<int64_t>() >= 0)
    return static_cast<uint64_t>(v.get<int64_t>());
  if (v.is_string()) return parse_counter_number(v.get<std::string>());
  return std::nullopt;
}

}  // namespace rocecfg::sw
