#pragma once
// Diagnostics as tests compare them: each one's headline ("file:line:col:
// severity: message") on its own line, in the order they were reported.
#include <string>

#include "core/diagnostic.h"

namespace rocecfg::test {

inline std::string headlines(const Diagnostics& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics.all()) out += d.headline() + "\n";
  return out;
}

}  // namespace rocecfg::test
