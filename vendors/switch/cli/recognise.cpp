#include "recognise.h"

#include <fmt/format.h>

namespace rocecfg::sw::cli {

namespace {

bool junos_like(const std::string& t) {
  char last = t.empty() ? ' ' : t.back();
  return last == '{' || last == '}' || last == ';';
}

// Why a top-level line is not one of the dialect's statements, or "".
std::string refusal(const ConfigLine& l, const Dialect& d) {
  if (junos_like(l.text)) return "a brace-structured (Junos-style) line";
  for (std::string_view s : d.statements)
    if (starts_with_words(l.text, s)) {
      if (s != "interface") return "";
      std::string name(after_words(l.text, "interface"));
      std::smatch m;
      if (std::regex_search(name, m, d.interfaces, std::regex_constants::match_continuous))
        return "";
      return "an interface name this vendor does not have";
    }
  return "not a statement of " + std::string(d.source);
}

}  // namespace

Status recognise(const std::vector<ConfigLine>& tree, const Dialect& d) {
  const std::string what = fmt::format("not a {} running-config", d.vendor);
  size_t checked = 0;
  for (const ConfigLine& l : tree) {
    bool top = l.indent == 0 || (d.block_indent_one && l.indent == 1 && l.after_comment);
    if (!top) continue;
    ++checked;
    if (std::string why = refusal(l, d); !why.empty())
      return fail(ErrorKind::invalid_input, what,
                  fmt::format("line {}: {} ({})", l.line, l.text, why));
  }
  if (checked == 0)
    return fail(ErrorKind::invalid_input, what,
                fmt::format("no configuration statement in the text (expected {})", d.source));
  return {};
}

}  // namespace rocecfg::sw::cli
