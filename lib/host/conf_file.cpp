#include "host/conf_file.h"

#include <vector>

namespace rocecfg::host {

namespace {

struct Line {
  std::string text;  // without the newline
  bool newline = true;
};

std::vector<Line> split_lines(const std::string& text) {
  std::vector<Line> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) {
      out.push_back({text.substr(start), false});
      break;
    }
    out.push_back({text.substr(start, nl - start), true});
    start = nl + 1;
  }
  return out;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

bool is_section(const std::string& line) {
  std::string t = trim(line);
  return !t.empty() && t.front() == '[';
}

// The key and value the reader takes from one line, if it is an entry.
std::optional<std::pair<std::string, std::string>> entry_of(std::string line, ConfSyntax syntax) {
  if (syntax == ConfSyntax::nccl) {
    // setEnvFile strips one '\n' then one '\r'.
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') return std::nullopt;
    size_t eq = line.find('=');
    if (eq == std::string::npos) return std::nullopt;
    return std::make_pair(line.substr(0, eq), line.substr(eq + 1));
  }
  std::string t = trim(line);
  if (t.empty() || t[0] == ';' || t[0] == '#' || t[0] == '[') return std::nullopt;
  size_t eq = t.find_first_of("=:");
  if (eq == std::string::npos) return std::nullopt;
  return std::make_pair(trim(t.substr(0, eq)), trim(t.substr(eq + 1)));
}

// Index of the line whose value the reader uses for `key`, or -1.
int effective_line(const std::vector<Line>& lines, const std::string& key, ConfSyntax syntax) {
  int found = -1;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (syntax == ConfSyntax::ini && is_section(lines[i].text)) break;
    auto e = entry_of(lines[i].text, syntax);
    if (!e || e->first != key) continue;
    found = static_cast<int>(i);
    if (syntax == ConfSyntax::nccl) break;  // setenv(..., 0): the first one wins
  }
  return found;
}

}  // namespace

std::map<std::string, std::string> conf_entries(const std::string& text, ConfSyntax syntax) {
  std::map<std::string, std::string> out;
  for (const Line& l : split_lines(text)) {
    if (syntax == ConfSyntax::ini && is_section(l.text)) break;
    auto e = entry_of(l.text, syntax);
    if (!e) continue;
    if (syntax == ConfSyntax::nccl)
      out.try_emplace(e->first, e->second);
    else
      out[e->first] = e->second;
  }
  return out;
}

std::string conf_update(const std::string& text,
                        const std::map<std::string, std::optional<std::string>>& changes,
                        ConfSyntax syntax) {
  std::vector<Line> lines = split_lines(text);
  std::vector<bool> drop(lines.size(), false);
  std::vector<Line> added;
  for (const auto& [key, value] : changes) {
    if (!value) {
      // Remove every line the reader could take the key from.
      for (size_t i = 0; i < lines.size(); ++i) {
        if (syntax == ConfSyntax::ini && is_section(lines[i].text)) break;
        auto e = entry_of(lines[i].text, syntax);
        if (e && e->first == key) drop[i] = true;
      }
      continue;
    }
    int at = effective_line(lines, key, syntax);
    std::string line = key + "=" + *value;
    if (at >= 0)
      lines[at].text = line;
    else
      added.push_back({line, true});
  }
  std::string out;
  auto emit = [&](const Line& l) { out += l.text + (l.newline ? "\n" : ""); };
  auto emit_added = [&] {
    for (const Line& l : added) emit(l);
    added.clear();
  };
  for (size_t i = 0; i < lines.size(); ++i) {
    if (syntax == ConfSyntax::ini && is_section(lines[i].text)) emit_added();
    if (drop[i]) continue;
    Line l = lines[i];
    // Appending after a last line without a newline must not glue the lines.
    if (i + 1 == lines.size() && !l.newline && !added.empty()) l.newline = true;
    emit(l);
  }
  emit_added();
  return out;
}

}  // namespace rocecfg::host
