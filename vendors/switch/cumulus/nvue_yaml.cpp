// NVUE's YAML (`nv config show`, /etc/nvue.d/startup.yaml) is a tree whose
// paths are exactly the words of `nv set` commands:
//   - set:
//       interface:
//         swp1:
//           link:
//             mtu: 9216
// becomes "nv set interface swp1 link mtu 9216". Only the block style NVUE
// writes is read (indented maps, `key: value`, `key: {}` for presence), which
// keeps this a flattener rather than a YAML library.
#include <sstream>

#include <fmt/format.h>

#include "cumulus/cumulus.h"

namespace rocecfg::sw::cumulus {

namespace {

std::string unquote(std::string s) {
  if (s.size() >= 2 && (s.front() == '\'' || s.front() == '"') && s.back() == s.front())
    return s.substr(1, s.size() - 2);
  return s;
}

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t");
  size_t b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

}  // namespace

Result<std::vector<std::string>> startup_yaml_to_commands(std::string_view text) {
  std::vector<std::string> out;
  std::vector<std::pair<size_t, std::string>> stack;  // (indent, key)
  bool in_set = false;
  std::istringstream in{std::string(text)};
  int line_no = 0;
  for (std::string raw; std::getline(in, raw);) {
    ++line_no;
    std::string body = trim(raw);
    if (body.empty() || body[0] == '#') continue;
    size_t indent = raw.find_first_not_of(' ');
    if (body.starts_with("- ")) {  // a top-level list item: "- set:", "- header:"
      std::string key = trim(body.substr(2));
      in_set = key == "set:";
      stack.clear();
      continue;
    }
    if (!in_set) continue;
    size_t colon = body.find(':');
    if (colon == std::string::npos)
      return fail(ErrorKind::invalid_input, fmt::format("line {}", line_no),
                  fmt::format("expected 'key: value', got {:?}", body));
    std::string key = unquote(trim(body.substr(0, colon)));
    std::string value = trim(body.substr(colon + 1));
    while (!stack.empty() && stack.back().first >= indent) stack.pop_back();
    std::string path;
    for (const auto& [i, k] : stack) path += k + " ";
    if (value.empty()) {
      stack.emplace_back(indent, key);
      continue;
    }
    if (value == "{}")
      out.push_back(fmt::format("nv set {}{}", path, key));
    else
      out.push_back(fmt::format("nv set {}{} {}", path, key, unquote(value)));
  }
  return out;
}

}  // namespace rocecfg::sw::cumulus
