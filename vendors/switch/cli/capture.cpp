#include "capture.h"

#include <algorithm>
#include <cctype>
#include <optional>

namespace rocecfg::sw::cli {

namespace {

bool host_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ||
         c == '@' || c == ':' || c == '~' || c == '/';
}

struct Prompt {
  size_t length = 0;      // with one following space
  std::string_view mode;  // "config-if-Et1", "~HUAWEI-100GE1/0/1", "" (exec)
  bool vrp = false;       // Huawei/H3C brackets
  bool exec = false;      // exec mode: commands print output, change nothing
};

std::optional<Prompt> parse_prompt(std::string_view l) {
  Prompt p;
  size_t end = 0;
  if (!l.empty() && (l[0] == '<' || l[0] == '[')) {
    // <HUAWEI> (user view), [~HUAWEI], [*HUAWEI-100GE1/0/1], [H3C] (system view).
    size_t close = l.find(l[0] == '<' ? '>' : ']');
    if (close == std::string_view::npos || close < 2) return std::nullopt;
    std::string_view inner = l.substr(1, close - 1);
    size_t from = (inner[0] == '~' || inner[0] == '*') ? 1 : 0;
    if (from == inner.size() || !std::all_of(inner.begin() + from, inner.end(), host_char))
      return std::nullopt;
    p.vrp = true;
    p.exec = l[0] == '<';
    p.mode = inner.substr(from);
    end = close + 1;
  } else {
    // leaf1#, leaf1>, leaf1(config-if-Et1)#, admin@leaf1:~$
    size_t i = 0;
    while (i < l.size() && host_char(l[i])) ++i;
    if (i == 0) return std::nullopt;
    std::string_view host = l.substr(0, i);
    p.exec = true;
    if (i < l.size() && l[i] == '(') {
      size_t close = l.find(')', i);
      if (close == std::string_view::npos) return std::nullopt;
      p.mode = l.substr(i + 1, close - i - 1);
      p.exec = false;
      i = close + 1;
    }
    bool shell = host.find('@') != std::string_view::npos;
    if (i >= l.size() || !(l[i] == '#' || l[i] == '>' || (shell && l[i] == '$')))
      return std::nullopt;
    end = i + 1;
  }
  if (end < l.size() && l[end] == ' ') ++end;
  p.length = end;
  return p;
}

std::vector<std::string_view> split_words(std::string_view s) {
  return words(s);
}

bool one_of(std::string_view w, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), w) != set.end();
}

// A command that prints the configuration (`show running-config`, `display
// current-configuration`, `sudo cat startup.cfg`, `more flash:/x.cfg`).
bool prints_config(std::string_view command) {
  auto w = split_words(command);
  size_t i = !w.empty() && w[0] == "sudo" ? 1 : 0;
  if (i >= w.size() || !one_of(w[i], {"show", "sh", "display", "dis", "disp", "more", "cat"}))
    return false;
  for (size_t j = i + 1; j < w.size(); ++j)
    for (std::string_view key : {"run", "start", "cur", "saved", "this", ".cfg", ".conf", "config"})
      if (w[j].find(key) != std::string_view::npos) return true;
  return false;
}

// `configure terminal`, `conf t`, `configure session x`, `system-view`.
bool enters_config(std::string_view command) {
  auto w = split_words(command);
  return !w.empty() && (one_of(w[0], {"configure", "conf", "config", "system-view"}) ||
                        (w[0] == "sys" && w.size() == 1));
}

bool leaves_config(std::string_view c) {
  return c == "end" || c == "return";
}
// Session verbs that change no configuration statement.
bool session_verb(std::string_view c) {
  auto w = split_words(c);
  return !w.empty() && one_of(w[0], {"commit", "save", "write", "wr", "copy", "abort", "show", "sh",
                                     "display", "dis", "do", "run"});
}

bool starts_with_any(std::string_view text, const std::vector<std::string_view>& prefixes) {
  return std::any_of(prefixes.begin(), prefixes.end(),
                     [&](std::string_view p) { return starts_with_words(text, p); });
}

std::string_view trim(std::string_view s) {
  size_t a = s.find_first_not_of(' ');
  if (a == std::string_view::npos) return {};
  size_t b = s.find_last_not_of(' ');
  return s.substr(a, b - a + 1);
}

// A guide's annotation after a command ("dcb pfc dscp-mapping enable slot 1
// //Supported only by ..."): two or more spaces, then "//".
std::string_view without_annotation(std::string_view s) {
  size_t at = s.find("  //");
  return at == std::string_view::npos ? s : trim(s.substr(0, at));
}

// `interface ethernet 7` typed in a session as the configuration spells it
// (`interface Ethernet7`), for the types `o.interface_types` names; any
// other line unchanged.
std::string canonical_interface(std::string_view line, const TreeOptions& o) {
  auto w = words(line);
  if (w.size() != 3 || w[0] != "interface" || !std::isdigit(static_cast<unsigned char>(w[2][0])))
    return std::string(line);
  for (std::string_view type : o.interface_types)
    if (type.size() == w[1].size() &&
        std::equal(type.begin(), type.end(), w[1].begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) ==
                 std::tolower(static_cast<unsigned char>(b));
        }))
      return "interface " + std::string(type) + std::string(w[2]);
  return std::string(line);
}

