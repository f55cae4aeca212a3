#include "core/printable.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace rocecfg {

namespace {

// Length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no
// overlongs, no surrogates, nothing above U+10FFFF), or 0.
size_t utf8_sequence(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char c = byte(i);
  size_t n = c < 0x80                   ? 1
             : (c >= 0xC2 && c <= 0xDF) ? 2
             : (c >= 0xE0 && c <= 0xEF) ? 3
             : (c >= 0xF0 && c <= 0xF4) ? 4
                                        : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  unsigned char c1 = n > 1 ? byte(i + 1) : 0;
  if (c == 0xE0 && c1 < 0xA0) return 0;   // overlong
  if (c == 0xED && c1 >= 0xA0) return 0;  // surrogate
  if (c == 0xF0 && c1 < 0x90) return 0;   // overlong
  if (c == 0xF4 && c1 >= 0x90) return 0;  // above U+10FFFF
  return n;
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    size_t n = utf8_sequence(text, i);
    // U+0080..U+009F (C1 controls, e.g. CSI) arrive as C2 80..C2 9F.
    bool c1_control = n == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;
    if (n == 1 && c >= 0x20 && c != 0x7F) {
      out += static_cast<char>(c);
    } else if (n == 1) {
      switch (c) {
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        case 0x1B:
          out += "\\e";
          break;
        default:
          out += fmt::format("\\x{:02x}", c);
      }
    } else if (n == 0) {
      out += fmt::format("\\x{:02x}", c);
      n = 1;
    } else if (c1_control) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(text[i + 1]));
    } else {
      out.append(text.substr(i, n));
    }
    i += n;
  }
  return out;
}

std::string json_text(const nlohmann::json& document, int indent) {
  return document.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace rocecfg
