// NVUE's YAML (`nv config show`, /etc/nvue.d/startup.yaml) is a tree whose
// paths are exactly the words of `nv set` commands:
//   - set:
//       interface:
//         swp1:
//           link:
//             mtu: 9216
// becomes "nv set interface swp1 link mtu 9216". The block style NVUE writes
// is read (indented maps, `key: value`, `key: {}` for presence); what is not
// a path of the tree is passed over and counted, never a reason to refuse:
// block scalars (`snippet: |` and its lines: NVUE snippets hold other
// programs' config, e.g. sshd_config, CumulusNetworks/docs content/
// cumulus-linux-511/System-Configuration/NVIDIA-User-Experience-NVUE/
// NVUE-Snippets.md), list items and their bodies, the `- header:` item (model,
// version, rev-id) and lines that are not `key: value`. One pass, bounded
// state: a flattener, not a YAML library.
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

bool block_scalar(const std::string& v) {
  return v == "|" || v == "|-" || v == "|+" || v == ">" || v == ">-" || v == ">+";
}

}  // namespace

Result<FlatYaml> startup_yaml_to_commands(std::string_view text, bool fragment) {
  FlatYaml out;
  std::vector<std::pair<size_t, std::string>> stack;  // (indent, key)
  bool in_set = fragment;
  // Lines deeper than this indent belong to a block scalar or a list item.
  size_t skip_deeper = std::string::npos;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    std::string raw(text.substr(start, nl == std::string_view::npos ? nl : nl - start));
    start = nl == std::string_view::npos ? text.size() : nl + 1;
    std::string body = trim(raw);
    std::string line_out;
    auto emit = [&] { out.commands += line_out + "\n"; };
    if (body.empty() || body[0] == '#') {
      emit();
      continue;
    }
    size_t indent = raw.find_first_not_of(" \t");
    if (skip_deeper != std::string::npos && indent > skip_deeper) {
      ++out.passed_over;
      emit();
      continue;
    }
    skip_deeper = std::string::npos;
    if (indent == 0 && body.starts_with("- ")) {  // the file's items: "- set:", "- header:"
      in_set = trim(body.substr(2)) == "set:";
      if (!in_set) ++out.passed_over;
      stack.clear();
      emit();
      continue;
    }
    if (!in_set || body.starts_with("- ") || body == "-") {
      // The header's fields; a list inside the tree (not an NVUE path).
      ++out.passed_over;
      if (in_set) skip_deeper = indent;
      emit();
      continue;
    }
    // `key: value`, the key possibly quoted; a trailing ` #` comment dropped.
    size_t colon = body.find(": ");
    if (colon == std::string::npos && body.ends_with(":")) colon = body.size() - 1;
    if (colon == std::string::npos) {
      ++out.passed_over;
      emit();
      continue;
    }
    std::string key = unquote(trim(body.substr(0, colon)));
    std::string value = trim(body.substr(colon + 1));
    if (size_t hash = value.find(" #");
        hash != std::string::npos && value.front() != '\'' && value.front() != '"')
      value = trim(value.substr(0, hash));
    while (!stack.empty() && stack.back().first >= indent) stack.pop_back();
    if (block_scalar(value)) {
      ++out.passed_over;
      skip_deeper = indent;
      emit();
      continue;
    }
    if (value.empty()) {
      stack.emplace_back(indent, key);
      emit();
      continue;
    }
    std::string path;
    for (const auto& [i, k] : stack) path += k + " ";
    line_out = value == "{}" ? fmt::format("nv set {}{}", path, key)
                             : fmt::format("nv set {}{} {}", path, key, unquote(value));
    emit();
  }
  return out;
}

}  // namespace rocecfg::sw::cumulus
