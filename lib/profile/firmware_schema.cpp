#include "profile/firmware_schema.h"

#include <regex>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "profile/inventory_read.h"

namespace rocecfg::profile {

namespace {

bool all_of_chars(std::string_view s, bool (*ok)(char)) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s)
    if (!ok(c)) return false;
  return true;
}
bool upper_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
bool lower_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}
bool name_char(char c) {
  return upper_char(c) || (c >= 'a' && c <= 'z');
}

// Parameter names and values go onto mstconfig's command line (`set K=V`)
// and into devlink netlink messages: nothing outside these grammars passes.
std::optional<model::FirmwareValue> read_value(TomlReader& r, const toml::node& node,
                                               const std::string& key) {
  model::FirmwareValue v;
  if (const auto* i = node.as_integer()) {
    if (i->get() < 0 || i->get() > UINT32_MAX) {
      r.error(node, key, fmt::format("{} is out of range", i->get()), "0..4294967295");
      return std::nullopt;
    }
    v.kind = model::FirmwareValue::Kind::number;
    v.number = static_cast<uint64_t>(i->get());
  } else if (const auto* b = node.as_boolean()) {
    v.kind = model::FirmwareValue::Kind::boolean;
    v.boolean = b->get();
  } else if (const auto* s = node.as_string(); s && all_of_chars(s->get(), name_char)) {
    v.kind = model::FirmwareValue::Kind::name;
    v.name = s->get();
  } else {
    r.error(node, key, "must be a number, a boolean or a value name",
            "e.g. 255, false, \"ETH\" (letters, digits, _)");
    return std::nullopt;
  }
  return v;
}

void read_params(TomlReader& r, const toml::table& t, const std::string& prefix,
                 bool (*name_ok)(char), std::string_view grammar,
                 std::map<std::string, model::FirmwareValue>& into) {
  for (const auto& [key, node] : t) {
    std::string k = join_key(prefix, key.str());
    if (!all_of_chars(key.str(), name_ok)) {
      r.diags().error(r.pos(key), k, "not a parameter name", std::string(grammar));
      continue;
    }
    if (auto v = read_value(r, node, k)) into[std::string(key.str())] = *v;
  }
}

// Versions and PSIDs as devlink reports them; the one array-of-strings reader
// of lib/profile (inventory_read.h) checks them.
const std::regex& version_grammar() {
  static const std::regex r("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
  return r;
}
const std::regex& psid_grammar() {
  static const std::regex r("[A-Z0-9_]{1,64}");
  return r;
}

std::vector<std::string_view> family_names() {
  std::vector<std::string_view> names;
  for (const model::FirmwareFamily& f : model::firmware_families()) names.push_back(f.name);
  return names;
}

// The firmware's own CNP marking should say what [cnp] says: a CNP_DSCP_Pn or
// CNP_802P_PRIO_Pn that differs sends the NIC's CNPs where the fabric does
// not expect them.
void check_against_cnp(TomlReader& r, const toml::table& params, const std::string& prefix,
                       const model::FirmwareFamilyIntent& fam, const Intent& intent) {
  if (!intent.common.cnp) return;
  for (const auto& [name, v] : fam.params) {
    if (v.kind != model::FirmwareValue::Kind::number) continue;
    bool dscp = name.starts_with("CNP_DSCP_P");
    bool prio = name.starts_with("CNP_802P_PRIO_P");
    unsigned want = dscp ? intent.common.cnp->dscp.value() : intent.common.cnp->priority.value();
    if ((dscp || prio) && v.number != want)
      r.warning(*params.get(name), join_key(prefix, name),
                fmt::format("{} but cnp.{} is {}: the NIC's CNPs would not go where the fabric "
                            "expects them",
                            v.number, dscp ? "dscp" : "priority", want));
  }
}

}  // namespace

void read_firmware(TomlReader& r, const toml::table& root, Intent& intent) {
  const toml::table* t = r.table(root, "firmware", "");
  if (!t) return;
  std::vector<std::string_view> known = family_names();
  for (const auto& [key, node] : *t) {
    std::string prefix = join_key("firmware", key.str());
    const model::FirmwareFamily* family = model::firmware_family(key.str());
    if (!family) {
      std::string hint = closest(key.str(), known);
      r.diags().error(
          r.pos(key), prefix,
          hint.empty() ? "unknown NIC family" : "unknown NIC family (did you mean '" + hint + "'?)",
          fmt::format("{}", fmt::join(known, ", ")));
      continue;
    }
    const toml::table* ft = node.as_table();
    if (!ft) {
      r.error(node, prefix, "must be a table");
      continue;
    }
    r.check_keys(*ft, prefix, {"params", "devlink_params", "versions", "psids"});
    model::FirmwareFamilyIntent fam;
    if (const toml::table* p = r.table(*ft, "params", prefix)) {
      std::string pp = join_key(prefix, "params");
      if (!family->nv_config_tool)
        r.error(*ft->get("params"), pp,
                fmt::format("{} has no mstconfig/mlxconfig parameters", family->name),
                "devlink_params");
      else
        read_params(r, *p, pp, upper_char, "mstconfig names: A-Z, 0-9, _ (e.g. CNP_DSCP_P1)",
                    fam.params);
      check_against_cnp(r, *p, pp, fam, intent);
    }
    if (const toml::table* p = r.table(*ft, "devlink_params", prefix))
      read_params(r, *p, join_key(prefix, "devlink_params"), lower_char,
                  "devlink names: a-z, 0-9, _ (e.g. enable_roce)", fam.devlink_params);
    fam.versions =
        inventory_read::strings(r, *ft, "versions", prefix, version_grammar(),
                                "firmware versions as devlink reports them, e.g. \"28.39.2048\"");
    fam.psids = inventory_read::strings(
        r, *ft, "psids", prefix, psid_grammar(),
        "PSIDs as devlink reports them (fw.psid / board.id), e.g. \"MT_0000000838\"");
    intent.firmware.families[std::string(key.str())] = std::move(fam);
  }
}

}  // namespace rocecfg::profile
