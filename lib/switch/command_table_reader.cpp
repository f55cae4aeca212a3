#include "switch/command_table_reader.h"

#include <fmt/format.h>

namespace rocecfg::sw {

CommandTableReader::CommandTableReader(std::string_view vendor, std::vector<CounterForm> forms,
                                       std::string_view vendor_name)
    : vendor_(vendor), vendor_name_(vendor_name), forms_(std::move(forms)) {}

std::vector<CounterCommand> CommandTableReader::commands(
    const std::vector<std::string>& ports) const {
  std::vector<CounterCommand> out;
  for (const CounterForm& f : forms_) {
    if (!f.per_port) {
      out.push_back({f.command, ""});
      continue;
    }
    for (const std::string& p : ports)
      out.push_back({f.suffix.empty() ? fmt::format("{} {}", f.command, p)
                                      : fmt::format("{} {} {}", f.command, p, f.suffix),
                     p});
  }
  return out;
}

std::optional<size_t> CommandTableReader::form_of(std::string_view line, std::string* port) const {
  for (size_t i = 0; i < forms_.size(); ++i) {
    const CounterForm& f = forms_[i];
    if (!f.per_port) {
      if (line == f.command) return i;
      continue;
    }
    std::string_view rest = line;
    if (!rest.starts_with(f.command + " ")) continue;
    rest.remove_prefix(f.command.size() + 1);
    if (!f.suffix.empty()) {
      std::string tail = " " + f.suffix;
      if (!rest.ends_with(tail)) continue;
      rest.remove_suffix(tail.size());
    }
    // One interface name (the vendors' interface-name forms have no spaces).
    if (rest.empty() || rest.find_first_of(" \t|") != std::string_view::npos) continue;
    *port = std::string(rest);
    return i;
  }
  return std::nullopt;
}

std::optional<CounterCommand> CommandTableReader::recognise(std::string_view line) const {
  std::string port;
  if (!form_of(line, &port)) return std::nullopt;
  return CounterCommand{std::string(line), port};
}

Status CommandTableReader::parse(const CounterCommand& c, std::string_view out,
                                 CounterSnapshot& s) const {
  std::string port;
  auto form = form_of(c.command, &port);
  if (!form)
    return fail(ErrorKind::unsupported, "", fmt::format("not {} counter command", vendor_name_));
  return parse_form(*form, CounterCommand{c.command, port}, out, s);
}

CounterSample CommandTableReader::count(uint64_t value, CounterUnit unit,
                                        const CounterCommand& command) {
  return {value, unit, 64, false, false, command.command};
}

bool is_counter_number(const std::string& field) {
  return parse_counter_number(field).has_value();
}

}  // namespace rocecfg::sw
