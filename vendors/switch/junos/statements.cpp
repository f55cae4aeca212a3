// The three forms Junos prints a configuration in, read into one list of
// statements (the `display set` words without `set`), so one reader serves
// them all:
//
//   show configuration | display set      one `set ...` per leaf, `deactivate
//                                         ...` for inactive statements
//   show configuration                    the hierarchical form: `name {`,
//                                         `leaf value;`, `}`, `[ a b ]` lists,
//                                         `inactive:` / `protect:` prefixes,
//                                         `#` and `/* */` comments
//   show configuration | display json     {"configuration": {...}}: lists as
//                                         arrays of objects keyed by "name",
//                                         flags as [null], "@" attributes
//                                         ({"inactive": true} on a statement)
//
// Sources: Junos CLI User Guide, "Display Set Command Output" and "Display
// the Configuration in JSON Format" (Map Junos OS Configuration Statements to
// JSON: lists, [null] flags, "@" attributes); the hierarchical form as
// Juniper's JVD leaf1_qfx5240-64od.conf prints it.
//
// Terminal residue (prompts `user@host> ...`, `[edit]`, `{master:0}`) is
// blanked first, keeping line numbers.
#include <algorithm>

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "../cli/config_tree.h"
#include "junos.h"

namespace rocecfg::sw::junos {

namespace {

using nlohmann::json;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// Words of one `set` line, quoted strings kept whole (quotes removed).
std::vector<std::string> set_words(std::string_view line) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    if (i >= line.size()) break;
    std::string w;
    if (line[i] == '"') {
      ++i;
      while (i < line.size() && line[i] != '"') {
        if (line[i] == '\\' && i + 1 < line.size()) ++i;
        w += line[i++];
      }
      ++i;
    } else {
      while (i < line.size() && !is_space(line[i])) w += line[i++];
    }
    out.push_back(std::move(w));
  }
  return out;
}

Result<Statements> read_set(const std::vector<std::string>& lines) {
  Statements out;
  out.form = "display set";
  std::vector<std::vector<std::string>> deactivated;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::vector<std::string> w = set_words(lines[i]);
    if (w.empty() || w[0].starts_with("#")) continue;
    int line = static_cast<int>(i + 1);
    if (w[0] == "set" && w.size() >= 2) {
      // `code-points [ 000 001 ]`: a leaf-list as `display set` prints it,
      // one statement per value.
      auto open = std::find(w.begin(), w.end(), "[");
      if (open != w.end() && w.back() == "]" && open + 1 < w.end() - 1) {
        std::vector<std::string> head(w.begin() + 1, open);
        for (auto v = open + 1; v != w.end() - 1; ++v) {
          std::vector<std::string> one = head;
          one.push_back(*v);
          out.list.push_back({std::move(one), line});
        }
        continue;
      }
      out.list.push_back({std::vector<std::string>(w.begin() + 1, w.end()), line});
    } else if (w[0] == "deactivate" && w.size() >= 2) {
      deactivated.emplace_back(w.begin() + 1, w.end());
    } else {
      return fail(ErrorKind::invalid_input, "not a junos running-config",
                  fmt::format("line {}: {} (not a `set` or `deactivate` statement of `display "
                              "set` output)",
                              line, lines[i]));
    }
  }
  // A deactivated statement is in the configuration but not in effect.
  std::erase_if(out.list, [&](const Statement& s) {
    for (const auto& d : deactivated)
      if (s.words.size() >= d.size() && std::equal(d.begin(), d.end(), s.words.begin())) {
        ++out.inactive;
        return true;
      }
    return false;
  });
  return out;
}

struct Token {
  std::string text;
  int line = 0;
  bool quoted = false;
};

// The hierarchical form as tokens: words, quoted strings, { } ; [ ].
Result<std::vector<Token>> tokens(const std::vector<std::string>& lines) {
  std::vector<Token> out;
  bool in_comment = false;
  for (size_t n = 0; n < lines.size(); ++n) {
    std::string_view l = lines[n];
    int line = static_cast<int>(n + 1);
    size_t i = 0;
    while (i < l.size()) {
      if (in_comment) {
        size_t end = l.find("*/", i);
        if (end == std::string_view::npos) break;
        in_comment = false, i = end + 2;
        continue;
      }
      char c = l[i];
      if (is_space(c)) {
        ++i;
      } else if (c == '#') {
        break;  // a comment to the end of the line (`## Last commit: ...`)
      } else if (l.substr(i).starts_with("/*")) {
        in_comment = true, i += 2;
      } else if (c == '{' || c == '}' || c == ';' || c == '[' || c == ']') {
        out.push_back({std::string(1, c), line, false}), ++i;
      } else if (c == '"') {
        std::string w;
        ++i;
        while (i < l.size() && l[i] != '"') {
          if (l[i] == '\\' && i + 1 < l.size()) ++i;
          w += l[i++];
        }
        if (i >= l.size())
          return fail(ErrorKind::invalid_input, "not a junos running-config",
                      fmt::format("line {}: unterminated quoted string", line));
        ++i;
        out.push_back({std::move(w), line, true});
      } else {
        std::string w;
        while (i < l.size() && !is_space(l[i]) && l[i] != '{' && l[i] != '}' && l[i] != ';' &&
               l[i] != '[' && l[i] != ']')
          w += l[i++];
        out.push_back({std::move(w), line, false});
      }
    }
  }
  return out;
}

