// The order in which knobs are changed, and why. One table for every backend.
#pragma once

#include <span>
#include <string_view>

#include "model/knob.h"

namespace rocecfg::plan {

struct OrderEntry {
  model::Knob knob;
  std::string_view why_here;
};

std::span<const OrderEntry> step_order();
int order_of(model::Knob knob);  // position in the table
std::string_view why_here(model::Knob knob);

}  // namespace rocecfg::plan
