// How a vendor's counters are read: which documented show commands, and how
// each one's output becomes CounterSamples (counters.h). One reader per
// vendor in vendors/switch/<vendor>/<vendor>_counters.cpp, registered by
// vendor id like the adapters, so counter code stays out of the config
// parsers and renderers.
//
// The same parse serves live reads (over the adapter's Session) and saved
// outputs: a transcript as a terminal or the vendor's own documentation
// shows it, each output preceded by its command line ("switch# show ...",
// "cumulus@sw:~$ nv show ..."); split_transcript() finds those lines.
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
  // Counter kinds this vendor has no documented form for (listed as unread).
  virtual std::vector<std::string> not_exposed() const { return {}; }
};

using CounterReaderFactory = std::unique_ptr<CounterReader> (*)();
bool register_counter_reader(std::string_view vendor, CounterReaderFactory factory);
std::unique_ptr<CounterReader> make_counter_reader(std::string_view vendor);
std::vector<std::string> counter_reader_vendors();  // registered ids, sorted

struct TranscriptPart {
  CounterCommand command;
  std::string output;
};

// Split saved outputs at the command lines the reader recognises: a line
// whose text after a prompt marker ('$', '#', '>' or ']') -- or the whole
// line -- is a command of this reader. Text before the first command
// line is ignored; a transcript with no command line is an error.
Result<std::vector<TranscriptPart>> split_transcript(const CounterReader& reader,
                                                     std::string_view text);

// Parse a whole transcript into one snapshot (every part; the first failure
// is returned with the command named).
Result<CounterSnapshot> parse_transcript(const CounterReader& reader, std::string_view text,
                                         const std::string& switch_name);

}  // namespace rocecfg::sw
