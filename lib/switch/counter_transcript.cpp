#include "switch/counter_transcript.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>

#include "switch/counters.h"

namespace rocecfg::sw {

namespace {

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  return s;
}

// "<HUAWEI>", "[~DeviceD]", "[*HUAWEI-100GE1/0/1]": the rest after it.
std::optional<std::string_view> bracket_prompt(std::string_view line) {
  char close = line[0] == '<' ? '>' : ']';
  size_t i = 1;
  if (close == ']' && i < line.size() && (line[i] == '~' || line[i] == '*')) ++i;
  size_t start = i;
  bool letter = false;
  for (; i < line.size() && line[i] != close; ++i) {
    char c = line[i];
    if (!name_char(c) && c != '/' && c != ':') return std::nullopt;
    letter |= std::isalpha(static_cast<unsigned char>(c)) != 0;
  }
  if (i >= line.size() || i == start || !letter) return std::nullopt;
  return trim(line.substr(i + 1));
}

}  // namespace

std::optional<std::string_view> prompt_command(std::string_view line) {
  line = trim(line);
  if (line.empty()) return std::nullopt;
  if (line[0] == '<' || line[0] == '[') return bracket_prompt(line);
  if (line.size() >= 2 && line[0] == '$' && line[1] == ' ') return trim(line.substr(2));
  if (line == "$") return std::string_view();
  if (!std::isalpha(static_cast<unsigned char>(line[0]))) return std::nullopt;
  size_t i = 0;
  while (i < line.size() && name_char(line[i])) ++i;
  if (i < line.size() && line[i] == '@') {
    // user@host:path$ / user@host:path# / user@host$
    ++i;
    size_t host = i;
    while (i < line.size() && name_char(line[i])) ++i;
    if (i == host) return std::nullopt;
    if (i < line.size() && line[i] == ':') {
      ++i;
      // "~", "/home/admin", "mgmt:~" (Cumulus prints the VRF: cumulus@leaf01:mgmt:~$)
      while (i < line.size() &&
             (name_char(line[i]) || line[i] == '/' || line[i] == '~' || line[i] == ':'))
        ++i;
    }
    if (i < line.size() && (line[i] == '$' || line[i] == '#')) return trim(line.substr(i + 1));
    return std::nullopt;
  }
  // host#, host>, host(config-if)#
  if (i < line.size() && line[i] == '(') {
    size_t close = line.find(')', i);
    if (close == std::string_view::npos) return std::nullopt;
    for (size_t k = i + 1; k < close; ++k)
      if (!name_char(line[k]) && line[k] != '/') return std::nullopt;
    i = close + 1;
  }
  if (i < line.size() && (line[i] == '#' || line[i] == '>')) return trim(line.substr(i + 1));
  return std::nullopt;
}

std::string without_pager_residue(std::string_view line) {
  static constexpr std::array<std::string_view, 4> kMarkers = {"---- More ----", "--More--",
                                                               "-- More --", "<--- More --->"};
  std::string out;
  out.reserve(line.size());
  bool pager = false;
  for (size_t i = 0; i < line.size();) {
    char c = line[i];
    if (c == '\x1b') {  // ESC [ params letter
      size_t j = i + 1;
      if (j < line.size() && line[j] == '[') {
        ++j;
        while (j < line.size() && !std::isalpha(static_cast<unsigned char>(line[j]))) ++j;
      }
      i = std::min(line.size(), j + 1);
      pager = true;
      continue;
    }
    if (c == '\b') {
      ++i;
      pager = true;
      continue;
    }
    if (c == '-' || c == '<') {
      bool hit = false;
      for (std::string_view m : kMarkers)
        if (line.substr(i, m.size()) == m) {
          i += m.size();
          pager = hit = true;
          break;
        }
      if (hit) continue;
    }
    if (c != '\r') out.push_back(c);
    ++i;
  }
  if (pager) {
    // The marker and the blanks that erased it stood before the real text.
    size_t first = out.find_first_not_of(" \t");
    out.erase(0, first == std::string::npos ? out.size() : first);
  }
  return out;
}

std::vector<SavedOutput> split_saved_outputs(std::string_view text,
                                             bool (*is_command)(std::string_view, const void*),
                                             const void* context) {
  std::vector<SavedOutput> outputs(1);
  std::vector<std::vector<std::string>> lines(1);
  size_t pos = 0, number = 0;
  bool content = false;  // the current output has a non-blank line
  auto start = [&](size_t at, bool prompt, std::string_view command) {
    outputs.push_back(SavedOutput{at + 1, prompt, std::string(command), {}});
    lines.emplace_back();
    content = false;
  };
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view raw = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
    if (nl == std::string_view::npos && raw.empty()) break;  // the text ended with its newline
    ++number;
    std::string line = without_pager_residue(raw);
    std::string_view t = trim(line);
    if (auto command = prompt_command(t)) {
      start(number, true, *command);
    } else if (t.starts_with("```")) {
      start(number, false, "");
    } else if (!t.empty() && is_command(t, context)) {
      start(number, true, t);
    } else if (t.starts_with("# ") && !content) {
      // a document's comment above its example ("# Display the PFC information ...")
    } else {
      if (lines.back().empty()) outputs.back().line = number;
      content |= !t.empty();
      lines.back().push_back(std::move(line));
    }
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  for (size_t k = 0; k < outputs.size(); ++k) {
    size_t indent = std::string::npos;
    for (const std::string& l : lines[k])
      if (size_t first = l.find_first_not_of(" \t"); first != std::string::npos)
        indent = std::min(indent, first);
    for (const std::string& l : lines[k]) {
      outputs[k].text.append(indent == std::string::npos || l.size() < indent
                                 ? std::string_view()
                                 : std::string_view(l).substr(indent));
      outputs[k].text.push_back('\n');
    }
  }
  return outputs;
}

