// Community SONiC, internal interfaces of the adapter (see adapter.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostic.h"
#include "core/result.h"
#include "plan/plan.h"
#include "switch/adapter.h"

namespace rocecfg::sw::sonic {

// The DSCP map, WRED profile and cable-length table rocecfg writes (the
// community template's names).
inline constexpr std::string_view kDscpMap = "AZURE";
inline constexpr std::string_view kWredProfile = "AZURE_LOSSLESS";
inline constexpr std::string_view kCableLength = "AZURE";
// How rocecfg reads a file on the switch (the checkpoint, the buffer
// manager's lookup file): one form, `sudo cat <file>` (conformance/sonic.json).
inline std::string read_file_command(const std::string& path) {
  return "sudo cat " + path;
}
// A CABLE_LENGTH value as SONiC writes it and buffermgrd looks it up: "40m".
inline std::string cable_length_text(uint32_t meters) {
  return std::to_string(meters) + "m";
}
// Schedulers and the lossless buffer profile rocecfg creates: the names carry
// the value, so one entry serves every port that wants it and nothing in use
// by another port is ever rewritten.
inline constexpr std::string_view kStrictScheduler = "rocecfg_strict";
inline constexpr std::string_view kDwrrSchedulerPrefix = "rocecfg_dwrr_";
inline constexpr std::string_view kLosslessProfilePrefix = "rocecfg_lossless_";
// XON of the lossless profile rocecfg writes: two jumbo frames, as in the
// community static pg_lossless_* profiles; XOFF is the profile's headroom.
inline constexpr uint64_t kLosslessXonBytes = 18432;

// CONFIG_DB as JSON (`show runningconfiguration all`, /etc/sonic/config_db.json),
// in either reference format: legacy "[DSCP_TO_TC_MAP|AZURE]" or bare "AZURE".
Result<sw::SwitchState> parse_config_db(std::string_view json_text);

// The text of a CONFIG_DB in any form it is saved in -> its tables
// (config_db_text.cpp): config_db.json / `show runningconfiguration all`,
// the flat "TABLE|key" form of sonic-db-dump, redis-dump, show techsupport.
inline constexpr std::string_view kConfigDbExpected =
    "a CONFIG_DB JSON dump (/etc/sonic/config_db.json, `show runningconfiguration all`, or the "
    "flat \"TABLE|key\" form of sonic-db-dump / redis-dump / show techsupport)";
struct ConfigDbText {
  nlohmann::json db;
  std::string form;        // "CONFIG_DB JSON", "CONFIG_DB flat TABLE|key dump"
  size_t passed_over = 0;  // Redis keys that are no CONFIG_DB entry
};
Result<ConfigDbText> read_config_db_text(std::string_view text);

// CONFIG_DB helpers shared by the parsers (parse.cpp).
// "[DSCP_TO_TC_MAP|AZURE]" (DB < 3.0.3) and "AZURE" name the same entry.
std::string ref_name(const nlohmann::json& v);
Result<uint64_t> db_number(const nlohmann::json& v, const std::string& where, uint64_t max);
// "3", "3-4", "0,3-4" -> indexes 0..7.
Result<std::vector<unsigned>> index_range(const std::string& s, const std::string& where);
const nlohmann::json& db_table(const nlohmann::json& db, const char* name);
// "Ethernet0|3-4", "Ethernet0,Ethernet4|3-4" and "host|asic0|Ethernet0|3" ->
// the ports and the index list text.
bool split_port_index_key(const std::string& key, std::vector<std::string>& ports,
                          std::string& indexes);
// The PORT_QOS_MAP entry that holds `port` (keys may list ports:
// "Ethernet0,Ethernet4"); an empty object when none does.
const nlohmann::json& port_qos_entry(const nlohmann::json& db, const std::string& port);

// A port's CABLE_LENGTH entry, as buffermgrd reads it: the table naming the
// port (rocecfg writes AZURE, the community name) and its value text ("40m";
// "" when not a string). std::nullopt: no table names the port.
struct CableLengthEntry {
  std::string table;
  std::string text;
};
std::optional<CableLengthEntry> port_cable_length(const nlohmann::json& db,
                                                  const std::string& port);

// ETS (SCHEDULER + QUEUE|<port>|<q>.scheduler) and buffers (CABLE_LENGTH,
// BUFFER_PG -> BUFFER_PROFILE) into the ports already in `st`; PORT_QOS_MAP
// must have been read (a port's lossless PGs are its pfc_enable priorities).
Status parse_scheduling_and_buffers(const nlohmann::json& db, sw::SwitchState& st);

// The commands for an ETS or buffers step on one port; scheduler and buffer
// profile entries the bindings need are added to `shared` (written first).
Status render_ets(const plan::Step& step, std::vector<std::string>& out,
                  std::set<std::string>& shared);
// Buffers: the step's lossless_pgs are the PGs to hold the static lossless
// profile (representable() sets them to the PFC priorities); PGs that stop
// being lossless go to `release`, sent after every PFC command.
Status render_buffers(const plan::Step& step, std::vector<std::string>& out,
                      std::vector<std::string>& release, std::set<std::string>& shared);

// The intent with buffers.lossless_pgs = one PG per PFC priority when the
// profile fixes headroom (SONiC reserves headroom per PG).
model::Settings lossless_pgs_from_pfc(const model::Settings& intent);

// After a committed apply fails verification: sonic-db-cli writes that turn
// rocecfg's CONFIG_DB tables in `now` back into exactly those of `before`
// (restore.cpp); none when the texts cannot be restored exactly.
std::optional<std::vector<std::string>> restore_config_db(std::string_view before,
                                                          std::string_view now);

// rocecfg's tables that differ between two CONFIG_DB texts, each as
// "PFC_WD +Ethernet0 -Ethernet4 ~Ethernet8" (keys added, gone, changed since
// `before`); none when a text is not CONFIG_DB JSON.
std::optional<std::vector<std::string>> table_differences(std::string_view before,
                                                          std::string_view now);

// The checkpoint a push takes first and rolls back to (rollback.cpp).
inline constexpr std::string_view kCheckpoint = "rocecfg-pre-change";

// After a push failed at `cause`: CONFIG_DB back to the checkpoint, through
// `config rollback` or, where the generic config updater refuses it, the
// exact sonic-db-cli restore; the error says which happened (rollback.cpp).
Status roll_back(Session& session, const Error& cause);

// SONiC's buffer manager (buffer_manager.cpp). The model buffermgrd runs
// with: dynamic only on buffer_model "dynamic", traditional otherwise (an
// absent field too); unknown without DEVICE_METADATA|localhost.
enum class BufferModel { dynamic, traditional, unknown };
BufferModel buffer_model(const nlohmann::json& db);
// pg_profile_lookup.ini as buffermgrd reads it: speed -> cable lengths.
using PgLookup = std::map<std::string, std::set<std::string>>;
PgLookup parse_pg_lookup(std::string_view text);
// Before a push (VendorOps::preflight): on the traditional model every port
// the plan makes or keeps lossless while changing its PFC or cable length
// needs a lookup row for its speed and cable length, or buffermgrd binds no
// lossless PG; reads the file over `session`. Refuses with every such port.
std::string pg_lookup_path(const std::string& platform, const std::string& hwsku);
Status check_buffer_manager(Session& session, std::string_view config_text, const plan::Plan& plan);
// What check_buffer_manager reads and when, for `render --session`.
std::string buffer_manager_read();

Result<std::vector<std::string>> render_commands(const model::Settings& intent,
                                                 const plan::Plan& changes, Diagnostics& warnings);

}  // namespace rocecfg::sw::sonic
