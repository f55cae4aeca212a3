// Is this text a configuration of this vendor at all? A parser that reads
// any text as "a switch with nothing configured" turns /etc/passwd, a Junos
// config or another vendor's backup into a green audit; one that accepts
// only the statements it knows refuses every real switch (issue 31: one
// `fips mode enable` was enough). So a text is identified by evidence:
//
//   - positive marks: lines only this vendor prints (EOS `! device: ...`
//     headers, NX-OS `!Command:` and `feature ...`, Huawei `!Software
//     Version V...`, H3C `version 7.1.0xx, Release ...`, interface names of
//     the vendor's own shape, statements no other format has);
//   - negative marks: lines of another format (another of the four CLI
//     vendors, Junos, Dell OS10, Onyx, SLX/NetIron, Nokia, Cisco IOS and
//     IOS-XR, Aruba AOS-CX, JSON, YAML, prose, /etc/passwd).
//
// The rule (recognise): a text is the vendor's when it holds at least one
// of its marks and no mark of anything else. Everything else in it is then
// read or passed over (SwitchState::passed_over), never a reason to refuse.
// Text with no mark at all is ambiguous and refused, naming its first
// statement and the marks the vendor is known by; text with another
// format's mark is refused at that line, naming the format:
//   not a eos running-config: line 1: !Command: show running-config (an NX-OS header)
// Each vendor states its marks beside its parser (vendors/switch/<v>/parse.cpp)
// with the documents they rest on; the foreign ones are in recognise.cpp.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "config_tree.h"
#include "core/result.h"

namespace rocecfg::sw::cli {

// One line as the recogniser sees it.
struct MarkLine {
  int line = 0;
  std::string_view text;    // trimmed, single spaces between words
  size_t indent = 0;        // after a uniform indentation is removed
  bool comment = false;     // a comment or separator line ("!", "#")
  bool prompt = false;      // a CLI prompt of a capture ("leaf1(config-if-Et1)#")
  std::string_view parent;  // the stanza it sits in; "" at top level
  bool top() const { return !comment && !prompt && parent.empty(); }
};

// A format's marks: `mark` says why a line shows the format ("an EOS device
// header"), or "" when it does not. It must fire only on what no other
// format prints.
struct Marks {
  std::string_view vendor;  // "eos", as --vendor spells it; a foreign format's name
  std::string_view name;    // "EOS", as the refusal names it
  std::string_view source;  // what is read: "`show running-config`"
  std::string_view known;   // the marks in words, for the refusal of ambiguous text
  std::string (*mark)(const MarkLine&) = nullptr;
};

// Each CLI vendor registers its marks (at static initialisation, like the
// adapters), so each one's text is a foreign mark for the others.
bool register_marks(const Marks* marks);

// The text of one configuration as read: its tree, and whether it was typed
// as a configuration session (capture.h).
struct ConfigText {
  std::vector<ConfigLine> tree;
  bool session = false;
};

// Bound, clean (terminal residue, prompts, indentation, sessions: capture.h),
// build the tree and identify it as `self`'s text, or refuse it:
// context "not a <vendor> running-config", message "line N: ... (why)".
Result<ConfigText> read_config(std::string_view text, const TreeOptions& options,
                               const Marks& self);

// Interface-name shapes, the commonest mark: the argument of an `interface`
// line ("" when the line is not one), and whether a name is `prefix`
// followed by `min`..`max` numbers separated by '/' (a trailing ":n"
// breakout or ".n" subinterface allowed).
std::string_view interface_arg(std::string_view text);
bool name_shape(std::string_view name, std::string_view prefix, int min, int max);

// Does `text` start with the words of one of `statements`?
bool starts_with_statement(std::string_view text,
                           std::initializer_list<std::string_view> statements);

}  // namespace rocecfg::sw::cli
