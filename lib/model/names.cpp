#include "model/names.h"

#include <charconv>

#include <fmt/format.h>

namespace rocecfg::model {

namespace {
bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
}  // namespace

Status check_interface(std::string_view name) {
  if (name.empty()) return fail(ErrorKind::invalid_input, "", "empty interface name");
  if (name.size() > 64)
    return fail(ErrorKind::invalid_input, std::string(name.substr(0, 64)),
                "interface name longer than 64 characters");
  if (!is_alpha(name[0]) && !is_digit(name[0]))
    return fail(ErrorKind::invalid_input, std::string(name),
                "interface name must start with a letter or digit");
  for (char c : name) {
    if (is_alpha(c) || is_digit(c) || c == '/' || c == '.' || c == ':' || c == '-') continue;
    return fail(ErrorKind::invalid_input, fmt::format("{:?}", name),
                fmt::format("character {:?} is not allowed in an interface name "
                            "(allowed: letters, digits, / . : -)",
                            c));
  }
  return {};
}

Status check_name(std::string_view name) {
  if (name.empty()) return fail(ErrorKind::invalid_input, "", "empty name");
  if (name.size() > 64)
    return fail(ErrorKind::invalid_input, std::string(name.substr(0, 64)),
                "name longer than 64 characters");
  if (!is_alpha(name[0]) && !is_digit(name[0]))
    return fail(ErrorKind::invalid_input, fmt::format("{:?}", name),
                "name must start with a letter or digit");
  for (char c : name) {
    if (is_alpha(c) || is_digit(c) || c == '_' || c == '.' || c == '-') continue;
    return fail(ErrorKind::invalid_input, fmt::format("{:?}", name),
                fmt::format("character {:?} is not allowed in a name (allowed: letters, digits, "
                            "_ . -)",
                            c));
  }
  return {};
}

Result<uint64_t> check_number(std::string_view text, uint64_t min, uint64_t max) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    return fail(ErrorKind::invalid_input, fmt::format("{:?}", text), "not a decimal number");
  if (value < min || value > max)
    return fail(ErrorKind::invalid_input, std::string(text),
                fmt::format("out of range (allowed: {}..{})", min, max));
  return value;
}

Status check_command(std::string_view command) {
  bool quoted = false;
  for (char c : command) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f)
      return fail(ErrorKind::invalid_input, fmt::format("{:?}", command),
                  "control character or newline in a command");
    if (c == '\'') {
      quoted = !quoted;
      continue;
    }
    if (quoted) continue;
    if (c == ';' || c == '&' || c == '|' || c == '<' || c == '>' || c == '$' || c == '`' ||
        c == '\\' || c == '"')
      return fail(ErrorKind::invalid_input, fmt::format("{:?}", command),
                  fmt::format("shell metacharacter {:?} outside quotes", c));
  }
  if (quoted)
    return fail(ErrorKind::invalid_input, fmt::format("{:?}", command), "unbalanced quote");
  return {};
}

}  // namespace rocecfg::model
