#include "core/diagnostic.h"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "core/printable.h"
#include "core/regular_file.h"
#include "core/secrets.h"

namespace rocecfg {

std::string Diagnostic::headline() const {
  std::string where = pos.path;
  if (pos.line > 0) where += fmt::format(":{}:{}", pos.line, std::max(pos.column, 1));
  std::string out =
      fmt::format("{}: {}: ", where, severity == Severity::error ? "error" : "warning");
  if (!key.empty()) out += key + ": ";
  out += message;
  if (!allowed.empty()) out += " (allowed: " + allowed + ")";
  return out;
}

void Diagnostics::add(Diagnostic d) {
  auto it = std::find_if(per_file_.begin(), per_file_.end(),
                         [&](const auto& entry) { return entry.first == d.pos.path; });
  if (it == per_file_.end()) it = per_file_.insert(per_file_.end(), {d.pos.path, 0});
  int& count = it->second;
  if (count < kMaxDiagnosticsPerFile) {
    ++count;
    items_.push_back(std::move(d));
    return;
  }
  // One summary per file, updated in place; an error stays an error.
  auto summary = std::find_if(items_.begin(), items_.end(), [&](const Diagnostic& x) {
    return x.not_shown > 0 && x.pos.path == d.pos.path;
  });
  if (summary == items_.end())
    summary = items_.insert(items_.end(), {Severity::warning, {d.pos.path, 0, 0}, "", "", "", 0});
  if (d.severity == Severity::error) summary->severity = Severity::error;
  summary->not_shown += 1;
  summary->message = fmt::format("{} more problem(s) in this file not shown (first {} shown)",
                                 summary->not_shown, kMaxDiagnosticsPerFile);
}

void Diagnostics::error(SourcePos pos, std::string key, std::string message, std::string allowed) {
  add({Severity::error, std::move(pos), std::move(key), std::move(message), std::move(allowed)});
}

void Diagnostics::warning(SourcePos pos, std::string key, std::string message,
                          std::string allowed) {
  add({Severity::warning, std::move(pos), std::move(key), std::move(message), std::move(allowed)});
}

bool Diagnostics::has_errors() const {
  return std::any_of(items_.begin(), items_.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::error; });
}

void Diagnostics::append(const Diagnostics& other) {
  for (const Diagnostic& d : other.items_) {
    if (d.not_shown > 0) {
      items_.push_back(d);  // already counted there
      continue;
    }
    add(d);
  }
}

namespace {

constexpr size_t kMaxShownLineBytes = 160;
constexpr size_t kMaxRenderedFileBytes = 16 * 1024 * 1024;

// Escaped for the terminal, tabs kept so the caret lines up.
std::string shown(std::string_view text) {
  std::string out;
  size_t start = 0;
  while (true) {
    size_t tab = text.find('\t', start);
    out += printable(text.substr(start, tab == std::string_view::npos ? tab : tab - start));
    if (tab == std::string_view::npos) return out;
    out += '\t';
    start = tab + 1;
  }
}

// Files are read once per render, only for the lines a diagnostic points at.
class SourceCache {
 public:
  // Line `number` of `path`, or nullptr when it cannot be read or must not
  // be shown (it sets a secret, or continues a value a secret key opened).
  const std::string* line(const std::string& path, int number) {
    auto [it, inserted] = files_.try_emplace(path);
    File& f = it->second;
    if (inserted && invoker_can_read(path)) {
      // Bounded like the loader: a diagnostic never makes us read /dev/zero.
      if (Result<std::string> content = read_regular_file(path, kMaxRenderedFileBytes)) {
        f.secret = secret_lines(*content);
        std::string_view rest = *content;
        while (!rest.empty()) {
          size_t nl = rest.find('\n');
          f.lines.emplace_back(rest.substr(0, nl));
          if (nl == std::string_view::npos) break;
          rest.remove_prefix(nl + 1);
        }
      }
    }
    if (number < 1 || number > static_cast<int>(f.lines.size())) return nullptr;
    if (f.secret.at(static_cast<size_t>(number - 1))) return nullptr;
    return &f.lines[number - 1];
  }

 private:
  struct File {
    std::vector<std::string> lines;
    std::vector<bool> secret;  // secret_lines(): never shown
  };
  std::map<std::string, File> files_;
};

}  // namespace

std::string Diagnostics::render() const {
  std::vector<Diagnostic> sorted = items_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.pos.path != b.pos.path) return a.pos.path < b.pos.path;
    if ((a.not_shown > 0) != (b.not_shown > 0)) return b.not_shown > 0;
    if (a.pos.line != b.pos.line) return a.pos.line < b.pos.line;
    return a.pos.column < b.pos.column;
  });
  SourceCache cache;
  std::string out;
  for (const Diagnostic& d : sorted) {
    out += printable(scrub_environment_secrets(d.headline())) + "\n";
    const std::string* text = cache.line(d.pos.path, d.pos.line);
    if (!text || is_secret_word(d.key)) continue;
    // A long line is cut to a window around the column.
    std::string scrubbed = scrub_environment_secrets(*text);
    std::string_view line = scrubbed;
    size_t column = static_cast<size_t>(std::max(d.pos.column, 1)) - 1;
    size_t start = column > kMaxShownLineBytes / 2 ? column - kMaxShownLineBytes / 2 : 0;
    std::string_view window = line.substr(std::min(start, line.size()), kMaxShownLineBytes);
    std::string lead = start > 0 ? "..." : "";
    std::string tail = start + window.size() < line.size() ? "..." : "";
    out += "    " + lead + shown(window) + tail + "\n";
    // Tabs are kept in the caret line so the caret lines up under the column.
    std::string before = lead + shown(window.substr(0, std::min(column - start, window.size())));
    std::string pad;
    for (char c : before) pad += c == '\t' ? '\t' : ' ';
    out += "    " + pad + "^\n";
  }
  return out;
}

}  // namespace rocecfg
