// The exit-code table users read (README, man page, --help) is the one in
// core/exit_code.cpp: these tests fail when a document drifts from the code.
#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/exit_code.h"

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  REQUIRE_MESSAGE(in.good(), "cannot read " << path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Row {
  int code;
  std::string meaning;
};

// The "| code | meaning |" rows under "### Exit codes" up to the next heading.
std::vector<Row> readme_rows(const std::string& readme) {
  size_t at = readme.find("\n### Exit codes\n");
  REQUIRE(at != std::string::npos);
  size_t end = readme.find("\n#", at + 1);
  std::string section = readme.substr(at, end - at);
  std::vector<Row> rows;
  std::regex row(R"(\n\| (\d+) \| ([^|\n]*[^| \n]) \|)");
  for (std::sregex_iterator it(section.begin(), section.end(), row), e; it != e; ++it)
    rows.push_back({std::stoi((*it)[1]), (*it)[2]});
  return rows;
}

}  // namespace

TEST_SUITE("exit codes") {
  TEST_CASE("the table holds 0..4 in order, severity ascending") {
    auto table = rocecfg::exit_code_table();
    REQUIRE(table.size() == 5);
    for (size_t i = 0; i < table.size(); ++i) CHECK(static_cast<int>(table[i].code) == int(i));
  }

  TEST_CASE("the README's exit-code table is the code's table, row for row") {
    std::vector<Row> rows = readme_rows(read_file(ROCECFG_SOURCE_DIR "/README.md"));
    auto table = rocecfg::exit_code_table();
    REQUIRE(rows.size() == table.size());
    for (size_t i = 0; i < rows.size(); ++i) {
      CHECK(rows[i].code == static_cast<int>(table[i].code));
      CHECK(rows[i].meaning == std::string(table[i].meaning));
    }
  }

  // The man page's EXIT STATUS is generated from exit_code_table() by
  // cmd/manpage.cpp; tests/fleet/manpage_test.sh checks the generated page.

  TEST_CASE("help lists every code, or only a verb's") {
    CHECK(rocecfg::exit_code_help() ==
          "Exit codes:\n"
          "  0  success: applied, no drift, healthy\n"
          "  1  drift found, apply incomplete, probe or gate unhealthy\n"
          "  2  usage error: bad command line, argument value, profile or inventory\n"
          "  3  runtime failure (device, kernel, privileges, SSH, RDMA)\n"
          "  4  could not evaluate: gate without RDMA or peer; audit with intended knobs not "
          "observed\n");
    const rocecfg::ExitCode validate_codes[] = {rocecfg::kOk, rocecfg::kUsage};
    CHECK(rocecfg::exit_code_help(validate_codes) ==
          "Exit codes:\n"
          "  0  success: applied, no drift, healthy\n"
          "  2  usage error: bad command line, argument value, profile or inventory\n");
  }

  TEST_CASE("several targets: the worst code wins") {
    CHECK(rocecfg::worst_exit_code(rocecfg::kOk, rocecfg::kDrift) == rocecfg::kDrift);
    CHECK(rocecfg::worst_exit_code(rocecfg::kRuntime, rocecfg::kDrift) == rocecfg::kRuntime);
    CHECK(rocecfg::worst_exit_code(rocecfg::kOk, rocecfg::kOk) == rocecfg::kOk);
    // "could not evaluate" is no green, but weaker than a finding or a failure
    CHECK(rocecfg::worst_exit_code(rocecfg::kNotEvaluated, rocecfg::kOk) == rocecfg::kNotEvaluated);
    CHECK(rocecfg::worst_exit_code(rocecfg::kNotEvaluated, rocecfg::kDrift) == rocecfg::kDrift);
    CHECK(rocecfg::worst_exit_code(rocecfg::kRuntime, rocecfg::kNotEvaluated) == rocecfg::kRuntime);
    CHECK(rocecfg::worst_exit_code(rocecfg::kUsage, rocecfg::kRuntime) == rocecfg::kUsage);
  }
}
