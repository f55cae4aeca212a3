// The vendor conformance tables (tests/switch/conformance/<vendor>.json): every
// command form rocecfg can send to that vendor, with its documented syntax,
// argument ranges, the models it applies to and the document it was checked
// against. The emulators read the same files (tests/switch/emu/conformance.py),
// so the tests and the stand-in devices accept exactly the documented forms.
//
// A form is words and arguments: "priority <p> deadlock-detect time <t>";
// `<x...>` takes one or more words. Argument types (the "args" map):
//   "A..B"          an integer in A..B
//   "A..B csv"      "3" or "3,4": comma-separated integers in A..B
//   "A..B s2"       seconds with at most two decimals, in A..B (EOS timers)
//   "a|b|c"         one of these words
//   "name"          a name (letters, digits, _ . : / -)
//   "any"           any word
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rocecfg::sw::testing {

struct ConformanceForm {
  std::string form;
  std::vector<std::string> models;  // empty: every model the table covers
  std::string ref;                  // document (repo + path + commit, or URL)
  bool verified = true;             // false: "not verifiable from public docs"
};

class ConformanceTable {
 public:
  // tests/switch/conformance/<vendor>.json; throws on a malformed table.
  static ConformanceTable load(const std::string& vendor);

  // nullopt when `line` (leading spaces ignored) matches a documented form
  // valid on `model` ("" = any model); else why not: no form, or the closest
  // form and the argument out of range.
  std::optional<std::string> check(const std::string& line, const std::string& model = "") const;

  const std::vector<ConformanceForm>& forms() const { return forms_; }
  size_t unverified() const;

 private:
  struct Arg {
    std::string name;
    std::string type;
  };
  std::vector<ConformanceForm> forms_;
  std::vector<std::vector<std::string>> words_;                         // per form
  std::vector<std::vector<std::pair<std::string, std::string>>> args_;  // per form: name -> type
};

}  // namespace rocecfg::sw::testing
