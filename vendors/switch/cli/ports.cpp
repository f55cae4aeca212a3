#include "ports.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

#include "switch/validate.h"

namespace rocecfg::sw::cli {

namespace {

std::optional<unsigned> to_number(std::string_view s) {
  unsigned v = 0;
  if (s.empty() || s.size() > 6) return std::nullopt;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// Split "A-N" (range on the last number) or "A to B" into first and last.
Result<std::pair<std::string, std::string>> range_ends(std::string_view range) {
  size_t to = range.find(" to ");
  if (to != std::string_view::npos)
    return std::pair{std::string(trim(range.substr(0, to))),
                     std::string(trim(range.substr(to + 4)))};
  size_t dash = range.rfind('-');
  auto upper = dash == std::string_view::npos ? std::nullopt : to_number(range.substr(dash + 1));
  auto first = split_port(range.substr(0, dash));
  if (!upper || !first) return std::pair{std::string(range), std::string(range)};
  return std::pair{std::string(range.substr(0, dash)), first->prefix + std::to_string(*upper)};
}

}  // namespace

std::optional<PortName> split_port(std::string_view name) {
  size_t end = name.size();
  size_t start = end;
  while (start > 0 && std::isdigit(static_cast<unsigned char>(name[start - 1]))) --start;
  if (start == end) return std::nullopt;
  auto n = to_number(name.substr(start));
  if (!n) return std::nullopt;
  return PortName{std::string(name.substr(0, start)), *n};
}

Result<std::vector<std::string>> expand_ports(const std::vector<std::string>& ranges,
                                              const std::regex& single) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& range : ranges) {
    auto ends = range_ends(range);
    if (!ends) return std::unexpected(ends.error());
    const auto& [first, last] = *ends;
    for (const auto& end : {first, last}) {
      if (auto ok = check_interface(end); !ok) return wrap(ok.error(), range);
      if (!std::regex_match(end, single))
        return fail(ErrorKind::invalid_input, range, "'" + end + "' is not an interface name here");
    }
    auto a = split_port(first);
    auto b = split_port(last);
    if (!a || !b || a->prefix != b->prefix)
      return fail(ErrorKind::invalid_input, range, "a range must differ only in its last number");
    if (b->index < a->index) return fail(ErrorKind::invalid_input, range, "range runs backwards");
    if (b->index - a->index >= 1024)
      return fail(ErrorKind::invalid_input, range, "range holds more than 1024 ports");
    for (unsigned i = a->index; i <= b->index; ++i) {
      std::string name = a->prefix + std::to_string(i);
      if (!seen.insert(name).second)
        return fail(ErrorKind::invalid_input, range, name + " is listed twice");
      out.push_back(std::move(name));
    }
  }
  return out;
}

bool valid_port_or_range(std::string_view name, const std::regex& single) {
  return expand_ports({std::string(name)}, single).has_value();
}

std::vector<PortRun> port_runs(const std::vector<std::string>& ports) {
  std::vector<PortRun> runs;
  for (const auto& port : ports) {
    auto p = split_port(port);
    if (!runs.empty() && p) {
      auto last = split_port(runs.back().last);
      if (last && last->prefix == p->prefix && last->index + 1 == p->index) {
        runs.back().last = port;
        ++runs.back().count;
        continue;
      }
    }
    runs.push_back({port, port, 1});
  }
  return runs;
}

Result<std::vector<unsigned>> parse_number_list(std::string_view text, unsigned max) {
  std::set<unsigned> out;
  std::string normal;
  // "0 2 to 3" and "0,2-3" mean the same; normalise to tokens.
  for (char c : text) normal += (c == ',') ? ' ' : c;
  std::vector<std::string_view> tokens;
  std::string_view rest = normal;
  while (!(rest = trim(rest)).empty()) {
    size_t sp = rest.find(' ');
    tokens.push_back(rest.substr(0, sp));
    rest = sp == std::string_view::npos ? std::string_view{} : rest.substr(sp);
  }
  auto bad = [&] {
    return fail(ErrorKind::invalid_input, std::string(text),
                "not a list of numbers 0.." + std::to_string(max));
  };
  if (tokens.empty()) return bad();
  for (size_t i = 0; i < tokens.size(); ++i) {
    std::string_view t = tokens[i];
    std::optional<unsigned> lo, hi;
    if (i + 2 < tokens.size() && tokens[i + 1] == "to") {
      lo = to_number(t);
      hi = to_number(tokens[i + 2]);
      i += 2;
    } else if (size_t dash = t.find('-'); dash != std::string_view::npos) {
      lo = to_number(t.substr(0, dash));
      hi = to_number(t.substr(dash + 1));
    } else {
      lo = hi = to_number(t);
    }
    if (!lo || !hi || *lo > *hi || *hi > max) return bad();
    for (unsigned v = *lo; v <= *hi; ++v) out.insert(v);
  }
  return std::vector<unsigned>(out.begin(), out.end());
}

}  // namespace rocecfg::sw::cli