Result<Statements> read_hierarchical(const std::vector<std::string>& lines) {
  auto toks = tokens(lines);
  if (!toks) return std::unexpected(toks.error());
  Statements out;
  out.form = "hierarchical";
  struct Level {
    size_t words = 0;  // path words this level added
    bool inactive = false;
  };
  std::vector<std::string> path;
  std::vector<Level> stack;
  std::vector<std::string> pending;
  std::vector<std::string> list;  // inside [ ]
  bool in_list = false, pending_inactive = false;
  int pending_line = 0;
  auto bad = [](int line, std::string_view why) -> Result<Statements> {
    return fail(ErrorKind::invalid_input, "not a junos running-config",
                fmt::format("line {}: {}", line, why));
  };
  auto inactive_here = [&] {
    return pending_inactive || (!stack.empty() && stack.back().inactive);
  };
  for (const Token& t : *toks) {
    if (!t.quoted && t.text == "[") {
      if (in_list) return bad(t.line, "nested [");
      in_list = true, list.clear();
    } else if (!t.quoted && t.text == "]") {
      if (!in_list) return bad(t.line, "] without [");
      in_list = false;
    } else if (in_list) {
      list.push_back(t.text);
    } else if (!t.quoted && t.text == "{") {
      if (pending.empty()) return bad(t.line, "{ without a statement");
      stack.push_back({pending.size(), inactive_here()});
      path.insert(path.end(), pending.begin(), pending.end());
      pending.clear(), pending_inactive = false;
    } else if (!t.quoted && t.text == ";") {
      if (pending.empty() && list.empty()) continue;
      bool inactive = inactive_here();
      auto emit = [&](const std::vector<std::string>& extra) {
        if (inactive) return void(++out.inactive);
        Statement s{path, pending_line};
        s.words.insert(s.words.end(), pending.begin(), pending.end());
        s.words.insert(s.words.end(), extra.begin(), extra.end());
        out.list.push_back(std::move(s));
      };
      if (list.empty()) {
        emit({});
      } else {
        for (const std::string& v : list) emit({v});  // one statement per list value
      }
      pending.clear(), list.clear(), pending_inactive = false;
    } else if (!t.quoted && t.text == "}") {
      if (stack.empty()) return bad(t.line, "} without a matching {");
      if (!pending.empty()) return bad(t.line, "statement not ended by ; before }");
      path.resize(path.size() - stack.back().words);
      stack.pop_back();
    } else if (!t.quoted && pending.empty() && (t.text == "inactive:" || t.text == "protect:")) {
      pending_inactive = pending_inactive || t.text == "inactive:";
    } else {
      if (pending.empty()) pending_line = t.line;
      pending.push_back(t.text);
    }
  }
  if (!stack.empty() || !pending.empty() || in_list)
    return bad(static_cast<int>(lines.size()), "the configuration ends inside a statement");
  return out;
}

// JSON scalar as Junos prints it: a string or an (unquoted) number.
std::optional<std::string> scalar(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_unsigned()) return std::to_string(v.get<uint64_t>());
  if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
  return std::nullopt;
}

bool inactive_attr(const json& attrs) {
  return attrs.is_object() && attrs.contains("inactive") && attrs["inactive"] == true;
}

