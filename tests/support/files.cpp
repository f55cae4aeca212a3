#include "files.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace rocecfg::test {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string source_path(const std::string& relative) {
  return std::string(ROCECFG_SOURCE_DIR) + "/" + relative;
}

std::string binary_path(const std::string& relative) {
  return std::string(ROCECFG_BINARY_DIR) + "/" + relative;
}

std::string golden_diff(const std::string& path, const std::string& actual) {
  if (const char* u = std::getenv("ROCECFG_UPDATE_GOLDEN"); u && std::string(u) == "1") {
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << actual;
    return "";
  }
  if (!std::filesystem::exists(path)) return path + ": no such golden file";
  std::string expected = read_file(path);
  if (expected == actual) return "";
  std::istringstream a(expected), b(actual);
  std::string la, lb;
  for (int line = 1;; ++line) {
    bool ha = static_cast<bool>(std::getline(a, la));
    bool hb = static_cast<bool>(std::getline(b, lb));
    if (!ha && !hb) return path + ": differs in trailing newline or whitespace";
    if (ha != hb || la != lb)
      return path + ":" + std::to_string(line) + ": expected '" + (ha ? la : "<end>") + "', got '" +
             (hb ? lb : "<end>") + "'";
  }
}

}  // namespace rocecfg::test
