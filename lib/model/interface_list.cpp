#include "model/interface_list.h"

#include <algorithm>
#include <charconv>
#include <set>

#include <fmt/format.h>

#include "model/names.h"

namespace rocecfg::model {

namespace {

constexpr long kMaxRange = 4096;

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// "Ethernet1/12" -> {"Ethernet1/", 12}; no trailing number -> number -1.
std::pair<std::string_view, long> split_tail(std::string_view name) {
  size_t i = name.size();
  while (i > 0 && is_digit(name[i - 1])) --i;
  if (i == name.size() || name.size() - i > 9) return {name, -1};
  long n = 0;
  std::from_chars(name.data() + i, name.data() + name.size(), n);
  return {name.substr(0, i), n};
}

Status expand_one(std::string_view item, std::vector<std::string>& out) {
  if (auto ok = check_interface(item); !ok) return std::unexpected(ok.error());
  // A range is "<name>-<number>" or "<name>-<name with the same prefix>".
  size_t dash = item.rfind('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 == item.size()) {
    out.emplace_back(item);
    return {};
  }
  std::string_view first = item.substr(0, dash);
  std::string_view last = item.substr(dash + 1);
  auto [prefix, from] = split_tail(first);
  if (from < 0) {  // the dash belongs to the name ("mgmt-a")
    out.emplace_back(item);
    return {};
  }
  long to = -1;
  long stride = 1;
  // "Ethernet0-124/4": every 4th number. Ports that span lanes are numbered
  // by their first lane (SONiC Ethernet0, Ethernet4, ...), so a plain range
  // would name ports that do not exist. The form was an error before (the
  // ends "Ethernet0" and "124/4" share no prefix), so no name changes meaning.
  if (size_t slash = last.find('/');
      slash != std::string_view::npos && slash > 0 && slash + 1 < last.size() &&
      std::all_of(last.begin(), last.end(), [](char c) { return is_digit(c) || c == '/'; })) {
    auto s = check_number(last.substr(slash + 1), 1, kMaxRange);
    if (!s)
      return fail(ErrorKind::invalid_input, std::string(item),
                  fmt::format("range step must be 1..{}", kMaxRange));
    stride = static_cast<long>(*s);
    last = last.substr(0, slash);
  }
  if (std::all_of(last.begin(), last.end(), is_digit)) {
    auto r = check_number(last, 0, 999999999);
    if (!r) return std::unexpected(r.error());
    to = static_cast<long>(*r);
  } else {
    auto [last_prefix, n] = split_tail(last);
    if (last_prefix != prefix || n < 0)
      return fail(ErrorKind::invalid_input, std::string(item),
                  "range ends must share a prefix (e.g. swp1-swp4)");
    to = n;
  }
  if (to < from)
    return fail(ErrorKind::invalid_input, std::string(item), "range end is below its start");
  if ((to - from) % stride != 0)
    return fail(
        ErrorKind::invalid_input, std::string(item),
        fmt::format("range end {} is not its start {} plus a multiple of {}", to, from, stride));
  if ((to - from) / stride >= kMaxRange)
    return fail(ErrorKind::invalid_input, std::string(item),
                fmt::format("range holds more than {} interfaces", kMaxRange));
  // "swp0001-swp0003" names swp0001..swp0003 (zero-padded), not swp1..swp3.
  std::string_view digits = first.substr(prefix.size());
  size_t width = digits.size() > 1 && digits[0] == '0' ? digits.size() : 0;
  for (long i = from; i <= to; i += stride)
    out.push_back(fmt::format("{}{:0{}}", prefix, i, width));
  return {};
}

}  // namespace

Result<std::vector<std::string>> expand_interface_list(std::string_view list) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    std::string_view item = list.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (item.empty())
      return fail(ErrorKind::invalid_input, std::string(list), "empty item in interface list");
    if (auto ok = expand_one(item, out); !ok) return std::unexpected(ok.error());
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

Result<std::vector<std::string>> expand_interface_lists(const std::vector<std::string>& lists) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const std::string& list : lists) {
    auto names = expand_interface_list(list);
    if (!names) return std::unexpected(names.error());
    for (std::string& n : *names)
      if (seen.insert(n).second) out.push_back(std::move(n));
  }
  return out;
}

std::string compress_interfaces(const std::vector<std::string>& names) {
  std::string out;
  size_t i = 0;
  while (i < names.size()) {
    auto [prefix, first] = split_tail(names[i]);
    size_t j = i;
    if (first >= 0) {
      while (j + 1 < names.size()) {
        auto [p, n] = split_tail(names[j + 1]);
        if (p != prefix || n != first + static_cast<long>(j + 1 - i)) break;
        ++j;
      }
    }
    if (!out.empty()) out += ',';
    out += names[i];
    if (j > i) out += fmt::format("-{}", first + static_cast<long>(j - i));
    i = j + 1;
  }
  return out;
}

bool interface_less(std::string_view a, std::string_view b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      size_t ie = i, je = j;
      while (ie < a.size() && is_digit(a[ie])) ++ie;
      while (je < b.size() && is_digit(b[je])) ++je;
      std::string_view na = a.substr(i, ie - i), nb = b.substr(j, je - j);
      while (na.size() > 1 && na[0] == '0') na.remove_prefix(1);
      while (nb.size() > 1 && nb[0] == '0') nb.remove_prefix(1);
      if (na.size() != nb.size()) return na.size() < nb.size();
      if (na != nb) return na < nb;
      i = ie;
      j = je;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

}  // namespace rocecfg::model
