// The counter reader of a CLI vendor whose counters come from a short table
// of documented show commands (NX-OS, Huawei CE, H3C): some cover every port
// ("display dcb pfc"), some name one port ("display qos queue statistics
// interface 100GE1/0/1"), and a command may have further documented forms
// (per interface, per slot, the interface as type and number) that print the
// same table. Sending them, recognising them in a transcript, identifying a
// saved output by its content and refusing any other command are the same
// for each vendor, so a vendor writes only what one form's output looks like
// (shows) and says (parse_form).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "switch/counter_reader.h"

namespace rocecfg::sw {

struct CounterForm {
  // A form that covers every port; one that takes an interface (words after it in `suffix`).
  static CounterForm whole(std::string command, size_t parse, std::string source) {
    CounterForm f;
    f.command = std::move(command);
    f.parse = parse;
    f.source = std::move(source);
    return f;
  }
  static CounterForm per_interface(std::string command, size_t parse, std::string source,
                                   std::string suffix = {}) {
    CounterForm f = whole(std::move(command), parse, std::move(source));
    f.per_port = true;
    f.suffix = std::move(suffix);
    return f;
  }
  CounterForm saved_only() const {  // recognised in saved text, not sent live
    CounterForm f = *this;
    f.sent = false;
    return f;
  }
  CounterForm naming_ports() const {  // its output names the ports itself
    CounterForm f = *this;
    f.names_ports = true;
    return f;
  }
  CounterForm by_slot() const {  // the argument is a slot, not an interface
    CounterForm f = naming_ports();
    f.port_arg = false;
    return f;
  }
  std::string command;       // whole command, or the words before the argument
  bool per_port = false;     // takes an argument: an interface (or a slot, below)
  std::string suffix;        // words after the argument ("detail | json"), if any
  size_t parse = 0;          // which parse_form() reads its output
  bool sent = true;          // the live reader sends it (else: recognised in saved text)
  bool port_arg = true;      // the argument is an interface (false: a slot number)
  bool names_ports = false;  // its output names the ports itself
  std::string source;        // the document the form and its output follow
};

class CommandTableReader : public CounterReader {
 public:
  // `vendor_name` for the refusal text ("not an NX-OS counter command").
  CommandTableReader(std::string_view vendor, std::vector<CounterForm> forms,
                     std::string_view vendor_name);

  std::string_view vendor() const final { return vendor_; }
  // Whole-switch forms once, per-port forms once per port (sent forms only).
  std::vector<CounterCommand> commands(const std::vector<std::string>& ports) const final;
  std::optional<CounterCommand> recognise(std::string_view command_line) const final;
  Status parse(const CounterCommand& command, std::string_view output,
               CounterSnapshot& into) const final;
  Result<std::optional<CounterCommand>> identify(std::string_view output,
                                                 const CounterCommand* said) const final;
  std::vector<std::string> forms() const final;

 protected:
  // `form` is a CounterForm::parse; `command.port` is the interface a
  // per-port form named ("" when the command line named none).
  virtual Status parse_form(size_t form, const CounterCommand& command, std::string_view output,
                            CounterSnapshot& into) const = 0;
  // Whether `output` carries the marks of parse_form `form`'s output (its
  // header words, its JSON keys).
  virtual bool shows(size_t form, std::string_view output) const = 0;
  // The interface named by the words after a per-port command ("100GE1/0/1";
  // Huawei also "100ge 1/0/1"), or std::nullopt.
  virtual std::optional<std::string> interface_of(std::string_view words) const;
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