// Re-indents the commands of a session by the modes they open: the depth
// of each command, from the prompts when the capture has them, else from
// the vendor's openers and `exit`/`quit`.
class SessionIndent {
 public:
  explicit SessionIndent(const TreeOptions& o) : o_(o) {}

  // The indentation of `command` typed at `mode` (nullptr: no prompt).
  size_t place(std::string_view command, const Prompt* prompt) {
    bool nested = starts_with_any(command, o_.nested_openers);
    bool top = !nested && opens(command);
    if (prompt) {
      // The prompt says where the command was typed: pop to its mode, or
      // push it when the previous command opened it.
      auto it = std::find(modes_.begin(), modes_.end(), prompt->mode);
      if (it != modes_.end())
        modes_.erase(it + 1, modes_.end());
      else if (modes_.empty() || !sub_mode(prompt->mode))
        modes_.assign(1, std::string(prompt->mode));  // the root (a new sysname too)
      else
        modes_.emplace_back(prompt->mode);
      size_t depth = top ? 0 : modes_.size() - 1;
      if (top) modes_.resize(1);
      return depth * 2;
    }
    if (top) open_.clear();
    while (nested && !open_.empty() && open_.back()) open_.pop_back();  // a sibling class
    size_t at = open_.size();
    if (top || nested) open_.push_back(nested);
    return at * 2;
  }
  void leave() {
    if (!open_.empty()) open_.pop_back();
  }
  void reset() { open_.clear(); }

 private:
  bool opens(std::string_view c) const {
    return starts_with_any(c, o_.openers) && !starts_with_any(c, o_.not_openers);
  }
  // A mode below the root: "config-if" under "config", "~DeviceA-dcb-pfc-default"
  // under "~DeviceA"; the root is the first mode (or a new sysname).
  bool sub_mode(std::string_view mode) const {
    std::string_view root = modes_.front();
    return mode.size() > root.size() && mode.substr(0, root.size()) == root &&
           mode[root.size()] == '-';
  }
  const TreeOptions& o_;
  std::vector<std::string> modes_;  // copies: the lines they came from are rewritten
  std::vector<bool> open_;          // the modes a session without prompts is in (true: nested)
};

}  // namespace

size_t prompt_length(std::string_view line) {
  auto p = parse_prompt(line);
  return p ? p->length : 0;
}

Capture clean_capture(std::string_view text, const TreeOptions& options) {
  std::vector<std::string> lines;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  Capture out;
  // Prompted lines: what mode each is in decides what follows it.
  enum class Mode { config_text, other_output, session };
  Mode mode = Mode::config_text;
  bool prompted = false;
  SessionIndent indent(options);
  std::vector<std::pair<size_t, size_t>> placed;  // line index -> session indent
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string raw = lines[i];  // views below point here, not into the rewritten line
    std::string_view l = trim(raw);
    auto p = parse_prompt(l);
    if (!p) {
      // Output of a command: config text after `show running-config`, noise
      // after anything else (`terminal length 0`, a warning in a session).
      if (prompted && mode != Mode::config_text) lines[i].clear();
      continue;
    }
    prompted = true;
    out.prompts.push_back(
        ConfigLine{std::string(l.substr(0, p->length)), static_cast<int>(i + 1), {}, 0, false});
    std::string_view command = without_annotation(trim(l.substr(p->length)));
    lines[i].clear();
    if (command.empty()) continue;  // a bare prompt: the end of a capture
    if (prints_config(command)) {
      mode = Mode::config_text;
    } else if (enters_config(command)) {
      mode = Mode::session, out.session = true;
    } else if (p->exec && (mode != Mode::session || p->vrp)) {
      mode = Mode::other_output;  // an exec command's output is not configuration
    } else if (leaves_config(command)) {
      mode = p->vrp ? Mode::session : Mode::other_output;
      indent.reset();
    } else if (leaves_mode(command) || session_verb(command)) {
      continue;
    } else {
      mode = Mode::session, out.session = true;
      lines[i] =
          std::string(indent.place(command, &*p), ' ') + canonical_interface(command, options);
    }
  }
  // A block copied from a document: every line indented alike.
  size_t common = std::string::npos;
  for (const auto& l : lines)
    if (size_t n = l.find_first_not_of(' '); n != std::string::npos) common = std::min(common, n);
  if (common != std::string::npos && common > 0)
    for (auto& l : lines) l.erase(0, std::min(common, l.size()));
  // A session typed without prompts: `configure terminal` / `system-view`
  // on a line of its own starts it.
  if (!prompted) {
    bool session = false;
    for (auto& l : lines) {
      std::string_view t = without_annotation(trim(l));
      if (t.empty()) continue;
      if (!session) {
        if (enters_config(t)) session = out.session = true, l.clear();
        continue;
      }
      if (leaves_mode(t)) {
        indent.leave(), l.clear();
      } else if (leaves_config(t)) {
        indent.reset(), l.clear();
      } else if (session_verb(t)) {
        l.clear();
      } else {
        std::string cmd = canonical_interface(t, options);
        l = std::string(indent.place(cmd, nullptr), ' ') + cmd;
      }
    }
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out.text.push_back('\n');
    out.text += lines[i];
  }
  return out;
}

}  // namespace rocecfg::sw::cli