void walk_json(const json& node, std::vector<std::string>& path, Statements& out) {
  for (const auto& [key, value] : node.items()) {
    if (key.starts_with("@")) continue;  // attributes: commit times, comments
    if (node.contains("@" + key) && inactive_attr(node["@" + key])) {
      ++out.inactive;
      continue;
    }
    path.push_back(key);
    if (value.is_object()) {
      if (inactive_attr(value.value("@", json()))) {
        ++out.inactive;
      } else {
        walk_json(value, path, out);
        if (value.empty()) out.list.push_back({path, 0});
      }
    } else if (value.is_array()) {
      for (const json& item : value) {
        if (item.is_null()) {
          out.list.push_back({path, 0});  // a flag: [null]
        } else if (item.is_object() && item.contains("name")) {
          if (inactive_attr(item.value("@", json()))) {
            ++out.inactive;
            continue;
          }
          auto name = scalar(item["name"]);
          if (!name) continue;
          path.push_back(*name);
          json rest = item;
          rest.erase("name");
          walk_json(rest, path, out);
          if (rest.empty() || (rest.size() == 1 && rest.contains("@")))
            out.list.push_back({path, 0});
          path.pop_back();
        } else if (item.is_object()) {
          walk_json(item, path, out);  // a list keyed by other leaves (drop-profile-map)
        } else if (auto s = scalar(item)) {
          std::vector<std::string> w = path;
          w.push_back(*s);
          out.list.push_back({std::move(w), 0});
        }
      }
    } else if (auto s = scalar(value)) {
      std::vector<std::string> w = path;
      w.push_back(*s);
      out.list.push_back({std::move(w), 0});
    }
    path.pop_back();
  }
}

// A Junos CLI prompt with its command (`user@leaf1> show configuration`,
// `user@leaf1# show | display set`), `[edit ...]` and `{master:0}` banners:
// terminal residue around the configuration.
bool residue(std::string_view l) {
  size_t at = l.find('@');
  size_t end = l.find_first_of(">#");
  if (at != std::string_view::npos && at > 0 && end != std::string_view::npos && end > at &&
      l.substr(0, at).find(' ') == std::string_view::npos &&
      l.substr(at, end - at).find(' ') == std::string_view::npos &&
      (end + 1 == l.size() || l[end + 1] == ' '))
    return true;
  if (l.starts_with("[edit") && l.ends_with("]")) return true;
  if (l.starts_with("{master") || l.starts_with("{primary") || l.starts_with("{backup") ||
      l.starts_with("{linecard") || l.starts_with("{line card"))
    return l.ends_with("}");
  return false;
}

}  // namespace

std::string clean_text(std::string_view text) {
  std::string clean = cli::sanitize(text);
  std::string out;
  for (size_t start = 0; start <= clean.size();) {
    size_t end = std::min(clean.find('\n', start), clean.size());
    std::string_view l = std::string_view(clean).substr(start, end - start);
    size_t a = l.find_first_not_of(" \t");
    std::string_view t = a == std::string_view::npos ? "" : l.substr(a);
    if (!residue(t) && !t.starts_with("---(more")) out += l;
    if (end < clean.size()) out += '\n';
    start = end + 1;
  }
  return out;
}

Result<Statements> read_statements(std::string_view text) {
  if (Status ok = cli::check_line_lengths(text); !ok)
    return fail(ErrorKind::invalid_input, "not a junos running-config",
                ok.error().context + ": " + ok.error().message);
  std::string clean = clean_text(text);
  std::vector<std::string> lines;
  for (size_t start = 0; start <= clean.size();) {
    size_t end = std::min(clean.find('\n', start), clean.size());
    lines.push_back(clean.substr(start, end - start));
    start = end + 1;
  }
  size_t first = 0;
  while (first < lines.size() && lines[first].find_first_not_of(" \t") == std::string::npos)
    ++first;
  if (first == lines.size())
    return fail(ErrorKind::invalid_input, "not a junos running-config",
                "no configuration statement in the text");
  std::string_view head = lines[first];
  head.remove_prefix(head.find_first_not_of(" \t"));
  if (head.starts_with("{") && !residue(head)) {
    std::string body;
    for (const std::string& l : lines) body += l + "\n";
    json j = json::parse(body, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("configuration") ||
        !j["configuration"].is_object())
      return fail(ErrorKind::invalid_input, "not a junos running-config",
                  "JSON without the top-level \"configuration\" object `show configuration | "
                  "display json` prints");
    Statements out;
    out.form = "display json";
    std::vector<std::string> path;
    walk_json(j["configuration"], path, out);
    // The models name each interface list "interface" (`interfaces
    // interface et-0/0/0 mtu 9216`), the set form does not.
    for (Statement& s : out.list) {
      auto& w = s.words;
      if (w.size() > 2 && w[0] == "interfaces" && w[1] == "interface") w.erase(w.begin() + 1);
      if (w.size() > 3 && w[0] == "class-of-service" && w[1] == "interfaces" && w[2] == "interface")
        w.erase(w.begin() + 2);
    }
    return out;
  }
  if (head.starts_with("set ") || head.starts_with("deactivate ")) return read_set(lines);
  return read_hierarchical(lines);
}

}  // namespace rocecfg::sw::junos
