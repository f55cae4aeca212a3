// Text as people save it from a Linux network OS (Cumulus, SONiC): a shell
// capture whose lines may start with the prompt and the command that printed
// the output (`cumulus@leaf01:mgmt:~$ sudo cat /etc/cumulus/datapath/
// traffic.conf`, `admin@sonic:~$ show runningconfiguration all`), end with a
// bare prompt, carry CR line ends, or be indented as a block copied from a
// document. The readers clean it with these functions, keeping line numbers,
// and then identify the format by its own content. Every function here is one
// linear pass with no backtracking matcher, and a line is bounded.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "switch/adapter.h"

namespace rocecfg::sw {

// The longest line a config reader takes. A real config line is far
// shorter (an NVUE YAML snippet line, a CONFIG_DB port list of a 64-port
// switch: a few thousand characters); beyond this the text is refused, located.
inline constexpr size_t kMaxConfigLineBytes = 65536;
// The deepest JSON nesting a config reader takes: CONFIG_DB is table ->
// key -> field -> value (4); sonic-db-dump's wrapping adds two.
inline constexpr size_t kMaxConfigJsonDepth = 64;

// The command typed after a Linux shell prompt `user@host:path$ ` or
// `user@host:path# ` (user and host of letters, digits, `_ . -`; the path
// without blanks); "" for a bare prompt; std::nullopt when the line does not
// start with a prompt.
std::optional<std::string_view> shell_prompt_command(std::string_view line);

// The text's lines (CR and trailing blanks removed), or a located error for a
// line longer than kMaxConfigLineBytes. `what` names the reader ("cumulus").
Result<std::vector<std::string>> config_lines(std::string_view text, std::string_view what);

// Removes the indentation every non-blank line shares (a block copied from a
// document); tabs count as one column each, as the text has them.
void remove_common_indent(std::vector<std::string>& lines);

// What a reader passed over (not QoS, or not a statement of the format):
// "passed over N <what>". The SONiC and Cumulus readers note it as they go
// (pass_over, which also adds N to `state.passed_over`); fold_passed_over
// then moves those notes into `recognised_as` ("CONFIG_DB JSON; passed over
// 14 CONFIG_DB tables that are not port or QoS"), so `show switch` and
// `import` say it while an audit's warnings stay about QoS. The CLI readers
// count `state.passed_over` statement by statement and say it once at the
// end (say_passed_over).
inline constexpr std::string_view kPassedOverPrefix = "passed over ";
void pass_over(SwitchState& state, size_t count, std::string_view what);
void fold_passed_over(SwitchState& state);
void say_passed_over(SwitchState& state, std::string_view what);

}  // namespace rocecfg::sw
