#include "core/secrets.h"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <span>
#include <vector>

extern char** environ;

namespace rocecfg {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool contains_any(std::string_view lowered, std::span<const std::string_view> words) {
  return std::any_of(words.begin(), words.end(),
                     [&](std::string_view w) { return lowered.find(w) != std::string_view::npos; });
}

constexpr std::string_view kSecretWords[] = {"password", "passwd", "secret", "token", "passphrase"};
// Environment variable names also say it shorter, as a whole word between
// underscores: SWITCH_PASS, LEAF_PW, API_KEY (not PWD, OLDPWD or KEYBOARD).
constexpr std::string_view kSecretEnvironmentWords[] = {"pass", "pw", "key", "credential",
                                                        "credentials"};

bool secret_environment_name(std::string_view name) {
  std::string lowered = lower(name);
  if (contains_any(lowered, kSecretWords)) return true;
  std::string_view rest = lowered;
  while (!rest.empty()) {
    size_t us = rest.find('_');
    std::string_view word = rest.substr(0, us);
    for (std::string_view w : kSecretEnvironmentWords)
      if (word == w) return true;
    if (us == std::string_view::npos) break;
    rest.remove_prefix(us + 1);
  }
  return false;
}

struct NotedNames {
  std::mutex mutex;
  std::vector<std::string> names;
};

NotedNames& noted() {
  static NotedNames n;
  return n;
}

}  // namespace

bool is_secret_word(std::string_view text) {
  return contains_any(lower(text), kSecretWords);
}

bool line_mentions_secret(std::string_view line) {
  // Keys are whatever is outside string values, plus quoted keys: a quoted
  // string directly followed by '=' or '.' (after blanks). Anything inside
  // other strings is a value, which may well contain "token" harmlessly.
  std::string keys;
  for (size_t i = 0; i < line.size();) {
    char c = line[i];
    if (c == '#') break;  // a comment
    if (c != '"' && c != '\'') {
      keys += c;
      ++i;
      continue;
    }
    size_t end = i + 1;
    while (end < line.size() && line[end] != c) end += (c == '"' && line[end] == '\\') ? 2 : 1;
    std::string_view quoted = line.substr(i + 1, std::min(end, line.size()) - i - 1);
    size_t next = end + 1;
    while (next < line.size() && (line[next] == ' ' || line[next] == '\t')) ++next;
    if (next < line.size() && (line[next] == '=' || line[next] == '.' || line[next] == ']'))
      keys.append(quoted);
    keys += ' ';
    i = end + 1;
  }
  return is_secret_word(keys);
}

namespace {

// Where a TOML line leaves the reader: inside how many brackets, and inside
// which multi-line string delimiter (empty = none). Single-line strings and
// comments end on their line; a table header opens and closes its brackets.
struct Continuation {
  int depth = 0;
  std::string_view multiline;  // `"""` or `'''` while one is open
};

void advance(std::string_view line, Continuation& c) {
  constexpr std::string_view kBasic = R"(""")", kLiteral = "'''";
  for (size_t i = 0; i < line.size();) {
    if (!c.multiline.empty()) {
      size_t end = line.find(c.multiline, i);
      if (end == std::string_view::npos) return;
      i = end + c.multiline.size();
      c.multiline = {};
      continue;
    }
    char ch = line[i];
    if (ch == '#') return;  // a comment
    if (line.substr(i, 3) == kBasic || line.substr(i, 3) == kLiteral) {
      c.multiline = line.substr(i, 3) == kBasic ? kBasic : kLiteral;
      i += 3;
      continue;
    }
    if (ch == '"' || ch == '\'') {
      size_t end = i + 1;
      while (end < line.size() && line[end] != ch) end += (ch == '"' && line[end] == '\\') ? 2 : 1;
      i = end + 1;
      continue;
    }
    if (ch == '[' || ch == '{') ++c.depth;
    if ((ch == ']' || ch == '}') && c.depth > 0) --c.depth;
    ++i;
  }
}

}  // namespace

std::vector<bool> secret_lines(std::string_view text) {
  std::vector<bool> out;
  Continuation c;
  bool secret_value_open = false;  // a value that a secret key opened is still open
  while (true) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    bool continued = c.depth > 0 || !c.multiline.empty();
    bool mentions = line_mentions_secret(line);
    // Only a line that starts a value can open a secret one: a continuation
    // line's own words are values (`"token",` in an array of plain names).
    if (!continued) secret_value_open = mentions;
    out.push_back(mentions || (continued && secret_value_open));
    advance(line, c);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

void note_secret_environment_variable(std::string name) {
  std::lock_guard lock(noted().mutex);
  if (std::find(noted().names.begin(), noted().names.end(), name) == noted().names.end())
    noted().names.push_back(std::move(name));
}

std::string scrub_environment_secrets(std::string text) {
  std::vector<std::string> noted_names;
  {
    std::lock_guard lock(noted().mutex);
    noted_names = noted().names;
  }
  for (char** e = environ; e && *e; ++e) {
    std::string_view entry(*e);
    size_t eq = entry.find('=');
    if (eq == std::string_view::npos) continue;
    std::string_view name = entry.substr(0, eq), value = entry.substr(eq + 1);
    bool secret = secret_environment_name(name) ||
                  std::find(noted_names.begin(), noted_names.end(), name) != noted_names.end();
    if (!secret || value.size() < 4) continue;
    for (size_t at = text.find(value); at != std::string::npos;
         at = text.find(value, at + sizeof("<redacted>") - 1))
      text.replace(at, value.size(), "<redacted>");
  }
  return text;
}

}  // namespace rocecfg
