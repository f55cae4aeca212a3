// The text side of ShellSession (ssh.h), apart from the connection so that
// it can be tested and fuzzed on what a switch prints: a dialect's regexes
// compiled once, what the last line of the output so far is (the prompt, a
// pager prompt, or neither), and a command's output cut from what came back
// (the echo of the typed line and the prompt removed, CR LF as LF, the CLI's
// error markers a failed command). A switch's output is untrusted input: no
// regex is run on more than kShellRegexWindow bytes.
#pragma once

#include <regex>
#include <string>
#include <vector>

#include "core/result.h"
#include "switch/adapter.h"

namespace rocecfg::sw {

// The longest text a dialect's regex is run on: std::regex recurses once per
// character it repeats over, so a switch printing one 60,000-character line
// overflowed the stack (issue 33 item 1). Prompts, pager prompts and error
// markers are short and sit at a line's start: a longer tail is no prompt,
// and an error marker is looked for in a line's first kShellRegexWindow bytes.
inline constexpr size_t kShellRegexWindow = 1024;

struct ShellMatcher {
  std::regex prompt;
  std::regex pager;
  std::vector<std::regex> errors;
};

// The dialect's regexes, or an error naming `where` for one that is not a
// valid ECMAScript regex.
Result<ShellMatcher> compile_dialect(const ShellDialect& dialect, const std::string& where);

// What a terminal would show: CR LF is a newline, a bare CR returns to the
// start of the line (pagers erase their prompt with "\r    \r"), a backspace
// removes the previous character, ANSI escape sequences are dropped.
void terminal_text(std::string& s);

// Where reading stands after `received` (all output since the command was
// sent): its last line is the prompt (the output is complete), a pager
// prompt (answer with a space after drop_last_line), or neither (read more).
enum class ShellTail { read_more, prompt, pager };
ShellTail classify_tail(const std::string& received, const ShellMatcher& m);
void drop_last_line(std::string& text);

// The output of `command` from `received` (ending in the prompt): the
// prompt and the echo of the typed line removed; a line that matches an
// error marker fails it ("\"cmd\" rejected: % Invalid input").
Result<std::string> command_output(std::string received, const std::string& command,
                                   const ShellMatcher& m, const std::string& where);

}  // namespace rocecfg::sw
