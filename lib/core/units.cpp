#include "core/units.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <utility>

namespace rocecfg {

namespace {
constexpr std::array<std::pair<std::string_view, uint64_t>, 7> kUnits{{
    {"B", 1},
    {"KB", 1000},
    {"MB", 1000 * 1000},
    {"GB", 1000ull * 1000 * 1000},
    {"KiB", 1024},
    {"MiB", 1024 * 1024},
    {"GiB", 1024ull * 1024 * 1024},
}};
}  // namespace

std::optional<uint64_t> parse_bytes(std::string_view text) {
  size_t i = 0;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'))
    ++i;
  std::string_view number = text.substr(0, i);
  std::string_view unit = text.substr(i);
  while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  if (number.empty() || number.front() == '.' || number.back() == '.') return std::nullopt;
  if (number.find('.') != number.rfind('.')) return std::nullopt;
  for (auto [name, scale] : kUnits) {
    if (unit != name) continue;
    // Integer part and fraction are scaled separately so "1.5MiB" is exact.
    size_t dot = number.find('.');
    std::string_view whole = number.substr(0, dot);
    // Checked: "17179869184GiB" is 2^64 bytes and once wrapped to 0.
    uint64_t count = 0;
    auto [end, ec] = std::from_chars(whole.data(), whole.data() + whole.size(), count);
    if (ec != std::errc() || end != whole.data() + whole.size()) return std::nullopt;
    uint64_t value = 0;
    if (__builtin_mul_overflow(count, scale, &value)) return std::nullopt;
    if (dot != std::string_view::npos) {
      std::string_view frac = number.substr(dot + 1);
      if (frac.size() > 9) return std::nullopt;
      uint64_t denom = 1;
      for (size_t k = 0; k < frac.size(); ++k) denom *= 10;
      uint64_t num = std::stoull(std::string(frac)) * scale;  // < 10^9 * 2^30: no overflow
      if (num % denom != 0) return std::nullopt;              // a fraction of a byte
      if (__builtin_add_overflow(value, num / denom, &value)) return std::nullopt;
    }
    return value;
  }
  return std::nullopt;
}

std::string format_bytes(uint64_t bytes) {
  if (bytes == 0) return "0B";
  // Prefer the unit that renders exactly with the fewest digits.
  std::string best = std::to_string(bytes) + "B";
  for (auto [name, scale] : kUnits) {
    if (scale == 1 || bytes % scale != 0) continue;
    std::string candidate = std::to_string(bytes / scale) + std::string(name);
    if (candidate.size() < best.size()) best = candidate;
  }
  return best;
}

std::pair<std::string, std::string> format_bytes_pair(uint64_t a, uint64_t b) {
  std::pair<std::string, std::string> best{std::to_string(a) + "B", std::to_string(b) + "B"};
  for (auto [name, scale] : kUnits) {
    if (scale == 1 || a % scale != 0 || b % scale != 0) continue;
    std::pair<std::string, std::string> c{std::to_string(a / scale) + std::string(name),
                                          std::to_string(b / scale) + std::string(name)};
    if (c.first.size() + c.second.size() < best.first.size() + best.second.size()) best = c;
  }
  return best;
}

}  // namespace rocecfg
