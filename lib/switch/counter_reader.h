// How a vendor's counters are read: which documented show commands, and how
// each one's output becomes CounterSamples (counters.h). One reader per
// vendor in vendors/switch/<vendor>/<vendor>_counters.cpp, registered by
// vendor id like the adapters, so counter code stays out of the config
// parsers and renderers.
//
// The same parse serves live reads (over the adapter's Session) and saved
// outputs. A saved output is recognised by its own content (table headers,
// JSON keys: identify()), with or without the prompt and command line that
// printed it (counter_transcript.h cuts a saved text into outputs); the
// command line, when there, names the port of a per-interface form.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "switch/counters.h"

namespace rocecfg::sw {

struct CounterCommand {
  std::string command;  // exactly as sent
  std::string port;     // the port it concerns; empty: the command covers all ports
};

class CounterReader {
 public:
  virtual ~CounterReader() = default;
  virtual std::string_view vendor() const = 0;
  // The commands that read `ports` (vendor names, already expanded).
  virtual std::vector<CounterCommand> commands(const std::vector<std::string>& ports) const = 0;
  // A command line from a transcript (prompt already removed) that this
  // reader knows, with the port it names; std::nullopt for anything else.
  virtual std::optional<CounterCommand> recognise(std::string_view command_line) const = 0;
  // Add what `output` of `command` says to `into`; an output that does not
  // have the documented shape is an error naming the command.
  virtual Status parse(const CounterCommand& command, std::string_view output,
                       CounterSnapshot& into) const = 0;
  // The form a saved output is, by its own content: the command to parse it
  // as (with the port the command line `said` names, for a per-interface
  // form), std::nullopt when the content is none of this reader's forms, or
  // an error when the evidence disagrees (the command line names another
  // form) or is short (a per-interface output whose port nothing names).
  virtual Result<std::optional<CounterCommand>> identify(std::string_view output,
                                                         const CounterCommand* said) const = 0;
  // Every form this reader recognises, each with the document it follows:
  // what a refusal lists.
  virtual std::vector<std::string> forms() const = 0;
  // Counter kinds this vendor has no documented form for (listed as unread).
  virtual std::vector<std::string> not_exposed() const { return {}; }
  // A command line of a command this reader reads only in another form (EOS
  // and NX-OS text without `| json`): why that form is not read, which a
  // saved output after it is refused with; "" for any other line.
  virtual std::string form_not_read(std::string_view /*command_line*/) const { return ""; }
};

using CounterReaderFactory = std::unique_ptr<CounterReader> (*)();
bool register_counter_reader(std::string_view vendor, CounterReaderFactory factory);
std::unique_ptr<CounterReader> make_counter_reader(std::string_view vendor);
std::vector<std::string> counter_reader_vendors();  // registered ids, sorted

// At most `max` characters of `text`, escaped by printable() (core/printable.h):
// how a refusal quotes what it read.
std::string printable_prefix(std::string_view text, size_t max);

// Parse a saved text (one or more outputs, see counter_transcript.h) into one
// snapshot. Each output is read as the form its content shows; an output
// after a command line this reader does not know, whose content is none of
// its forms, is passed over and noted; any other text no form explains is
// refused with its line, its first words and the forms this reader knows.
// A clock output (`date`, `show clock`, `display clock`) sets stated_at_ms.
Result<CounterSnapshot> parse_transcript(const CounterReader& reader, std::string_view text,
                                         const std::string& switch_name);

}  // namespace rocecfg::sw
