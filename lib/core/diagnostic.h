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

  // The first line only: "file:line:col: error: key: message (allowed: ...)".
  std::string headline() const;
};

class Diagnostics {
 public:
  void error(SourcePos pos, std::string key, std::string message, std::string allowed = {});
  void warning(SourcePos pos, std::string key, std::string message, std::string allowed = {});

  bool has_errors() const;
  const std::vector<Diagnostic>& all() const { return items_; }
  void append(const Diagnostics& other);

  // Sorted by file, line, column (stable for equal positions); each entry is
  // the headline, then the source line and a caret when the file is readable.
  std::string render() const;

 private:
  std::vector<Diagnostic> items_;
};

}  // namespace rocecfg
