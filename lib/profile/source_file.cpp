#include "profile/source_file.h"

namespace rocecfg::profile {

namespace {

bool is_bare_key_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

// Index just past the string starting at `i` (a quote), or text.size().
size_t skip_string(std::string_view text, size_t i) {
  char quote = text[i];
  bool multiline = text.substr(i, 3) == std::string_view(quote == '"' ? "\"\"\"" : "'''");
  size_t j = i + (multiline ? 3 : 1);
  while (j < text.size()) {
    char c = text[j];
    if (quote == '"' && c == '\\') {
      j += 2;
      continue;
    }
    if (!multiline && c == '\n') return j;  // unterminated: toml++ reports it
    if (c == quote) {
      if (!multiline) return j + 1;
      if (text.substr(j, 3) == std::string_view(quote == '"' ? "\"\"\"" : "'''")) {
        // Up to two quotes may close the content right before the delimiter.
        size_t end = j + 3;
        while (end < text.size() && end < j + 5 && text[end] == quote) ++end;
        return end;
      }
    }
    ++j;
  }
  return j;
}

SourcePos position_of(std::string_view text, size_t offset, const std::string& path) {
  SourcePos p{path, 1, 1};
  for (size_t k = 0; k < offset && k < text.size(); ++k) {
    if (text[k] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

}  // namespace

Result<std::string> read_source_file(const std::string& path) {
  return read_regular_file(path, kMaxSourceBytes);
}

std::optional<SourcePos> find_deep_key(std::string_view text, const std::string& path,
                                       int max_depth) {
  // A lexical pass, not a parser: count the dots of each chain "atom . atom
  // . atom" (bare words or quoted strings), which is what a dotted key or a
  // table header is. Values nest through [ and {, which toml++ caps itself;
  // a float ("1.5") or a time ("07:32:00.999") is a chain of one dot.
  int dots = 0;
  bool prev_atom = false;
  bool prev_dot = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (is_bare_key_char(c)) {
      if (!(i > 0 && is_bare_key_char(text[i - 1])) && !prev_dot) dots = 0;
      prev_atom = true;
      prev_dot = false;
    } else if (c == '"' || c == '\'') {
      if (!prev_dot) dots = 0;
      i = skip_string(text, i) - 1;
      prev_atom = true;
      prev_dot = false;
    } else if (c == ' ' || c == '\t') {
      continue;
    } else if (c == '.') {
      dots = prev_atom ? dots + 1 : 0;
      if (dots >= max_depth) return position_of(text, i, path);
      prev_atom = false;
      prev_dot = true;
    } else {
      if (c == '#')
        while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
      dots = 0;
      prev_atom = false;
      prev_dot = false;
    }
  }
  return std::nullopt;
}

}  // namespace rocecfg::profile
