// The counter reader of a CLI vendor whose counters come from a short table
// of documented show commands (NX-OS, Huawei CE, H3C): some cover every port
// ("display dcb pfc"), some name one port ("display qos queue statistics
// interface 100GE1/0/1"). Sending them, recognising them in a transcript and
// refusing any other command are the same for each vendor, so a vendor
// writes only parse_form(): what one form's output says.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "switch/counter_reader.h"

namespace rocecfg::sw {

struct CounterForm {
  CounterForm(std::string command_words, bool names_port = false, std::string after_port = {})
      : command(std::move(command_words)), per_port(names_port), suffix(std::move(after_port)) {}
  std::string command;  // whole command, or the words before the port
  bool per_port = false;
  std::string suffix;  // per-port forms: the words after the port ("detail | json"), if any
};

class CommandTableReader : public CounterReader {
 public:
  // `vendor_name` for the refusal text ("not an NX-OS counter command").
  CommandTableReader(std::string_view vendor, std::vector<CounterForm> forms,
                     std::string_view vendor_name);

  std::string_view vendor() const final { return vendor_; }
  // Whole-switch forms once, per-port forms once per port.
  std::vector<CounterCommand> commands(const std::vector<std::string>& ports) const final;
  std::optional<CounterCommand> recognise(std::string_view command_line) const final;
  Status parse(const CounterCommand& command, std::string_view output,
               CounterSnapshot& into) const final;

 protected:
  // `form` indexes the table given to the constructor; `command.port` is the
  // port a per-port form named.
  virtual Status parse_form(size_t form, const CounterCommand& command, std::string_view output,
                            CounterSnapshot& into) const = 0;
  // A 64-bit count from `command`, cleared only by the vendor's clear
  // command (never on read): how all three vendors document theirs.
  static CounterSample count(uint64_t value, CounterUnit unit, const CounterCommand& command);

 private:
  std::optional<size_t> form_of(std::string_view command_line, std::string* port) const;
  std::string vendor_, vendor_name_;
  std::vector<CounterForm> forms_;
};

// A field that reads as a counter number ("1,200", "0").
bool is_counter_number(const std::string& field);

}  // namespace rocecfg::sw
