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
    if (!f.sent) continue;
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

std::optional<std::string> CommandTableReader::interface_of(std::string_view words) const {
  // One interface name (the vendors' interface-name forms have no spaces).
  if (words.empty() || words.find_first_of(" \t|") != std::string_view::npos) return std::nullopt;
  return std::string(words);
}

std::optional<size_t> CommandTableReader::form_of(std::string_view line, std::string* port) const {
  port->clear();
  for (size_t i = 0; i < forms_.size(); ++i) {
    const CounterForm& f = forms_[i];
    if (line == f.command && (!f.per_port || f.names_ports)) return i;  // as identified by content
    if (!f.per_port) continue;
    std::string_view rest = line;
    if (!rest.starts_with(f.command + " ")) continue;
    rest.remove_prefix(f.command.size() + 1);
    if (!f.suffix.empty()) {
      std::string tail = " " + f.suffix;
      if (!rest.ends_with(tail)) continue;
      rest.remove_suffix(tail.size());
    } else if (rest.find('|') != std::string_view::npos) {
      continue;
    }
    if (!f.port_arg) {
      if (rest.empty() || rest.find_first_of(" \t") != std::string_view::npos) continue;
      return i;  // a slot: the output names its interfaces
    }
    auto name = interface_of(rest);
    if (!name) continue;
    *port = *name;
    return i;
  }
  return std::nullopt;
}

std::optional<CounterCommand> CommandTableReader::recognise(std::string_view line) const {
  std::string port;
  auto form = form_of(line, &port);
  if (!form) return std::nullopt;
  return CounterCommand{std::string(line), port};
}

Status CommandTableReader::parse(const CounterCommand& c, std::string_view out,
                                 CounterSnapshot& s) const {
  std::string port;
  auto form = form_of(c.command, &port);
  if (!form)
    return fail(ErrorKind::unsupported, "", fmt::format("not {} counter command", vendor_name_));
  return parse_form(forms_[*form].parse, CounterCommand{c.command, port}, out, s);
}

Result<std::optional<CounterCommand>> CommandTableReader::identify(
    std::string_view out, const CounterCommand* said) const {
  const CounterForm* shown = nullptr;
  for (const CounterForm& f : forms_)
    if (shows(f.parse, out)) {
      shown = &f;
      break;
    }
  if (!shown) return std::optional<CounterCommand>();
  if (said) {
    std::string port;
    auto form = form_of(said->command, &port);
    if (form && forms_[*form].parse == shown->parse) return std::optional<CounterCommand>(*said);
    return fail(ErrorKind::invalid_input, "",
                fmt::format("the output is that of '{}', not of the command line before it",
                            shown->command));
  }
  // No command line: a form whose output names its ports is read as such.
  for (const CounterForm& f : forms_)
    if (f.parse == shown->parse && (!f.per_port || f.names_ports))
      return std::optional<CounterCommand>(CounterCommand{f.command, ""});
  return fail(ErrorKind::invalid_input, "",
              fmt::format("an output of '{} <interface>' names no interface: keep the prompt and "
                          "command line before it",
                          shown->command));
}

std::vector<std::string> CommandTableReader::forms() const {
  std::vector<std::string> out;
  for (const CounterForm& f : forms_) {
    std::string arg = !f.per_port ? "" : f.port_arg ? " <interface>" : " <slot>";
    std::string tail = f.suffix.empty() ? "" : " " + f.suffix;
    out.push_back(fmt::format("{}{}{}  ({})", f.command, arg, tail, f.source));
  }
  return out;
}

CounterSample CommandTableReader::count(uint64_t value, CounterUnit unit,
                                        const CounterCommand& command) {
  return {value, unit, 64, false, false, command.command};
}

bool is_counter_number(const std::string& field) {
  return parse_counter_number(field).has_value();
}

}  // namespace rocecfg::sw
