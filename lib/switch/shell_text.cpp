#include "switch/shell_text.h"

#include <fmt/format.h>

namespace rocecfg::sw {

namespace {

bool search(const std::string& text, const std::regex& re) {
  if (text.size() > kShellRegexWindow)
    return std::regex_search(text.substr(0, kShellRegexWindow), re);
  return std::regex_search(text, re);
}

std::string last_line(const std::string& text) {
  size_t nl = text.find_last_of('\n');
  return nl == std::string::npos ? text : text.substr(nl + 1);
}

// The last line of `text` as far as a prompt can be in it: at most its last
// kTailScanBytes bytes. A switch that sends one long line a byte at a time
// made every read copy and clean the whole line so far (quadratic: a
// 60,000-byte line in one-byte reads took minutes under the fuzzer); a
// prompt is short, and a longer tail is no prompt whatever precedes it.
constexpr size_t kTailScanBytes = 2 * kShellRegexWindow;
std::string tail_of(const std::string& text) {
  size_t from = text.size() > kTailScanBytes ? text.size() - kTailScanBytes : 0;
  std::string_view window = std::string_view(text).substr(from);
  size_t nl = window.find_last_of('\n');
  return std::string(nl == std::string_view::npos ? window : window.substr(nl + 1));
}

}  // namespace

Result<ShellMatcher> compile_dialect(const ShellDialect& dialect, const std::string& where) {
  ShellMatcher m;
  try {
    m.prompt = std::regex(dialect.prompt_regex);
    m.pager = std::regex(dialect.pager_regex);
    for (const std::string& e : dialect.error_regexes) m.errors.emplace_back(e);
  } catch (const std::regex_error& e) {
    return fail(ErrorKind::invalid_input, where,
                fmt::format("bad regex in shell dialect: {}", e.what()));
  }
  return m;
}

void terminal_text(std::string& s) {
  std::string out, line;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\n') {
      out += line + '\n';
      line.clear();
    } else if (c == '\r') {
      if (i + 1 < s.size() && (s[i + 1] == '\n' || s[i + 1] == '\r')) continue;
      if (i + 1 < s.size()) line.clear();
    } else if (c == '\b') {
      if (!line.empty()) line.pop_back();
    } else if (c == '\x1b' && i + 1 < s.size() && s[i + 1] == '[') {
      i += 2;
      while (i < s.size() && !((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z'))) ++i;
    } else {
      line += c;
    }
  }
  s = out + line;
}

ShellTail classify_tail(const std::string& received, const ShellMatcher& m) {
  std::string tail = tail_of(received);
  terminal_text(tail);
  if (tail.empty() || tail.size() > kShellRegexWindow) return ShellTail::read_more;
  if (std::regex_search(tail, m.prompt)) return ShellTail::prompt;
  if (std::regex_search(tail, m.pager)) return ShellTail::pager;
  return ShellTail::read_more;
}

void drop_last_line(std::string& text) {
  text.erase(text.size() - last_line(text).size());
}

Result<std::string> command_output(std::string out, const std::string& command,
                                   const ShellMatcher& m, const std::string& where) {
  terminal_text(out);
  drop_last_line(out);  // the prompt
  // The pty echoes what we typed: drop everything up to the first newline
  // when it ends with the command.
  if (size_t nl = out.find('\n'); nl != std::string::npos && out.compare(0, nl, command) == 0)
    out.erase(0, nl + 1);
  else if (out.starts_with(command))
    out.erase(0, command.size());
  size_t start = 0;
  while (start < out.size()) {
    size_t nl = out.find('\n', start);
    std::string l = out.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    for (const std::regex& e : m.errors)
      if (search(l, e))
        return fail(ErrorKind::failed, where, fmt::format("{:?} rejected: {}", command, l));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return out;
}

}  // namespace rocecfg::sw
