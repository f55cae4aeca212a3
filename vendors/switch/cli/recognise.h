// Is this text a configuration of this vendor at all? A parser that reads
// any text as "a switch with nothing configured" turns /etc/passwd, a Junos
// config or another vendor's backup into a green audit. So each CLI parser
// first checks that every top-level statement is one its vendor's running
// config has, and refuses the text at the first one that is not:
//   not a eos running-config: line 1: root:x:0:0:root:/root:/bin/bash
#pragma once

#include <regex>
#include <string_view>
#include <vector>

#include "config_tree.h"
#include "core/result.h"

namespace rocecfg::sw::cli {

struct Dialect {
  std::string_view vendor;  // "eos", as --vendor spells it
  std::string_view source;  // what is read: "`show running-config`"
  // First words of the statements a running config holds at top level
  // ("interface", "hostname", "qos", ...). Two-word entries match two words.
  std::vector<std::string_view> statements;
  // Every interface name the vendor has (front panel, management, loopback,
  // VLAN, LAG), matched at the start of the `interface` argument.
  std::regex interfaces;
  // Top-level statements sit at indent 0; Comware also indents the first
  // statement of a `#`-separated global block by one space.
  bool block_indent_one = false;
};

// Refuses the text unless it has at least one top-level statement and every
// checked top-level line is one of `dialect.statements`.
Status recognise(const std::vector<ConfigLine>& tree, const Dialect& dialect);

}  // namespace rocecfg::sw::cli
