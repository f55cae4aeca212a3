#include "config_tree.h"

#include <algorithm>
#include <cctype>

namespace rocecfg::sw::cli {

namespace {

// One output line as a terminal would show it: characters overwrite at the
// cursor, backspace and "ESC[nD" move it left, CR returns to column 0,
// "ESC[K" erases to the end. Pagers erase their "--More--" prompt this way,
// so emulating the cursor recovers the real line, indentation included.
std::string render_terminal_line(std::string_view raw) {
  std::string screen;
  size_t cursor = 0;
  auto put = [&](char c) {
    if (cursor < screen.size())
      screen[cursor] = c;
    else
      screen.push_back(c);
    ++cursor;
  };
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c == '\r') {
      cursor = 0;
    } else if (c == '\b') {
      if (cursor > 0) --cursor;
    } else if (c == '\x1b') {
      // CSI: ESC [ params final-byte. Anything else: drop ESC and one char.
      if (i + 1 < raw.size() && raw[i + 1] == '[') {
        size_t j = i + 2;
        while (j < raw.size() &&
               (std::isdigit(static_cast<unsigned char>(raw[j])) || raw[j] == ';'))
          ++j;
        if (j >= raw.size()) break;
        // The count, capped: a cursor move never spans more than a line.
        size_t n = 0;
        for (size_t k = i + 2; k < j && raw[k] != ';'; ++k)
          n = std::min<size_t>(n * 10 + static_cast<size_t>(raw[k] - '0'), raw.size());
        n = std::max<size_t>(n, 1);
        char final = raw[j];
        if (final == 'D') cursor = cursor > n ? cursor - n : 0;
        if (final == 'C') cursor += n;
        if (final == 'K') screen.resize(std::min(screen.size(), cursor));
        i = j;
      } else {
        ++i;
      }
    } else if (c == '\t') {
      do put(' ');
      while (cursor % 8 != 0);
    } else if (static_cast<unsigned char>(c) >= 0x20 || c < 0) {
      put(c);
    }
  }
  while (!screen.empty() && screen.back() == ' ') screen.pop_back();
  return screen;
}

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The end of a pager prompt starting at the dash run at `i` ("--More--",
// "---- More ----", "-- (more) 42% --"): dashes, an optional space and "(",
// "More" or "more" as a whole word, anything but a dash, dashes. npos when
// there is none. Hand-written and linear: a line of a switch's output is
// untrusted, and the std::regex this replaces recursed once per character
// (a 60,000-space line overflowed the stack).
size_t pager_prompt_end(std::string_view s, size_t i) {
  size_t j = i;
  while (j < s.size() && s[j] == '-') ++j;
  if (j == i) return std::string_view::npos;
  if (j < s.size() && s[j] == ' ') ++j;
  if (j < s.size() && s[j] == '(') ++j;
  if (s.substr(j, 4) != "More" && s.substr(j, 4) != "more") return std::string_view::npos;
  j += 4;
  if (j < s.size() && word_char(s[j])) return std::string_view::npos;
  j = s.find('-', j);
  if (j == std::string_view::npos) return j;
  while (j < s.size() && s[j] == '-') ++j;
  return j;
}

// The line without the pager prompts a capture did not erase (with the
// spaces around them). One pass: each dash run is tried once.
std::string strip_pager_prompts(const std::string& line) {
  std::string out;
  size_t i = 0;
  while (i < line.size()) {
    size_t dash = line.find('-', i);
    if (dash == std::string::npos) break;
    size_t end = pager_prompt_end(line, dash);
    if (end == std::string::npos) {
      size_t run = line.find_first_not_of('-', dash);
      run = run == std::string::npos ? line.size() : run;
      out.append(line, i, run - i);
      i = run;
      continue;
    }
    size_t start = dash;
    while (start > i && line[start - 1] == ' ') --start;
    out.append(line, i, start - i);
    while (end < line.size() && line[end] == ' ') ++end;
    i = end;
  }
  out.append(line, std::min(i, line.size()), std::string::npos);
  return out;
}

std::string collapse_spaces(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

bool starts_with_any(std::string_view text, const std::vector<std::string_view>& prefixes) {
  return std::any_of(prefixes.begin(), prefixes.end(),
                     [&](std::string_view p) { return starts_with_words(text, p); });
}

}  // namespace

std::string sanitize(std::string_view text) {
  std::string out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line = render_terminal_line(text.substr(start, end - start));
    line = strip_pager_prompts(line);
    out += line;
    if (end < text.size()) out.push_back('\n');
    start = end + 1;
  }
  return out;
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    size_t j = i;
    while (j < line.size() && line[j] != ' ') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

namespace {
// The next word of `s` from `i` on (empty at the end); `i` moves past it.
std::string_view next_word(std::string_view s, size_t& i) {
  while (i < s.size() && s[i] == ' ') ++i;
  size_t start = i;
  while (i < s.size() && s[i] != ' ') ++i;
  return s.substr(start, i - start);
}
}  // namespace

bool starts_with_words(std::string_view line, std::string_view prefix) {
  // Word by word, stopping at the first difference: no copy of the line
  // (it is called for every mark on every line).
  size_t i = 0, j = 0;
  for (std::string_view want = next_word(prefix, j); !want.empty(); want = next_word(prefix, j))
    if (next_word(line, i) != want) return false;
  return true;
}

std::string_view after_words(std::string_view line, std::string_view prefix) {
  if (!starts_with_words(line, prefix)) return {};
  auto want = words(prefix);
  if (want.empty()) return line;
  // Position just past the last matched word.
  size_t pos = 0;
  for (auto w : want) {
    pos = line.find(w, pos);
    pos += w.size();
  }
  while (pos < line.size() && line[pos] == ' ') ++pos;
  return line.substr(pos);
}

Status check_line_lengths(std::string_view text) {
  int line = 1;
  for (size_t start = 0; start < text.size(); ++line) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (end - start > kMaxLineBytes)
      return fail(ErrorKind::invalid_input, "line " + std::to_string(line),
                  std::to_string(end - start) + " bytes, longer than any configuration line (" +
                      std::to_string(kMaxLineBytes) + " at most)");
    start = end + 1;
  }
  return {};
}

