#include "switch/counter_text.h"

#include <utility>

#include "switch/counters.h"

namespace rocecfg::sw {

namespace {

std::string trimmed(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return std::string(s);
}

bool blank(std::string_view s) {
  return s.find_first_not_of(" \t") == std::string_view::npos;
}

// Starts of the dash runs, if the line is only dashes and spaces with at
// least two runs (one run across the line is a rule, not a column layout).
std::vector<size_t> dash_runs(std::string_view line) {
  std::vector<size_t> starts;
  if (line.find_first_not_of("- \t") != std::string_view::npos) return {};
  for (size_t i = 0; i < line.size(); ++i)
    if (line[i] == '-' && (i == 0 || line[i - 1] != '-')) starts.push_back(i);
  return starts.size() >= 2 ? starts : std::vector<size_t>{};
}

std::vector<std::string> cut(std::string_view line, const std::vector<size_t>& starts) {
  std::vector<std::string> cells;
  for (size_t c = 0; c < starts.size(); ++c) {
    size_t from = c == 0 ? 0 : starts[c];
    size_t to = c + 1 < starts.size() ? starts[c + 1] : std::string_view::npos;
    cells.push_back(
        from >= line.size()
            ? std::string()
            : trimmed(line.substr(from, to == std::string_view::npos ? to : to - from)));
  }
  return cells;
}

}  // namespace

int TextTable::column(std::string_view header) const {
  for (size_t i = 0; i < headers.size(); ++i)
    if (headers[i] == header) return static_cast<int>(i);
  return -1;
}

std::optional<std::vector<uint64_t>> counter_fields(const std::vector<std::string>& fields,
                                                    size_t from, size_t n) {
  if (from + n > fields.size()) return std::nullopt;
  std::vector<uint64_t> out;
  for (size_t i = from; i < from + n; ++i) {
    auto v = parse_counter_number(fields[i]);
    if (!v) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

std::vector<std::string_view> text_lines(std::string_view text) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view l = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    out.push_back(l);
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return out;
}

std::vector<TextTable> parse_dashed_tables(std::string_view text) {
  std::vector<std::string_view> lines = text_lines(text);
  std::vector<TextTable> tables;
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<size_t> starts = dash_runs(lines[i]);
    if (starts.empty() || blank(lines[i - 1])) continue;
    TextTable t;
    t.headers = cut(lines[i - 1], starts);
    for (size_t k = i - 1; k-- > 0;) {
      std::string_view above = lines[k];
      if (blank(above) || above.find_first_not_of("= \t") == std::string_view::npos) {
        if (blank(above)) break;
        continue;
      }
      t.title = trimmed(above);
      break;
    }
    size_t j = i + 1;
    while (j < lines.size() && blank(lines[j]) && j + 1 < lines.size() && !blank(lines[j + 1]) &&
           t.rows.empty() && j == i + 1)
      ++j;  // NVUE prints a blank line between the rule and the first row (pfc-watchdog)
    for (; j < lines.size() && !blank(lines[j]) && dash_runs(lines[j]).empty(); ++j) {
      if (j + 1 < lines.size() && !dash_runs(lines[j + 1]).empty()) break;  // next header
      t.rows.push_back(cut(lines[j], starts));
    }
    tables.push_back(std::move(t));
    i = j > i ? j - 1 : i;
  }
  return tables;
}

}  // namespace rocecfg::sw
