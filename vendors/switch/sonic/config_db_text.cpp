// The text of a CONFIG_DB, in every form an operator has, -> one JSON object
// of tables: table -> key -> field -> value.
//
// Forms read:
// - config_db.json and `show runningconfiguration all` (sonic-utilities
//   show/main.py: the running CONFIG_DB as JSON, same shape): tables at the
//   top, "TABLE": {"key": {fields}}.
// - The flat form of the Redis database itself: "TABLE|key": {fields} (the
//   Redis key is the table and the entry's key joined by CONFIG_DB's
//   separator "|", the table ending at the first one: sonic-net/
//   sonic-py-swsssdk src/swsssdk/configdb.py @05892832, TABLE_NAME_SEPARATOR
//   and get_config; an entry without fields is stored as "NULL": "NULL" by
//   __typed_to_raw, a placeholder dropped here). sonic-db-dump (and the
//   CONFIG_DB dump `show techsupport` saves with it) writes each Redis key as
//   {"type": "hash", "value": {fields}, "ttl": .., "expireat": ..}: it is
//   redis-dump-load's dump (sonic-net/sonic-py-swsssdk src/swsssdk/
//   sonic_db_dump_load.py @1f9bf06c calls redisdl.dump, whose per-key shape
//   is p/redis-dump-load tests/fixtures/ttl_and_expireat.json @e4dee390;
//   a hash's value is the object of its fields); both wrappings read.
// Positive marks: a JSON object whose keys are CONFIG_DB table names
// (upper case, digits, `_`) or "TABLE|key" keys of such tables, with object
// values, at least one of them a port or QoS table; anything else is JSON of
// another schema and refused, naming a key that is not (keys in sorted
// order: the JSON library holds objects sorted).
// The capture around it (a prompt and command line before, a prompt after)
// is cut; nesting deeper than kMaxConfigJsonDepth is refused before parsing,
// with its line and column, so no input recurses without bound.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/capture.h"
#include "sonic/sonic.h"

namespace rocecfg::sw::sonic {

using nlohmann::json;

namespace {

std::unexpected<Error> refuse(const std::string& why) {
  return fail(ErrorKind::invalid_input, "not a sonic config",
              fmt::format("expected {}; {}", kConfigDbExpected, why));
}

std::string where_in(std::string_view text, size_t byte) {
  size_t line = 1, col = 1;
  for (size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n')
      ++line, col = 1;
    else
      ++col;
  }
  return fmt::format("line {} column {}", line, col);
}

// The deepest nesting of [ and { outside strings, refused past the bound.
Status check_depth(std::string_view text) {
  size_t depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxConfigJsonDepth)
        return refuse(fmt::format("nested deeper than {} levels at {}", kMaxConfigJsonDepth,
                                  where_in(text, i)));
    } else if ((c == '}' || c == ']') && depth > 0) {
      --depth;
    }
  }
  return {};
}

bool table_name(std::string_view k) {
  if (k.empty()) return false;
  for (char c : k)
    if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

// The JSON of a capture: prompt lines before the first line opening the
// object and after the last line closing it are cut; line numbers kept.
Result<std::string> cut_capture(std::string_view text) {
  auto lines = config_lines(text, "sonic");
  if (!lines) return std::unexpected(lines.error());
  size_t first = 0, last = lines->size();
  while (first < lines->size()) {
    std::string_view l = (*lines)[first];
    size_t a = l.find_first_not_of(" \t");
    if (a != std::string_view::npos && !shell_prompt_command(l.substr(a))) break;
    ++first;
  }
  while (last > first) {
    std::string_view l = (*lines)[last - 1];
    size_t a = l.find_first_not_of(" \t");
    if (a != std::string_view::npos && !shell_prompt_command(l.substr(a))) break;
    --last;
  }
  std::string out;
  for (size_t i = 0; i < lines->size(); ++i)
    out += (i >= first && i < last ? (*lines)[i] : std::string()) + "\n";
  return out;
}

}  // namespace

Result<ConfigDbText> read_config_db_text(std::string_view raw) {
  auto text = cut_capture(raw);
  if (!text) return std::unexpected(text.error());
  if (Status deep = check_depth(*text); !deep) return std::unexpected(deep.error());
  json doc;
  try {
    doc = json::parse(*text);
  } catch (const json::parse_error& e) {
    return refuse(fmt::format("not JSON at {}", where_in(*text, e.byte ? e.byte - 1 : 0)));
  }
  if (!doc.is_object()) return refuse("the JSON is not an object of tables");
  ConfigDbText out;
  out.form = "CONFIG_DB JSON";
  out.db = json::object();
  for (auto& [key, value] : doc.items()) {
    size_t bar = key.find('|');
    std::string table = key.substr(0, bar);
    if (!table_name(table) || !value.is_object())
      return refuse(fmt::format("{:?} is not a CONFIG_DB table", key));
    bool wrapped = value.contains("type") && value.contains("value") &&
                   (value.contains("ttl") || value.contains("expireat"));
    if (bar == std::string::npos && !wrapped) {
      for (auto& [k, v] : value.items()) out.db[table][k] = std::move(v);
      continue;
    }
    // "TABLE|key": the entry's fields, bare or in sonic-db-dump's wrapping.
    // A Redis key of no table (CONFIG_DB_INITIALIZED, a string) and any
    // non-hash value are no CONFIG_DB entry (ConfigDBConnector.get_config
    // skips them too).
    out.form = "CONFIG_DB flat TABLE|key dump";
    json fields = std::move(value);
    if (wrapped) {
      if (bar == std::string::npos || fields["type"] != "hash" || !fields["value"].is_object()) {
        ++out.passed_over;
        continue;
      }
      fields = std::move(fields["value"]);
    }
    fields.erase("NULL");  // the placeholder of an entry without fields
    out.db[table][key.substr(bar + 1)] = std::move(fields);
  }
  return out;
}

}  // namespace rocecfg::sw::sonic
