// Configuration text as people save it, turned into the configuration it
// holds (issue 31): a terminal capture whose first line is the prompt and
// the command that printed it (`leaf1#show running-config`,
// `<HUAWEI>display current-configuration`) and whose last is the prompt
// again; a block copied from a document, every line indented alike; and a
// vendor guide's snippet typed as a session (`configure terminal` ...
// `end`, `system-view` ... `quit` / `commit` / `return`, with or without
// prompts such as `switch(config-if)#` or `[*HUAWEI-100GE1/0/1]`). A session
// is re-indented by the modes it enters and leaves, so the tree reader sees
// the stanzas the commands build.
//
// Line numbers never move: a removed line (prompt, command, session verb)
// becomes blank, so a refusal or a "not understood" names the input's line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "config_tree.h"

namespace rocecfg::sw::cli {

struct Capture {
  std::string text;      // as many lines as the input
  bool session = false;  // typed commands: states only what it says
  // The prompts seen, as lines for the recogniser ("leaf1(config-if-Et1)#").
  std::vector<ConfigLine> prompts;
};

// `text` has been through sanitize() (no CR, no terminal escapes).
Capture clean_capture(std::string_view text, const TreeOptions& options);

// "leaf1(config-if)#", "<HUAWEI>", "[~HUAWEI-100GE1/0/1]", "admin@leaf:~$"
// at the start of `line`: its length including one following space, or 0.
size_t prompt_length(std::string_view line);

}  // namespace rocecfg::sw::cli
