// Cleaning a saved capture (see capture.h).
#include "common/capture.h"

#include <algorithm>

#include <fmt/format.h>

namespace rocecfg::sw {

namespace {

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-';
}

}  // namespace

std::optional<std::string_view> shell_prompt_command(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && name_char(line[i])) ++i;
  if (i == 0 || i >= line.size() || line[i] != '@') return std::nullopt;
  size_t host = ++i;
  while (i < line.size() && name_char(line[i])) ++i;
  if (i == host || i >= line.size() || line[i] != ':') return std::nullopt;
  // The path (and, on Cumulus, a VRF: `leaf01:mgmt:~$`) runs to the first
  // `$` or `#`; no blank inside it.
  while (i < line.size() && line[i] != '$' && line[i] != '#') {
    if (line[i] == ' ' || line[i] == '\t') return std::nullopt;
    ++i;
  }
  if (i >= line.size()) return std::nullopt;
  std::string_view rest = line.substr(i + 1);
  if (!rest.empty() && rest.front() != ' ' && rest.front() != '\t') return std::nullopt;
  size_t a = rest.find_first_not_of(" \t");
  return a == std::string_view::npos ? std::string_view() : rest.substr(a);
}

Result<std::vector<std::string>> config_lines(std::string_view text, std::string_view what) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    if (end - start > kMaxConfigLineBytes)
      return fail(
          ErrorKind::invalid_input, fmt::format("not a {} config", what),
          fmt::format("line {}: longer than {} characters", out.size() + 1, kMaxConfigLineBytes));
    std::string line(text.substr(start, end - start));
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.pop_back();
    out.push_back(std::move(line));
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  if (!out.empty() && out.back().empty()) out.pop_back();
  return out;
}

void remove_common_indent(std::vector<std::string>& lines) {
  size_t common = std::string::npos;
  for (const std::string& l : lines)
    if (!l.empty()) common = std::min(common, l.find_first_not_of(" \t"));
  if (common == 0 || common == std::string::npos) return;
  for (std::string& l : lines)
    if (!l.empty()) l.erase(0, common);
}

namespace {
std::string passed_over_note(size_t count, std::string_view what) {
  return fmt::format("{}{} {}", kPassedOverPrefix, count, what);
}
}  // namespace

void pass_over(SwitchState& state, size_t count, std::string_view what) {
  if (count == 0) return;
  state.passed_over += count;
  state.notes.push_back(passed_over_note(count, what));
}

void say_passed_over(SwitchState& state, std::string_view what) {
  if (state.passed_over > 0)
    state.recognised_as += "; " + passed_over_note(state.passed_over, what);
}

void fold_passed_over(SwitchState& state) {
  auto said =
      std::stable_partition(state.notes.begin(), state.notes.end(),
                            [](const std::string& n) { return !n.starts_with(kPassedOverPrefix); });
  for (auto it = said; it != state.notes.end(); ++it) state.recognised_as += "; " + *it;
  state.notes.erase(said, state.notes.end());
}

}  // namespace rocecfg::sw
