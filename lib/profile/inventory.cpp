#include "profile/inventory.h"

#include <algorithm>
#include <regex>

#include <fmt/format.h>

#include "core/secrets.h"
#include "model/interface_list.h"
#include "model/names.h"
#include "model/vendors.h"
#include "profile/inventory_read.h"
#include "profile/load.h"
#include "profile/overlay.h"
#include "profile/toml_reader.h"

namespace rocecfg::profile {

const SwitchEntry* Inventory::find_switch(const std::string& name) const {
  for (const SwitchEntry& s : switches)
    if (s.name == name) return &s;
  return nullptr;
}

const NicEntry* HostEntry::nic_on_rail(uint32_t rail) const {
  for (const NicEntry& n : nics)
    if (n.rail == rail) return &n;
  return nullptr;
}

const HostEntry* Inventory::find_host(const std::string& name) const {
  for (const HostEntry& h : hosts)
    if (h.name == name) return &h;
  return nullptr;
}

std::vector<SwitchEntry> Inventory::switches_on_path(const std::string& host) const {
  const HostEntry* h = find_host(host);
  if (!h || h->switch_ports.empty()) return switches;
  std::vector<SwitchEntry> out;
  for (const SwitchEntry& e : switches) {
    SwitchEntry narrowed = e;
    narrowed.interfaces.clear();
    for (const SwitchPort& p : h->switch_ports)
      if (p.switch_name == e.name) narrowed.interfaces.push_back(p.port);
    if (!narrowed.interfaces.empty()) out.push_back(std::move(narrowed));
  }
  return out;
}

namespace inventory_read {

std::expected<SwitchPort, std::string> switch_port(const std::string& text, const Inventory& inv) {
  size_t colon = text.find(':');
  if (colon == std::string::npos) return std::unexpected("must be \"SWITCH:PORT\"");
  SwitchPort sp{text.substr(0, colon), text.substr(colon + 1)};
  const SwitchEntry* sw = inv.find_switch(sp.switch_name);
  if (!sw)
    return std::unexpected(
        fmt::format("\"{}\" is not a [[switch]] of this inventory", sp.switch_name));
  Result<std::vector<std::string>> one = model::expand_interface_list(sp.port);
  if (!one || one->size() != 1 || (*one)[0] != sp.port)
    return std::unexpected(fmt::format("\"{}\" is not one interface name", sp.port));
  bool listed = sw->interfaces.empty();
  for (const std::string& range : sw->interfaces)
    if (auto names = model::expand_interface_list(range))
      listed |= std::find(names->begin(), names->end(), sp.port) != names->end();
  if (!listed)
    return std::unexpected(fmt::format("switch \"{}\" does not list {}", sp.switch_name, sp.port));
  return sp;
}

std::vector<SwitchPort> switch_ports(TomlReader& r, const toml::table& t, const std::string& prefix,
                                     const Inventory& inv) {
  std::vector<SwitchPort> out;
  const toml::node* n = t.get("switch_ports");
  if (!n) return out;
  std::string k = prefix + ".switch_ports";
  if (!n->is_array()) {
    r.error(*n, k, "must be an array of strings", "[\"leaf1:swp1\"]");
    return out;
  }
  size_t i = 0;
  for (const toml::node& e : *n->as_array()) {
    std::string ek = fmt::format("{}[{}]", k, i++);
    if (!e.is_string()) {
      r.error(e, ek, "must be \"SWITCH:PORT\"", "\"leaf1:swp1\"");
      continue;
    }
    auto sp = switch_port(e.as_string()->get(), inv);
    if (!sp)
      r.error(e, ek, sp.error(), sp.error().starts_with("must") ? "\"leaf1:swp1\"" : "");
    else
      out.push_back(std::move(*sp));
  }
  return out;
}

// Names end up in log lines, file names and (for interfaces) switch commands:
// a strict grammar here keeps shell and CLI metacharacters out at the door.
// Compiled on first use: as globals they were built at the start of every
// rocecfg process, inventory or not (std::regex construction shows in the
// gate's start-up under emulation).
const std::regex& name_grammar() {
  static const std::regex r("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
  return r;
}
const std::regex& address_grammar() {
  static const std::regex r("[A-Za-z0-9][A-Za-z0-9.:-]{0,252}");
  return r;
}
const std::regex& interface_grammar() {
  static const std::regex r("[A-Za-z][A-Za-z0-9/._:-]{0,63}");
  return r;
}
const std::regex& env_name_grammar() {
  static const std::regex r("[A-Za-z_][A-Za-z0-9_]{0,127}");
  return r;
}

std::vector<std::string> strings(TomlReader& r, const toml::table& t, std::string_view key,
                                 const std::string& prefix, const std::regex& grammar,
                                 std::string_view grammar_text) {
  std::vector<std::string> out;
  const toml::node* n = t.get(key);
  if (!n) return out;
  std::string k = join_key(prefix, key);
  if (!n->is_array()) {
    r.error(*n, k, "must be an array of strings");
    return out;
  }
  size_t i = 0;
  for (const toml::node& e : *n->as_array()) {
    std::string ek = fmt::format("{}[{}]", k, i++);
    if (!e.is_string() || !std::regex_match(e.as_string()->get(), grammar)) {
      r.error(e, ek, "is not a valid name", std::string(grammar_text));
      continue;
    }
    out.push_back(e.as_string()->get());
  }
  return out;
}

// The SSH login name, checked with the transport's own grammar
// (model::check_name, what ssh.cpp enforces before connecting) so that a
// newline or `;` in it is a located error here, not a failure at apply time.
std::optional<std::string> user_name(TomlReader& r, const toml::table& t,
                                     const std::string& prefix) {
  std::optional<std::string> v = r.string(t, "user", prefix);
  if (!v) return std::nullopt;
  if (Status ok = model::check_name(*v); !ok) {
    r.error(*t.get("user"), join_key(prefix, "user"), ok.error().message,
            "letters, digits, '_', '.', '-'");
    return std::nullopt;
  }
  return v;
}

// Switch interface lists, expanded here with the grammar and range rules the
// switch layer uses (model/interface_list.h), so "swp32-swp1" or
// "swp1-swp99999999" is refused at its position; the entries are kept as the
// inventory spells them.
std::vector<std::string> switch_interfaces(TomlReader& r, const toml::table& t,
                                           const std::string& prefix) {
  std::vector<std::string> out;
  const toml::node* n = t.get("interfaces");
  if (!n) return out;
  std::string k = join_key(prefix, "interfaces");
  if (!n->is_array()) {
    r.error(*n, k, "must be an array of strings");
    return out;
  }
  size_t i = 0;
  for (const toml::node& e : *n->as_array()) {
    std::string ek = fmt::format("{}[{}]", k, i++);
    if (!e.is_string()) {
      r.error(e, ek, "must be a string", "an interface name or range, e.g. swp1-32, Ethernet1/1-4");
      continue;
    }
    Result<std::vector<std::string>> names = model::expand_interface_list(e.as_string()->get());
    if (!names) {
      r.error(e, ek, names.error().message,
              "an interface name or range, e.g. swp1-32, Ethernet1/1-4, 100GE1/0/1-8");
      continue;
    }
    out.push_back(e.as_string()->get());
  }
  return out;
}

std::string checked(TomlReader& r, const toml::table& t, std::string_view key,
                    const std::string& prefix, const std::regex& grammar,
                    std::string_view grammar_text, bool required) {
  std::optional<std::string> v = r.string(t, key, prefix);
  if (!v) {
    if (required && !t.get(key)) r.error(t, join_key(prefix, key), "missing");
    return {};
  }
  if (!std::regex_match(*v, grammar)) {
    r.error(*t.get(key), join_key(prefix, key), fmt::format("\"{}\" is not valid", *v),
            std::string(grammar_text));
    return {};
  }
  return *v;
}

// One name, two entries ([[switch]] or [[host]]): located at the second.
void listed_twice(TomlReader& r, const toml::table& t, const std::string& prefix,
                  const std::string& name) {
  r.error(*t.get("name"), prefix + ".name", fmt::format("\"{}\" is listed twice", name));
}
}  // namespace inventory_read

namespace {

using namespace inventory_read;

void read_inventory(const toml::table& root, Inventory& inv, TomlReader& r) {
  r.check_keys(root, "", {"defaults", "switch", "host"});
  SwitchEntry defaults;
  if (const toml::table* d = r.table(root, "defaults", "")) {
    r.check_keys(*d, "defaults",
                 {"user", "identity_file", "known_hosts", "connect_timeout_ms",
                  "command_timeout_ms", "port"});
    if (auto v = user_name(r, *d, "defaults")) defaults.user = *v;
    if (auto v = r.string(*d, "identity_file", "defaults")) defaults.identity_file = *v;
    if (auto v = r.string(*d, "known_hosts", "defaults")) defaults.known_hosts = *v;
    if (auto v = r.integer(*d, "connect_timeout_ms", "defaults", 100, 600000))
      defaults.connect_timeout_ms = *v;
    if (auto v = r.integer(*d, "command_timeout_ms", "defaults", 100, 3600000))
      defaults.command_timeout_ms = *v;
    if (auto v = r.integer(*d, "port", "defaults", 1, 65535)) defaults.port = *v;
  }
  if (const toml::node* sw = root.get("switch")) {
    if (!sw->is_array_of_tables()) {
      r.error(*sw, "switch", "must be an array of tables ([[switch]])");
    } else {
      size_t i = 0;
      for (const toml::node& n : *sw->as_array()) {
        const toml::table& t = *n.as_table();
        std::string p = fmt::format("switch[{}]", i++);
        r.check_keys(t, p,
                     {"name", "address", "port", "vendor", "interfaces", "user", "identity_file",
                      "password_env", "known_hosts", "connect_timeout_ms", "command_timeout_ms",
                      "password", "model", "release", "queues"});
        if (const toml::node* pw = t.get("password"))
          r.error(*pw, p + ".password",
                  "passwords never go in files; name an environment variable instead",
                  "password_env = \"VAR_NAME\"");
        SwitchEntry e = defaults;
        e.name = checked(r, t, "name", p, name_grammar(), "letters, digits, '.', '_', '-'", true);
        e.address =
            checked(r, t, "address", p, address_grammar(), "a host name or IP address", true);
        if (auto v = r.integer(t, "port", p, 1, 65535)) e.port = *v;
        const toml::node* vendor = t.get("vendor");
        if (vendor && vendor->is_string() &&
            !model::vendor_guess(vendor->as_string()->get()).empty() &&
            model::vendor_guess(vendor->as_string()->get()) != vendor->as_string()->get())
          // "arista", "EOS": the one unknown-vendor text, with what it means
          r.error(*vendor, p + ".vendor", model::unknown_vendor_text(vendor->as_string()->get()));
        else if (auto v = r.choice(t, "vendor", p, model::kSwitchVendors))
          e.vendor = *v;
        else if (!vendor)
          r.error(t, p + ".vendor", "missing");
        if (auto v = user_name(r, t, p)) e.user = *v;
        e.interfaces = switch_interfaces(r, t, p);
        if (auto v = r.string(t, "identity_file", p)) e.identity_file = *v;
        if (auto v = r.string(t, "known_hosts", p)) e.known_hosts = *v;
        e.model = checked(r, t, "model", p, name_grammar(), "a model name, e.g. CE8855", false);
        e.release =
            checked(r, t, "release", p, name_grammar(), "a release, e.g. V300R023C00", false);
        // Only EOS has two queue keywords (vendors/switch/eos/eos.h).
        if (auto v = r.choice(t, "queues", p, {"tx-queue", "uc-tx-queue"})) {
          e.queues = *v;
          if (e.vendor != "eos")
            r.error(*t.get("queues"), p + ".queues",
                    fmt::format("only eos has two queue keywords; {} has one",
                                e.vendor.empty() ? "this vendor" : e.vendor));
        }
        std::string env = checked(r, t, "password_env", p, env_name_grammar(),
                                  "an environment variable name", false);
        if (!env.empty()) {
          e.password_env = env;
          note_secret_environment_variable(env);  // its value is never echoed
        }
        if (auto v = r.integer(t, "connect_timeout_ms", p, 100, 600000)) e.connect_timeout_ms = *v;
        if (auto v = r.integer(t, "command_timeout_ms", p, 100, 3600000)) e.command_timeout_ms = *v;
        if (!e.name.empty() && inv.find_switch(e.name)) listed_twice(r, t, p, e.name);
        inv.switches.push_back(std::move(e));
      }
    }
  }
  if (const toml::node* hosts = root.get("host")) read_hosts(*hosts, defaults, inv, r);
}

}  // namespace

Loaded<Inventory> load_inventory_text(const std::string& text, const std::string& path) {
  Loaded<Inventory> out;
  IncludeChain chain;
  chain.visiting.insert(include_key(path));
  toml::table root = parse_with_includes(text, path, out.diagnostics, chain);
  if (out.diagnostics.has_errors()) return out;
  Inventory inv;
  inv.path = path;
  TomlReader reader(out.diagnostics, path);
  read_inventory(root, inv, reader);
  if (!out.diagnostics.has_errors()) out.value = std::move(inv);
  return out;
}

}  // namespace rocecfg::profile
