// The inventory reader's shared pieces (inventory.cpp reads [defaults] and
// [[switch]], inventory_hosts.cpp reads [[host]]): the name grammars, checked
// strings, and the "SWITCH:PORT" check. Internal to lib/profile.
#pragma once

#include <expected>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "profile/inventory.h"
#include "profile/toml_reader.h"

namespace rocecfg::profile::inventory_read {

// Names end up in log lines, file names and (for interfaces) switch commands:
// a strict grammar keeps shell and CLI metacharacters out at the door.
const std::regex& name_grammar();
const std::regex& address_grammar();
const std::regex& interface_grammar();
const std::regex& env_name_grammar();

// A string key matching `grammar`, or empty (and a located error).
std::string checked(TomlReader& r, const toml::table& t, std::string_view key,
                    const std::string& prefix, const std::regex& grammar,
                    std::string_view grammar_text, bool required);
// An array of strings each matching `grammar`.
std::vector<std::string> strings(TomlReader& r, const toml::table& t, std::string_view key,
                                 const std::string& prefix, const std::regex& grammar,
                                 std::string_view grammar_text);
// The SSH login name, with the transport's own grammar.
std::optional<std::string> user_name(TomlReader& r, const toml::table& t,
                                     const std::string& prefix);

// "leaf1:swp1": a [[switch]] of this inventory and one of the interfaces it
// lists (any one interface name when it lists none); the message says why not.
std::expected<SwitchPort, std::string> switch_port(const std::string& text, const Inventory& inv);
// switch_ports = ["leaf1:swp1", ...] of the single-NIC form.
std::vector<SwitchPort> switch_ports(TomlReader& r, const toml::table& t, const std::string& prefix,
                                     const Inventory& inv);

// The [[host]] entries, after [[switch]] (a NIC's switch port names one).
void read_hosts(const toml::node& hosts, const SwitchEntry& defaults, Inventory& inv,
                TomlReader& r);

}  // namespace rocecfg::profile::inventory_read
