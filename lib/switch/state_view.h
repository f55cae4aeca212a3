// What a parsed switch config says, knob by knob, as `show switch` prints it
// and the corpus test scores it: for a port (or the switch as a whole) each
// switch knob's value, where it comes from (configured / vendor default /
// not in the file) and the vendor's own words; and the ports grouped only
// where their whole observed state is equal. One place for that reading, so
// the JSON shape of `show switch --json` (cmd/schemas/show.schema.json) and
// the corpus expected values (tests/switch/corpus/README.md) cannot drift.
#pragma once

#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/knob.h"
#include "switch/adapter.h"

namespace rocecfg::sw {

// The knobs a switch config is read for, in the order they are shown.
std::span<const model::Knob> switch_knobs();

struct KnobView {
  nlohmann::json value;  // plan::knob_json's shape; null when absent (off, or not in the file)
  Source source = Source::not_in_file;
  std::string vendor_text;
  bool operator==(const KnobView&) const = default;
};

// `knob` on `port` ("" = the switch as a whole): the port's own value or
// mark when it has one, else the switch-wide one (a port runs with what the
// switch says unless it says otherwise).
KnobView knob_view(const SwitchState& state, const std::string& port, model::Knob knob);

// {"value": ..., "source": "configured" | "default" | "not-in-file", "vendor_text": "..."}
nlohmann::json to_json(const KnobView& view);

struct PortGroup {
  std::vector<std::string> ports;                       // interface order
  std::vector<std::pair<model::Knob, KnobView>> knobs;  // switch_knobs() order
};

// Ports whose every knob view is equal, in interface order of their first port.
std::vector<PortGroup> port_groups(const SwitchState& state);

}  // namespace rocecfg::sw
