// Reading whole files and comparing against golden files, for every test and
// bench (one copy instead of nine).
#pragma once

#include <string>

namespace rocecfg::test {

// The whole file; "" when it cannot be read.
std::string read_file(const std::string& path);

// A path under the source tree (ROCECFG_SOURCE_DIR) or the build tree.
std::string source_path(const std::string& relative);
std::string binary_path(const std::string& relative);

// Compares `actual` with the golden file at `path`. Empty when equal;
// otherwise the first differing line of each, numbered, for the failure
// message. With ROCECFG_UPDATE_GOLDEN=1 in the environment, writes `actual`
// to `path` instead (and returns empty): review the diff before committing.
std::string golden_diff(const std::string& path, const std::string& actual);

}  // namespace rocecfg::test
