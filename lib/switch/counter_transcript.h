// Saved counter outputs as people keep them: a terminal capture with prompts
// ("admin@sonic:~$ show pfc counters", "<HUAWEI> display dcb pfc",
// "[~DeviceD]", "leaf1(config)#"), an output saved without its command line
// (`show pfc counters > file`, a documentation example, a ticket
// attachment), a block indented as a document quotes it, CRLF line ends,
// pager residue ("---- More ----" and the escapes that erase it) and a
// trailing prompt. This file cuts such a text into outputs; which form each
// output is, is decided by its own content (CounterReader::identify).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocecfg::sw {

// The command typed after a prompt on `line` ("" for a bare prompt), or
// std::nullopt when the line is not a prompt line. Prompts: "<Name>",
// "[Name]", "[~Name]", "[*Name-view]" (Huawei, H3C); "user@host:path$" or
// "#" (Linux shells: SONiC, Cumulus); "host#", "host>", "host(config-x)#"
// (EOS, NX-OS); "$ " at the start of a line (a document's shell example).
// Linear in the line's length.
std::optional<std::string_view> prompt_command(std::string_view line);

// A line with pager residue removed: the "---- More ----" / "--More--"
// markers, ANSI escape sequences and backspaces, and the blanks they left.
std::string without_pager_residue(std::string_view line);

struct SavedOutput {
  size_t line = 0;            // 1-based line of the output's first line in the file
  bool after_prompt = false;  // a prompt line (or a bare command line) came before it
  std::string command_line;   // the command typed there ("" when none or unknown)
  std::string text;           // its lines: no CR, no pager residue, common indent removed
};

// Cut `text` at prompt lines, markdown fences and lines that `is_command`
// takes as a bare command line ("show pfc counters" alone on a line).
// Doc comment lines ("# Display ...") before an output are dropped.
std::vector<SavedOutput> split_saved_outputs(std::string_view text,
                                             bool (*is_command)(std::string_view, const void*),
                                             const void* context);

// When a saved output states the time it was taken: the output of `date`
// ("Wed Dec  2 17:50:59 UTC 2026"), EOS `show clock` ("Wed Dec 2 17:50:59
// 2026" then "Timezone: UTC"), NX-OS `show clock` ("17:50:59.123 UTC Wed Dec
// 02 2026"), Huawei/H3C `display clock` ("2026-12-02 17:50:59+08:00", then the
// weekday and "Time Zone(...) : ..."). Milliseconds since the epoch as if the
// zone were UTC, and the zone as printed; std::nullopt for any other text.
struct StatedTime {
  double ms = 0;
  std::string zone;
};
std::optional<StatedTime> clock_output(std::string_view output);

}  // namespace rocecfg::sw
