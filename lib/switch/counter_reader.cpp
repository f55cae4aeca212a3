#include "switch/counter_reader.h"

#include <fmt/format.h>

#include "switch/factory_registry.h"

namespace rocecfg::sw {

namespace {
FactoryRegistry<CounterReader>& readers() {
  static FactoryRegistry<CounterReader> r;
  return r;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

// The command text of a transcript line: after the last prompt marker, or
// the whole line.
std::optional<CounterCommand> command_of(const CounterReader& reader, std::string_view line) {
  line = trim(line);
  if (auto c = reader.recognise(line)) return c;
  // After a prompt: "admin@sonic:~$ show ...", "leaf1#show ...", "<HUAWEI> display ...".
  for (size_t at = 0; at < line.size(); ++at)
    if (std::string_view("$#>]").find(line[at]) != std::string_view::npos)
      if (auto c = reader.recognise(trim(line.substr(at + 1)))) return c;
  return std::nullopt;
}
}  // namespace

bool register_counter_reader(std::string_view vendor, CounterReaderFactory factory) {
  return readers().add(vendor, factory);
}

std::unique_ptr<CounterReader> make_counter_reader(std::string_view vendor) {
  return readers().make(vendor);
}

std::vector<std::string> counter_reader_vendors() {
  return readers().vendors();
}

Result<std::vector<TranscriptPart>> split_transcript(const CounterReader& reader,
                                                     std::string_view text) {
  std::vector<TranscriptPart> parts;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
    if (auto c = command_of(reader, line)) {
      parts.push_back(TranscriptPart{*c, ""});
    } else if (!parts.empty()) {
      parts.back().output.append(line);
      parts.back().output.push_back('\n');
    }
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  if (parts.empty())
    return fail(ErrorKind::invalid_input, "",
                fmt::format("no {} counter command found (each output must follow its command "
                            "line, e.g. the prompt and the show command)",
                            reader.vendor()));
  return parts;
}

Result<CounterSnapshot> parse_transcript(const CounterReader& reader, std::string_view text,
                                         const std::string& switch_name) {
  auto parts = split_transcript(reader, text);
  if (!parts) return std::unexpected(parts.error());
  CounterSnapshot snap;
  snap.switch_name = switch_name;
  snap.vendor = std::string(reader.vendor());
  for (const TranscriptPart& p : *parts) {
    if (auto st = reader.parse(p.command, p.output, snap); !st)
      return wrap(st.error(), p.command.command);
  }
  for (const std::string& k : reader.not_exposed()) snap.unread.push_back(k);
  return snap;
}

}  // namespace rocecfg::sw
