#include "switch/one_command_reader.h"

#include <fmt/format.h>

namespace rocecfg::sw {

OneCommandReader::OneCommandReader(std::string_view vendor, std::string_view command,
                                   std::string_view vendor_name)
    : vendor_(vendor), command_(command), vendor_name_(vendor_name) {}

std::vector<CounterCommand> OneCommandReader::commands(const std::vector<std::string>&) const {
  return {{command_, ""}};  // the command covers every port
}

std::optional<CounterCommand> OneCommandReader::recognise(std::string_view line) const {
  if (line == command_) return CounterCommand{command_, ""};
  return std::nullopt;
}

Status OneCommandReader::parse(const CounterCommand& c, std::string_view out,
                               CounterSnapshot& s) const {
  if (c.command != command_)
    return fail(ErrorKind::unsupported, "", fmt::format("not {} counter command", vendor_name_));
  return parse_output(out, s);
}

CounterSample OneCommandReader::count(uint64_t value, CounterUnit unit) const {
  return {value, unit, 64, false, false, command_};
}

bool is_counter_number(const std::string& field) {
  return parse_counter_number(field).has_value();
}

}  // namespace rocecfg::sw
