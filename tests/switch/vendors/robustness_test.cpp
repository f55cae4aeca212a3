// Parsers take whatever an operator's backup holds: every captured config and
// golden render, with each line cut short at every word, must parse without
// crashing: malformed lines become notes, or the text is refused with the
// line that is not the vendor's (a cut `interface` line is no statement).
#include <doctest/doctest.h>

#include <sstream>

#include "vendor_fixtures.h"

namespace rocecfg::sw {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

TEST_CASE("every line cut at every word still parses") {
  const std::vector<std::pair<std::string, std::vector<std::string>>> inputs{
      {"eos", {"captured/eos-leaf7.txt", "golden/eos/standard.txt"}},
      {"nxos", {"captured/nxos-leaf3.txt", "golden/nxos/standard.txt"}},
      {"huawei-ce", {"captured/huawei-ce-leaf2.txt", "golden/huawei-ce/standard.txt"}},
      {"h3c", {"captured/h3c-s6850.txt", "golden/h3c/standard.txt"}}};
  size_t parsed = 0, refused = 0;
  for (const auto& [vendor, files] : inputs) {
    auto a = make_adapter(vendor);
    REQUIRE(a);
    for (const auto& f : files) {
      auto lines = split_lines(testing::read_test_file(f));
      REQUIRE(lines.size() > 10);
      for (size_t i = 0; i < lines.size(); ++i) {
        const std::string& l = lines[i];
        for (size_t cut = 0; cut <= l.size(); ++cut) {
          if (cut < l.size() && l[cut] != ' ') continue;
          std::vector<std::string> mutated = lines;
          mutated[i] = l.substr(0, cut);
          CAPTURE(vendor);
          CAPTURE(mutated[i]);
          auto state = a->parse(testing::lines_text(mutated));
          if (!state) {
            CHECK(state.error().context == "not a " + vendor + " running-config");
            CHECK(state.error().message.starts_with("line "));
            ++refused;
          }
          ++parsed;
        }
      }
    }
  }
  CHECK(parsed > 1000);
  CHECK(refused < parsed / 4);  // most cuts leave a readable config
}

}  // namespace
}  // namespace rocecfg::sw
