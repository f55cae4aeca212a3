// --interface values as users type them: repeated (`-i a -i b`), as comma
// lists (`-i a,b`), with duplicates. Every name is checked here, before any
// socket or file is touched, so a value that names nothing (`a;b`, `eth0:0`,
// `../../etc`, 16 characters) is a usage error (exit 2), never "no drift".
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace rocecfg::host {

struct InterfaceArgs {
  std::vector<std::string> names;  // in first-seen order, each once
  std::vector<Error> errors;       // one per bad value, all of them
};

InterfaceArgs parse_interface_args(const std::vector<std::string>& values);

}  // namespace rocecfg::host
