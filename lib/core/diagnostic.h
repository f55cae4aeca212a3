// Source-located diagnostics for files a user wrote (profiles, inventories).
// Collected, never thrown: a loader reports every problem in one pass, in the
// compiler format editors understand:
//   file:line:col: error: key: what is wrong (allowed: ...)
//       <source line>
//       ^
#pragma once

#include <string>
#include <vector>

namespace rocecfg {

enum class Severity { error, warning };

struct SourcePos {
  std::string path;
  int line = 0;    // 1-based; 0 = unknown
  int column = 0;  // 1-based; 0 = unknown
};

struct Diagnostic {
  Severity severity = Severity::error;
  SourcePos pos;
  std::string key;      // dotted key path, e.g. "lossless.priorities[1]"
  std::string message;  // what is wrong
  std::string allowed;  // what would be accepted; empty when obvious
  int not_shown = 0;    // > 0: this entry summarises that many beyond the per-file cap

  // The first line only: "file:line:col: error: key: message (allowed: ...)".
  std::string headline() const;
};

// At most this many diagnostics per file are kept; the rest are counted in one
// summary entry. 20,000 bad list items once printed 1.2 GB of stderr.
inline constexpr int kMaxDiagnosticsPerFile = 100;

class Diagnostics {
 public:
  void error(SourcePos pos, std::string key, std::string message, std::string allowed = {});
  void warning(SourcePos pos, std::string key, std::string message, std::string allowed = {});

  bool has_errors() const;
  const std::vector<Diagnostic>& all() const { return items_; }
  void append(const Diagnostics& other);

  // Sorted by file, line, column (stable for equal positions); each entry is
  // the headline, then the source line and a caret. The source line is left
  // out where showing it could disclose something: a line that sets a
  // secret-looking key (password, secret, token, passphrase), and a file the
  // invoking user could not read themselves (run through sudo or pkexec:
  // an include of a root-only file would otherwise print its lines). Control
  // characters and invalid UTF-8 are escaped; long lines are cut around the
  // column.
  std::string render() const;

 private:
  void add(Diagnostic d);
  std::vector<Diagnostic> items_;
  std::vector<std::pair<std::string, int>> per_file_;  // path -> kept count
};

}  // namespace rocecfg
