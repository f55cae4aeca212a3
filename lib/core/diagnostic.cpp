#include "core/diagnostic.h"

#include <algorithm>
#include <fstream>
#include <map>

#include <fmt/format.h>

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

void Diagnostics::error(SourcePos pos, std::string key, std::string message, std::string allowed) {
  items_.push_back(
      {Severity::error, std::move(pos), std::move(key), std::move(message), std::move(allowed)});
}

void Diagnostics::warning(SourcePos pos, std::string key, std::string message,
                          std::string allowed) {
  items_.push_back(
      {Severity::warning, std::move(pos), std::move(key), std::move(message), std::move(allowed)});
}

bool Diagnostics::has_errors() const {
  return std::any_of(items_.begin(), items_.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::error; });
}

void Diagnostics::append(const Diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

namespace {

// Files are read once per render, only for the lines a diagnostic points at.
class SourceCache {
 public:
  const std::string* line(const std::string& path, int number) {
    auto [it, inserted] = files_.try_emplace(path);
    if (inserted) {
      std::ifstream in(path);
      for (std::string text; std::getline(in, text);) it->second.push_back(text);
    }
    if (number < 1 || number > static_cast<int>(it->second.size())) return nullptr;
    return &it->second[number - 1];
  }

 private:
  std::map<std::string, std::vector<std::string>> files_;
};

}  // namespace

std::string Diagnostics::render() const {
  std::vector<Diagnostic> sorted = items_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.pos.path != b.pos.path) return a.pos.path < b.pos.path;
    if (a.pos.line != b.pos.line) return a.pos.line < b.pos.line;
    return a.pos.column < b.pos.column;
  });
  SourceCache cache;
  std::string out;
  for (const Diagnostic& d : sorted) {
    out += d.headline() + "\n";
    if (const std::string* text = cache.line(d.pos.path, d.pos.line)) {
      out += "    " + *text + "\n";
      // Tabs are kept in the caret line so the caret lines up under the column.
      std::string pad;
      for (int i = 0; i + 1 < d.pos.column && i < static_cast<int>(text->size()); ++i)
        pad += (*text)[i] == '\t' ? '\t' : ' ';
      out += "    " + pad + "^\n";
    }
  }
  return out;
}

}  // namespace rocecfg
