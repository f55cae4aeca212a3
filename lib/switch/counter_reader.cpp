#include "switch/counter_reader.h"

#include <fmt/format.h>

#include "core/printable.h"
#include "switch/counter_transcript.h"
#include "switch/factory_registry.h"

namespace rocecfg::sw {

namespace {
FactoryRegistry<CounterReader>& readers() {
  static FactoryRegistry<CounterReader> r;
  return r;
}

bool reader_command(std::string_view line, const void* reader) {
  return static_cast<const CounterReader*>(reader)->recognise(line).has_value();
}

std::string first_words(std::string_view text) {
  size_t start = text.find_first_not_of(" \t\n");
  if (start == std::string_view::npos) return "";
  std::string_view line = text.substr(start, text.find('\n', start) - start);
  std::string out = printable_prefix(line, 60);
  return out;
}

std::string known_forms(const CounterReader& reader) {
  std::string out;
  for (const std::string& f : reader.forms()) out += "\n  " + f;
  return out;
}
}  // namespace

std::string printable_prefix(std::string_view text, size_t max) {
  return printable(text.substr(0, max)) + (text.size() > max ? "..." : "");
}

bool register_counter_reader(std::string_view vendor, CounterReaderFactory factory) {
  return readers().add(vendor, factory);
}

std::unique_ptr<CounterReader> make_counter_reader(std::string_view vendor) {
  return readers().make(vendor);
}

std::vector<std::string> counter_reader_vendors() {
  return readers().vendors();
}

Result<CounterSnapshot> parse_transcript(const CounterReader& reader, std::string_view text,
                                         const std::string& switch_name) {
  CounterSnapshot snap;
  snap.switch_name = switch_name;
  snap.vendor = std::string(reader.vendor());
  size_t read = 0;
  for (const SavedOutput& o : split_saved_outputs(text, reader_command, &reader)) {
    if (o.text.find_first_not_of(" \t\n") == std::string::npos) continue;
    if (auto t = clock_output(o.text)) {
      if (!snap.stated_at_ms) {
        snap.stated_at_ms = t->ms;
        snap.stated_zone = t->zone;
      }
      continue;
    }
    std::optional<CounterCommand> said =
        o.command_line.empty() ? std::nullopt : reader.recognise(o.command_line);
    auto where = [&] {
      return o.command_line.empty()
                 ? fmt::format("line {}", o.line)
                 : fmt::format("line {} ({})", o.line, printable_prefix(o.command_line, 80));
    };
    auto form = reader.identify(o.text, said ? &*said : nullptr);
    if (!form) return wrap(form.error(), where());
    if (!*form) {
      if (said) {
        // The command is ours and its output shows no table of it: the reader
        // says why (or reads it as the live path would: an NVUE watchdog that
        // is off prints no traffic-class table, which is noted, not an error).
        if (auto st = reader.parse(*said, o.text, snap); !st) return wrap(st.error(), where());
        ++read;
        continue;
      }
      if (std::string why = reader.form_not_read(o.command_line); !why.empty())
        return fail(ErrorKind::invalid_input, where(),
                    fmt::format("{}; the forms it reads:{}", why, known_forms(reader)));
      if (!o.command_line.empty()) {
        snap.notes.push_back(
            fmt::format("{}: passed over (not a {} counter output)", where(), reader.vendor()));
        continue;
      }
      return fail(ErrorKind::invalid_input, where(),
                  fmt::format("'{}' is not a {} counter output this reader recognises; the forms "
                              "it reads:{}",
                              first_words(o.text), reader.vendor(), known_forms(reader)));
    }
    if (auto st = reader.parse(**form, o.text, snap); !st) return wrap(st.error(), where());
    ++read;
  }
  if (read == 0)
    return fail(ErrorKind::invalid_input, "",
                fmt::format("no {} counter output found; the forms read:{}", reader.vendor(),
                            known_forms(reader)));
  for (const std::string& k : reader.not_exposed()) snap.unread.push_back(k);
  return snap;
}

}  // namespace rocecfg::sw
