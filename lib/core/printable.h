// Text from outside (a switch's CLI output, a file name, a value in a file)
// rendered into our own text output: control characters and invalid UTF-8
// are shown escaped, never passed through. A device error containing a
// newline once forged an extra "applied" row in the fleet summary, and ANSI
// escapes reached the operator's terminal.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace rocecfg {

// C0 controls, DEL and C1 controls as \n, \r, \t, \e or \xNN; bytes that are
// not part of well-formed UTF-8 as \xNN; everything else unchanged.
std::string printable(std::string_view text);

// Serialised JSON with invalid UTF-8 replaced by U+FFFD instead of the
// nlohmann type_error that aborted runs (and lost the record of what a fleet
// apply changed). Every JSON document we print goes through here.
std::string json_text(const nlohmann::json& document, int indent = 2);

}  // namespace rocecfg
