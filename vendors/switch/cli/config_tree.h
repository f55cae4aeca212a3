// Running-config text as the indentation tree every CLI switch prints:
// a stanza line ("interface Ethernet1") owns the more-indented lines below it.
// What operators actually back up is messier than the vendor's own output, so
// the reader tolerates it: CRLF, tabs, paging debris ("--More--", ANSI cursor
// moves, backspaces), comment and separator lines ("!", "#"), banners whose
// body may look like config, and children indented by any amount.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace rocecfg::sw::cli {

// The longest line a configuration reader accepts, in bytes as received
// (before terminal processing). Real lines are far shorter (a 4096-bit SSH
// key is about 750); a longer one is refused with its line number, never
// read: a switch's output is untrusted input. The one bound, checked by
// check_line_lengths.
inline constexpr size_t kMaxLineBytes = 16384;
Status check_line_lengths(std::string_view text);

struct ConfigLine {
  std::string text;  // trimmed, single spaces between words
  int line = 0;      // 1-based line number in the input
  std::vector<ConfigLine> children;
  size_t indent = 0;           // leading spaces in the input
  bool after_comment = false;  // the previous non-blank line was a comment/separator
};

struct TreeOptions {
  // A line whose first non-blank character is one of these is a comment or a
  // separator: "!" on EOS/NX-OS, "#" on Huawei/H3C.
  std::string_view comment_chars = "!";
  // Banner stanzas to skip entirely. EOS ends `banner motd` with a line
  // "EOF"; NX-OS/H3C/Huawei delimit the body with the first character after
  // the keyword (`banner motd ^...^`, `header motd %...%`, `header login
  // information "..."`).
  std::vector<std::string_view> eof_banners;        // keyword prefixes ended by "EOF"
  std::vector<std::string_view> delimited_banners;  // keyword prefixes with a delimiter
  // Lines that open a config mode (word prefixes: "interface", "tx-queue").
  // Only they take children; a line indented under anything else is a
  // mis-indented sibling (a tab in a hand-edited backup), not a child. Empty:
  // indentation alone decides.
  std::vector<std::string_view> openers;
  // Openers that open a mode only inside another one (EOS `tx-queue` in an
  // interface or qos profile, NX-OS `class` in a policy-map): a typed session
  // (capture.h) nests them under the stanza it is in; any other opener
  // starts a new top-level stanza, as the CLI does.
  std::vector<std::string_view> nested_openers;
  // Lines an opener prefix matches that open nothing (Huawei `dcb pfc
  // enable ...` in an interface, beside the `dcb pfc` profile view).
  std::vector<std::string_view> not_openers;
  // Interface types as the configuration spells them ("Ethernet", "100GE",
  // "HundredGigE"): a typed session may write `interface ethernet 7` or
  // `interface 100ge 1/0/1` (each CLI takes any case and a space), which the
  // session reader rewrites to `interface Ethernet7` / `interface 100GE1/0/1`.
  std::vector<std::string_view> interface_types;
};

// Remove what a terminal adds around real output: CR, ANSI escape sequences,
// backspace-erased text and pager prompts.
std::string sanitize(std::string_view text);

// The stanza tree of `text`. Comment and separator lines are not in it; with
// `comments`, they are collected there (the recogniser reads headers such as
// EOS `! device: ...`). A separator ends the stanzas at or right of its
// indentation (`#` after an interface view, `!` after an EOS stanza).
std::vector<ConfigLine> parse_tree(std::string_view text, const TreeOptions& options,
                                   std::vector<ConfigLine>* comments = nullptr);

// `exit` (EOS, NX-OS) and `quit` (Huawei, H3C) leave the mode a stanza
// opened: typed, never printed by a running config, and no statement.
bool leaves_mode(std::string_view command);

// Words of a config line ("random-detect ecn minimum-threshold 150 kbytes").
std::vector<std::string_view> words(std::string_view line);

// Does `line` start with the words of `prefix` ("priority-flow-control on"
// starts with "priority-flow-control")? Word-wise, so "mtu" does not match "mtux".
bool starts_with_words(std::string_view line, std::string_view prefix);

// The remainder after a word prefix, trimmed ("" when it does not match).
std::string_view after_words(std::string_view line, std::string_view prefix);

}  // namespace rocecfg::sw::cli
