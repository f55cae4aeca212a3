// The one gate between data and a switch command line. Everything rocecfg
// interpolates into a vendor command (interface names and ranges, profile and
// policy names, numbers) passes one of these checks first, so no value from a
// profile, an inventory or a parsed config can smuggle in `;`, `&&`, quotes,
// `$()`, newlines or a second CLI command. The grammars are deliberately
// narrower than any vendor's: a name rocecfg refuses is one no operator needs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"

namespace rocecfg::model {

// An interface name or range as vendors spell them: a letter, then letters,
// digits and `/ . : -`, at most 64 characters ("swp1", "swp1-32",
// "Ethernet1/1-4", "100GE1/0/1", "HundredGigE1/0/1"). Comma lists are split by
// the caller (see interfaces.h), so `,` is refused here.
Status check_interface(std::string_view name);

// A profile / policy / map / checkpoint name: [A-Za-z0-9][A-Za-z0-9_.-]{0,63}.
Status check_name(std::string_view name);

// A decimal number within [min, max]; returns it.
Result<uint64_t> check_number(std::string_view text, uint64_t min, uint64_t max);

// A last line of defence on every whole command before it is sent: no control
// character or newline anywhere (a second CLI line), and outside balanced
// single quotes none of `; & | < > $ ` \ "` (a second shell command). Inside
// single quotes the shell takes text literally, which is how SONiC keys such
// as 'PORT_QOS_MAP|Ethernet0' are passed.
Status check_command(std::string_view command);

}  // namespace rocecfg::model
