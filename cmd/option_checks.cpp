#include "option_checks.h"

#include <arpa/inet.h>

#include <charconv>
#include <cmath>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "core/printable.h"

namespace rocecfg::cmd {

namespace {

// The whole text as a finite decimal number, or nothing ("nan", "inf",
// "0x10", " 5", "5 " and "" are not numbers here).
std::optional<double> finite_number(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value, std::chars_format::general);
  if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

bool decimal_integer(const std::string& text, bool allow_minus) {
  size_t start = allow_minus && !text.empty() && text[0] == '-' ? 1 : 0;
  if (start == text.size()) return false;
  for (size_t i = start; i < text.size(); ++i)
    if (text[i] < '0' || text[i] > '9') return false;
  return true;
}

std::string number_text(double v) {
  return fmt::format("{}", v);
}

CLI::Validator syntax(const std::string& type) {
  return CLI::Validator(
      [type](std::string& value) -> std::string {
        if (type == "UINT" && !decimal_integer(value, false))
          return fmt::format("{:?} is not a whole number (0, 1, 2, ...)", printable(value));
        if (type == "INT" && !decimal_integer(value, true))
          return fmt::format("{:?} is not a whole number", printable(value));
        if (type == "FLOAT" && !finite_number(value))
          return fmt::format("{:?} is not a finite number", printable(value));
        return {};
      },
      "", "number syntax");
}

}  // namespace

void guard_number_options(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands({})) {
    for (CLI::Option* opt : sub->get_options()) {
      std::string type = opt->get_type_name();
      if (opt->get_type_size() == 0) continue;  // a flag
      if (type == "INT" || type == "UINT" || type == "FLOAT") opt->check(syntax(type));
    }
    guard_number_options(*sub);
  }
}

CLI::Validator in_range(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& value) -> std::string {
        std::optional<double> v = finite_number(value);
        if (!v) return fmt::format("{:?} is not a finite number", printable(value));
        if (*v < lo || *v > hi)
          return fmt::format("must be {}..{}, got {}", number_text(lo), number_text(hi),
                             printable(value));
        return {};
      },
      fmt::format("{}..{}", number_text(lo), number_text(hi)), "range");
}

CLI::Validator at_least(double lo) {
  return CLI::Validator(
      [lo](std::string& value) -> std::string {
        std::optional<double> v = finite_number(value);
        if (!v) return fmt::format("{:?} is not a finite number", printable(value));
        if (*v < lo)
          return fmt::format("must be at least {}, got {}", number_text(lo), printable(value));
        return {};
      },
      fmt::format(">= {}", number_text(lo)), "at least");
}

CLI::Validator above_zero() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        std::optional<double> v = finite_number(value);
        if (!v) return fmt::format("{:?} is not a finite number", printable(value));
        if (*v <= 0) return fmt::format("must be above 0, got {}", printable(value));
        return {};
      },
      "> 0", "above zero");
}

CLI::Validator ip_address() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        unsigned char buffer[16];
        if (::inet_pton(AF_INET, value.c_str(), buffer) == 1 ||
            ::inet_pton(AF_INET6, value.c_str(), buffer) == 1)
          return {};
        return fmt::format("{:?} is not an IPv4 or IPv6 address", printable(value));
      },
      "ADDRESS", "IP address");
}

}  // namespace rocecfg::cmd
