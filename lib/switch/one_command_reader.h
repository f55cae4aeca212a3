// The counter reader of a vendor whose counters all come from one fixed show
// command (NX-OS `show interface priority-flow-control`, Huawei `display dcb
// pfc`, H3C `display priority-flow-control interface`): the vendor id, that
// command, recognising it in a transcript and refusing any other are the same
// for each, so a vendor writes only parse_output().
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "switch/counter_reader.h"

namespace rocecfg::sw {

class OneCommandReader : public CounterReader {
 public:
  // `vendor_name` for the refusal text ("not an NX-OS counter command").
  OneCommandReader(std::string_view vendor, std::string_view command, std::string_view vendor_name);

  std::string_view vendor() const final { return vendor_; }
  std::vector<CounterCommand> commands(const std::vector<std::string>& ports) const final;
  std::optional<CounterCommand> recognise(std::string_view command_line) const final;
  Status parse(const CounterCommand& command, std::string_view output,
               CounterSnapshot& into) const final;

 protected:
  virtual Status parse_output(std::string_view output, CounterSnapshot& into) const = 0;
  // A 64-bit count from the command, cleared only by the vendor's clear
  // command (never on read): how all three vendors document theirs.
  CounterSample count(uint64_t value, CounterUnit unit) const;

 private:
  std::string vendor_, command_, vendor_name_;
};

// A field that reads as a counter number ("1,200", "0").
bool is_counter_number(const std::string& field);

}  // namespace rocecfg::sw