bool leaves_mode(std::string_view c) {
  return c == "exit" || c == "quit";
}

std::vector<ConfigLine> parse_tree(std::string_view text, const TreeOptions& options,
                                   std::vector<ConfigLine>* comments) {
  std::string clean = sanitize(text);
  std::vector<ConfigLine> roots;
  // Ancestors of the next line with their indentation. Appending to the
  // top's children may move its earlier children, but those are never on
  // the stack any more (a sibling pops them first).
  std::vector<std::pair<size_t, ConfigLine*>> stack;

  std::string_view rest = clean;
  int line_no = 0;
  std::string banner_end;  // non-empty while inside a banner
  bool after_comment = false;
  while (!rest.empty()) {
    size_t nl = rest.find('\n');
    std::string_view raw = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    ++line_no;

    size_t indent = raw.find_first_not_of(' ');
    if (indent == std::string_view::npos) continue;  // blank
    std::string text_line = collapse_spaces(raw.substr(indent));

    if (!banner_end.empty()) {
      if (banner_end == "EOF" ? text_line == "EOF"
                              : text_line.find(banner_end) != std::string::npos)
        banner_end.clear();
      continue;
    }
    if (options.comment_chars.find(text_line[0]) != std::string_view::npos) {
      after_comment = true;
      while (!stack.empty() && stack.back().first >= indent) stack.pop_back();
      if (comments)
        comments->push_back(ConfigLine{std::move(text_line), line_no, {}, indent, false});
      continue;
    }
    if (starts_with_any(text_line, options.eof_banners)) {
      banner_end = "EOF";
      continue;
    }
    if (starts_with_any(text_line, options.delimited_banners)) {
      // The delimiter is the first character of the body; the banner ends on
      // the line that holds its second occurrence (possibly this one).
      size_t body = 0;
      for (auto p : options.delimited_banners)
        if (starts_with_words(text_line, p))
          body = after_words(text_line, p).data() - text_line.data();
      if (body < text_line.size()) {
        char delim = text_line[body];
        if (text_line.find(delim, body + 1) == std::string::npos)
          banner_end = std::string(1, delim);
      }
      continue;
    }

    // An indented `exit`/`quit` (a render or a pasted block without its
    // `configure`) closes a mode the indentation already closes: no
    // statement, so never "not understood".
    if (indent > 0 && leaves_mode(text_line)) continue;

    auto opens = [&](const ConfigLine& l) {
      return options.openers.empty() || (starts_with_any(l.text, options.openers) &&
                                         !starts_with_any(l.text, options.not_openers));
    };
    while (!stack.empty() && (stack.back().first >= indent || !opens(*stack.back().second)))
      stack.pop_back();
    std::vector<ConfigLine>& siblings = stack.empty() ? roots : stack.back().second->children;
    siblings.push_back(ConfigLine{std::move(text_line), line_no, {}, indent, after_comment});
    after_comment = false;
    stack.emplace_back(indent, &siblings.back());
  }
  return roots;
}

}  // namespace rocecfg::sw::cli
