// Exact restore after a committed apply fails verification: the CONFIG_DB
// entries rocecfg's tables hold now, rewritten to what they held before, as
// sonic-db-cli writes. `config rollback` cannot serve here: its checkpoint was
// deleted once the push committed, and replaying the observed pre-change
// values through render() restores behaviour but not bytes (a factory
// pg_lossless_* binding would come back as a rocecfg_lossless_* one).
//
// Only the tables rocecfg writes are compared, so a change someone else made
// meanwhile (BGP, VLANs) is never reverted. Order: referenced entries
// (profiles, schedulers, maps) are written first, so no binding points at
// nothing; BUFFER_PG entries that go are deleted before any is written,
// because bufferorch unbinds every PG of a deleted range key and would undo
// a per-PG binding written before it; referenced entries that go are deleted
// last.
#include <algorithm>
#include <array>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sonic/sonic.h"

namespace rocecfg::sw::sonic {

using nlohmann::json;

namespace {

// Referenced by the bindings below them; written first, deleted last.
constexpr std::array<const char*, 5> kReferenced = {"BUFFER_PROFILE", "SCHEDULER", "WRED_PROFILE",
                                                    "DSCP_TO_TC_MAP", "CABLE_LENGTH"};
constexpr std::array<const char*, 5> kBindings = {"PORT", "PORT_QOS_MAP", "QUEUE", "BUFFER_PG",
                                                  "PFC_WD"};

// A field, value or key as one single-quoted shell word; none when it holds
// a quote or a control character (then no exact restore is offered).
std::optional<std::string> quoted(const json& v) {
  if (!v.is_string()) return std::nullopt;
  const std::string& s = v.get_ref<const std::string&>();
  for (char c : s)
    if (c == '\'' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return std::nullopt;
  return "'" + s + "'";
}

struct Writes {
  std::vector<std::string> del_first, set, hdel, del_last;
};

// The commands that turn table `name` of `now` into that of `before`.
bool restore_table(const json& before, const json& now, const char* name, bool referenced,
                   Writes& w) {
  const json& was = db_table(before, name);
  const json& is = db_table(now, name);
  for (const auto& [key, fields] : is.items()) {
    if (was.contains(key)) continue;
    auto k = quoted(json(std::string(name) + "|" + key));
    if (!k) return false;
    (referenced ? w.del_last : w.del_first)
        .push_back(fmt::format("sonic-db-cli CONFIG_DB DEL {}", *k));
  }
  for (const auto& [key, fields] : was.items()) {
    auto k = quoted(json(std::string(name) + "|" + key));
    if (!k || !fields.is_object()) return false;
    const json& cur = is.contains(key) ? is[key] : json::object();
    std::string set, hdel;
    for (const auto& [f, v] : fields.items()) {
      if (cur.contains(f) && cur[f] == v) continue;
      auto qf = quoted(json(f));
      auto qv = quoted(v);
      if (!qf || !qv) return false;
      set += " " + *qf + " " + *qv;
    }
    for (const auto& [f, v] : cur.items()) {
      if (fields.contains(f)) continue;
      auto qf = quoted(json(f));
      if (!qf) return false;
      hdel += " " + *qf;
    }
    if (!set.empty()) w.set.push_back(fmt::format("sonic-db-cli CONFIG_DB HSET {}{}", *k, set));
    if (!hdel.empty()) w.hdel.push_back(fmt::format("sonic-db-cli CONFIG_DB HDEL {}{}", *k, hdel));
  }
  return true;
}

// "+Ethernet0 +Ethernet4 ~Ethernet8" for the keys of one table that differ,
// at most kShownKeys of them.
std::string key_changes(const json& was, const json& is) {
  constexpr size_t kShownKeys = 4;
  std::vector<std::string> keys;
  for (const auto& [key, fields] : is.items()) {
    if (!was.contains(key))
      keys.push_back("+" + key);
    else if (was[key] != fields)
      keys.push_back("~" + key);
  }
  for (const auto& [key, fields] : was.items())
    if (!is.contains(key)) keys.push_back("-" + key);
  std::string out;
  for (size_t i = 0; i < keys.size() && i < kShownKeys; ++i) out += (i ? " " : "") + keys[i];
  if (keys.size() > kShownKeys) out += fmt::format(" and {} more", keys.size() - kShownKeys);
  return out;
}

// Both texts as CONFIG_DB documents (JSON objects).
bool parse_both(std::string_view before_text, std::string_view now_text, json& before, json& now) {
  try {
    before = json::parse(before_text);
    now = json::parse(now_text);
  } catch (const json::parse_error&) {
    return false;
  }
  return before.is_object() && now.is_object();
}

}  // namespace

std::optional<std::vector<std::string>> table_differences(std::string_view before_text,
                                                          std::string_view now_text) {
  json before, now;
  if (!parse_both(before_text, now_text, before, now)) return std::nullopt;
  std::vector<std::string> out;
  auto compare = [&](const char* t) {
    const json& was = db_table(before, t);
    const json& is = db_table(now, t);
    if (was != is) out.push_back(fmt::format("{} {}", t, key_changes(was, is)));
  };
  std::ranges::for_each(kReferenced, compare);
  std::ranges::for_each(kBindings, compare);
  return out;
}

std::optional<std::vector<std::string>> restore_config_db(std::string_view before_text,
                                                          std::string_view now_text) {
  json before, now;
  if (!parse_both(before_text, now_text, before, now)) return std::nullopt;
  Writes referenced, bindings;
  for (const char* t : kReferenced)
    if (!restore_table(before, now, t, true, referenced)) return std::nullopt;
  for (const char* t : kBindings)
    if (!restore_table(before, now, t, false, bindings)) return std::nullopt;
  std::vector<std::string> out;
  for (auto* part : {&referenced.set, &bindings.del_first, &bindings.set, &bindings.hdel,
                     &referenced.hdel, &referenced.del_last})
    out.insert(out.end(), part->begin(), part->end());
  return out;
}

}  // namespace rocecfg::sw::sonic