namespace {

int month_of(std::string_view m) {
  static constexpr std::array<std::string_view, 12> kMonths = {
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  for (size_t i = 0; i < kMonths.size(); ++i)
    if (m == kMonths[i]) return static_cast<int>(i) + 1;
  return 0;
}

bool weekday(std::string_view d) {
  for (std::string_view w : {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Monday", "Tuesday",
                             "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"})
    if (d == w) return true;
  return false;
}

// Days since 1970-01-01 of a civil date (proleptic Gregorian).
int64_t days_from_civil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

std::optional<uint64_t> number(std::string_view s) {
  if (s.empty() || s.size() > 6) return std::nullopt;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  return parse_counter_number(s);
}

// "17:50:59" or "17:50:59.123": milliseconds into the day.
std::optional<double> time_of_day(std::string_view s) {
  size_t dot = s.find('.');
  std::string_view hms = s.substr(0, dot);
  if (hms.size() != 8 || hms[2] != ':' || hms[5] != ':') return std::nullopt;
  auto h = number(hms.substr(0, 2)), m = number(hms.substr(3, 2)), sec = number(hms.substr(6, 2));
  if (!h || !m || !sec || *h > 23 || *m > 59 || *sec > 60) return std::nullopt;
  double ms = ((*h * 60.0 + *m) * 60.0 + *sec) * 1000.0;
  if (dot != std::string_view::npos) {
    std::string_view frac = s.substr(dot + 1);
    auto f = number(frac);
    if (!f) return std::nullopt;
    double scale = 1;
    for (size_t i = 0; i < frac.size(); ++i) scale *= 10;
    ms += static_cast<double>(*f) * 1000.0 / scale;
  }
  return ms;
}

std::optional<StatedTime> at(uint64_t y, int month, uint64_t d, double day_ms, std::string zone) {
  if (month < 1 || d < 1 || d > 31 || y < 1970 || y > 9999) return std::nullopt;
  int64_t days = days_from_civil(static_cast<int64_t>(y), static_cast<unsigned>(month),
                                 static_cast<unsigned>(d));
  return StatedTime{static_cast<double>(days) * 86400000.0 + day_ms, std::move(zone)};
}

std::optional<StatedTime> clock_line(const std::vector<std::string>& f) {
  // date(1): Wed Dec  2 17:50:59 UTC 2026
  if (f.size() == 6 && weekday(f[0]) && month_of(f[1]))
    if (auto t = time_of_day(f[3]); t && number(f[2]) && number(f[5]))
      return at(*number(f[5]), month_of(f[1]), *number(f[2]), *t, f[4]);
  // EOS show clock: Wed Dec 2 17:50:59 2026
  if (f.size() == 5 && weekday(f[0]) && month_of(f[1]))
    if (auto t = time_of_day(f[3]); t && number(f[2]) && number(f[4]))
      return at(*number(f[4]), month_of(f[1]), *number(f[2]), *t, "");
  // NX-OS show clock: 17:50:59.123 UTC Wed Dec 02 2026 (a leading '*': not synchronised)
  if (f.size() == 6 && weekday(f[2]) && month_of(f[3])) {
    std::string_view first = f[0];
    if (first.starts_with('*')) first.remove_prefix(1);
    if (auto t = time_of_day(first); t && number(f[4]) && number(f[5]))
      return at(*number(f[5]), month_of(f[3]), *number(f[4]), *t, f[1]);
  }
  // display clock: 2026-12-02 17:50:59+08:00 (or without the offset)
  if (f.size() == 2 && f[0].size() == 10 && f[0][4] == '-' && f[0][7] == '-') {
    auto y = number(std::string_view(f[0]).substr(0, 4)),
         m = number(std::string_view(f[0]).substr(5, 2)),
         d = number(std::string_view(f[0]).substr(8, 2));
    std::string_view clock = f[1];
    std::string zone;
    if (clock.size() > 8 && (clock[8] == '+' || clock[8] == '-')) {
      zone = std::string(clock.substr(8));
      clock = clock.substr(0, 8);
    }
    if (auto t = time_of_day(clock); t && y && m && d && *m <= 12)
      return at(*y, static_cast<int>(*m), *d, *t, zone);
  }
  return std::nullopt;
}

}  // namespace

std::optional<StatedTime> clock_output(std::string_view output) {
  std::optional<StatedTime> found;
  size_t pos = 0;
  while (pos < output.size()) {
    size_t nl = output.find('\n', pos);
    std::string_view line =
        trim(output.substr(pos, nl == std::string_view::npos ? output.npos : nl - pos));
    pos = nl == std::string_view::npos ? output.size() : nl + 1;
    if (line.empty()) continue;
    if (!found) {
      found = clock_line(split_fields(line));
      if (!found) return std::nullopt;
      continue;
    }
    // What the clock commands print under the time.
    if (weekday(line)) continue;
    if (line.starts_with("Timezone:") || line.starts_with("Time Zone") ||
        line.starts_with("Clock source:") || line.starts_with("Time source")) {
      if (found->zone.empty() && line.starts_with("Timezone:"))
        found->zone = std::string(trim(line.substr(9)));
      continue;
    }
    return std::nullopt;
  }
  return found;
}

}  // namespace rocecfg::sw
