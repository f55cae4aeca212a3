// Junos configuration (any of the three forms statements.cpp reads) ->
// SwitchState (see junos.h for the model). The class-of-service objects are
// collected first; only what interfaces bind takes effect (operators keep
// spare classifiers and maps).
//
// Which text is Junos's (issue 31): one that carries at least one of its
// marks (`junos_mark`: a `set`/`deactivate` line under a Junos hierarchy, a
// brace-structured line, the `## Last commit:` header; Junos CLI User Guide,
// "Display Set Command Output" and "Understanding the Junos Configuration
// Hierarchy") and no mark of another format (vendors/switch/cli/recognise.h),
// or JSON whose top-level object is "configuration" (`| display json`).
// Statements outside class-of-service and interface MTU are passed over;
// class-of-service statements not read are listed as not understood.
#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/recognise.h"
#include "junos.h"
#include "parse_model.h"

namespace rocecfg::sw::junos {

namespace {

using model::Knob;

std::string junos_mark(const cli::MarkLine& l) {
  std::string_view t = l.text;
  if (l.comment && t.starts_with("## Last commit:")) return "a Junos commit header";
  if (!l.top()) return "";
  if (t.ends_with(" {") || t == "}" || (t.ends_with(";") && t.find(' ') != std::string_view::npos))
    return "a brace-structured (Junos) line";
  for (std::string_view h :
       {"set system ", "set interfaces ", "set protocols ", "set version ", "set class-of-service ",
        "set routing-options ", "set snmp ", "set policy-options ", "set firewall ", "set chassis ",
        "deactivate ", "set vlans ", "set routing-instances ", "set forwarding-options "})
    if (t.starts_with(h)) return "a Junos `set` line";
  return "";
}

const cli::Marks kMarks{
    "junos", "Junos", "`show configuration` (set, hierarchical or JSON form)",
    "`set class-of-service ...`/`set interfaces ...` lines, `name {` ... `}` hierarchy, "
    "`## Last commit:` header, {\"configuration\": ...} JSON",
    junos_mark};
[[maybe_unused]] const bool kMarksRegistered = cli::register_marks(&kMarks);

// A statement's words as one line, for not-understood entries.
std::string text_of(const Statement& s) {
  return "set " + cli::join(s.words, " ");
}

}  // namespace

Result<SwitchState> parse(std::string_view config_text) {
  std::string clean = clean_text(config_text);
  size_t first = clean.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || clean[first] != '{') {
    // The same evidence rule as every CLI reader: Junos marks and none of
    // another format's, before anything is read.
    cli::TreeOptions options;
    options.comment_chars = "#";
    auto recognised = cli::read_config(clean, options, kMarks);
    if (!recognised) return std::unexpected(recognised.error());
  }
  auto st = read_statements(config_text);
  if (!st) return std::unexpected(st.error());
  CosModel m;
  SwitchState state;
  state.recognised_as = "Junos configuration (" + st->form + ")";
  for (const Statement& s : st->list) {
    const auto& w = s.words;
    if (w.size() >= 2 && w[0] == "class-of-service") {
      if (std::string why = m.read_cos(s); !why.empty()) state.unread(s.line, text_of(s), why);
    } else if (w.size() >= 2 && w[0] == "interfaces") {
      if (!m.read_interface(s)) ++state.passed_over;
    } else {
      ++state.passed_over;  // system, protocols, routing-options, vlans, chassis ...
    }
  }
  if (st->inactive > 0)
    state.notes.push_back(fmt::format(
        "{} inactive (deactivated) statements are not in effect and were not read", st->inactive));
  m.resolve(state);
  return state;
}

}  // namespace rocecfg::sw::junos
