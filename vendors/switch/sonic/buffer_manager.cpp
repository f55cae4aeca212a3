// What SONiC's buffer manager (buffermgrd) does with rocecfg's writes, so a
// push that would leave a lossless port without headroom is refused before
// anything is sent.
//
// The buffer model: swss starts buffermgrd with `-a asic_table.json` when
// DEVICE_METADATA|localhost buffer_model is "dynamic", and with `-l
// /usr/share/sonic/hwsku/pg_profile_lookup.ini` otherwise, an absent field
// included (sonic-buildimage dockers/docker-orchagent/buffermgrd.sh
// @4a8029f8); buffermgrd itself turns dynamic only on "dynamic"
// (doBufferMetaTask). The swss container mounts
// /usr/share/sonic/device/<platform>/<hwsku> there (files/build_templates/
// docker_image_ctl.j2 @005b214a, MOUNTPATH; multi-ASIC adds /<asic>).
//
// On the traditional model, whenever a port's pfc_enable, speed or cable
// length changes, buffermgrd binds the lossless PGs to
// pg_lossless_<speed>_<cable>_profile built from the file's row for the
// port's PORT speed and CABLE_LENGTH; with no row it logs "No PG profile
// configured for speed ... and cable length ..." and binds nothing, with
// cable length "0m" it binds nothing on purpose, and with no cable length it
// waits for one (sonic-swss cfgmgr/buffermgr.cpp @029506c5,
// doSpeedUpdateTask). Each of those leaves a port that sends PFC pause with
// no headroom behind it: in-flight frames are dropped, the port is lossy.
// The file: lines that are empty or start with '#' are skipped; a row is
// whitespace-separated speed, cable, size, xon, xoff, threshold and an
// optional xon_offset (readPgProfileLookupFile).
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "sonic/sonic.h"
#include "switch/validate.h"

namespace rocecfg::sw::sonic {

using nlohmann::json;

BufferModel buffer_model(const nlohmann::json& db) {
  const json& meta = db_table(db, "DEVICE_METADATA");
  if (!meta.contains("localhost") || !meta["localhost"].is_object()) return BufferModel::unknown;
  return meta["localhost"].value("buffer_model", "") == "dynamic" ? BufferModel::dynamic
                                                                  : BufferModel::traditional;
}

PgLookup parse_pg_lookup(std::string_view text) {
  PgLookup rows;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.front() == '#') continue;
    std::istringstream words(line);
    std::string speed, cable;
    if (words >> speed >> cable) rows[speed].insert(cable);
  }
  return rows;
}

namespace {

std::string field(const json& db, const char* table, const std::string& key, const char* name) {
  const json& t = db_table(db, table);
  if (!t.contains(key) || !t[key].is_object()) return {};
  const json& v = t[key].value(name, json());
  return v.is_string() ? v.get<std::string>() : std::string();
}

// What a port will be after the plan: lossless priorities and cable length,
// from the plan's step where it has one, else from CONFIG_DB now.
struct PortAfter {
  bool lossless = false;
  std::string cable;
};

std::map<std::string, PortAfter> ports_buffermgrd_rebinds(const json& db, const plan::Plan& plan) {
  std::map<std::string, PortAfter> out;
  for (const plan::Step& step : plan.steps) {
    if (step.kind != plan::StepKind::change || step.target == kGlobalTarget) continue;
    if (step.knob != model::Knob::pfc && step.knob != model::Knob::buffers) continue;
    auto [it, fresh] = out.try_emplace(step.target);
    if (fresh) {
      it->second.lossless = !field(db, "PORT_QOS_MAP", step.target, "pfc_enable").empty();
      if (auto cable = port_cable_length(db, step.target)) it->second.cable = cable->text;
    }
    if (step.knob == model::Knob::pfc)
      it->second.lossless = step.after.pfc_enabled && !step.after.pfc_enabled->empty();
    if (step.knob == model::Knob::buffers && step.after.buffers &&
        step.after.buffers->cable_length_m)
      it->second.cable = cable_length_text(*step.after.buffers->cable_length_m);
  }
  return out;
}

std::string rows_for(const PgLookup& rows, const std::string& speed) {
  auto it = rows.find(speed);
  if (it == rows.end()) return fmt::format("no row for speed {}", speed);
  return fmt::format("rows for {}: {}", speed, fmt::join(it->second, ", "));
}

}  // namespace

std::string pg_lookup_path(const std::string& platform, const std::string& hwsku) {
  return fmt::format("/usr/share/sonic/device/{}/{}/pg_profile_lookup.ini", platform, hwsku);
}

std::string buffer_manager_read() {
  return fmt::format(
      "{}, on the traditional buffer model when a lossless port's PFC or cable "
      "length changes",
      read_file_command(pg_lookup_path("<platform>", "<hwsku>")));
}

Status check_buffer_manager(Session& session, std::string_view config_text,
                            const plan::Plan& plan) {
  json db = json::parse(config_text, nullptr, false);
  if (db.is_discarded() || !db.is_object())
    return fail(ErrorKind::invalid_input, "CONFIG_DB", "not JSON; cannot check the buffer model");
  std::map<std::string, PortAfter> ports = ports_buffermgrd_rebinds(db, plan);
  std::erase_if(ports, [](const auto& p) { return !p.second.lossless; });
  if (ports.empty()) return {};
  BufferModel model = buffer_model(db);
  if (model == BufferModel::dynamic) return {};
  if (model == BufferModel::unknown)
    return fail(ErrorKind::unsupported, "DEVICE_METADATA|localhost",
                "missing, so the buffer model (dynamic or pg_profile_lookup.ini) is unknown; "
                "refusing rather than guess whether the lossless PGs get headroom");
  const std::string platform = field(db, "DEVICE_METADATA", "localhost", "platform");
  const std::string hwsku = field(db, "DEVICE_METADATA", "localhost", "hwsku");
  if (!check_name(platform) || !check_name(hwsku))
    return fail(ErrorKind::unsupported, "DEVICE_METADATA|localhost",
                fmt::format("platform {:?} / hwsku {:?} do not name a device directory, so "
                            "pg_profile_lookup.ini cannot be read (buffer model traditional)",
                            platform, hwsku));
  const std::string path = pg_lookup_path(platform, hwsku);
  auto text = session.run(read_file_command(path));
  if (!text)
    return fail(ErrorKind::failed, path,
                "cannot be read (" + text.error().message +
                    "); on the traditional buffer model buffermgrd sizes every lossless PG "
                    "from it, so nothing was sent");
  PgLookup rows = parse_pg_lookup(*text);
  std::vector<std::string> missing;
  for (const auto& [port, after] : ports) {
    const std::string speed = field(db, "PORT", port, "speed");
    if (after.cable.empty())
      missing.push_back(port + ": no CABLE_LENGTH");
    else if (after.cable == "0m")
      missing.push_back(port + ": cable length 0m");
    else if (speed.empty())
      missing.push_back(port + ": no PORT speed");
    else if (!rows.contains(speed) || !rows.at(speed).contains(after.cable))
      missing.push_back(fmt::format("{}: speed {} cable {} has no row ({})", port, speed,
                                    after.cable, rows_for(rows, speed)));
  }
  if (missing.empty()) return {};
  return fail(ErrorKind::invalid_input, "traditional buffer model",
              fmt::format("buffermgrd would bind no lossless PG for {} ({}); PFC there would "
                          "pause with no headroom behind it (drops). Nothing was sent: use a "
                          "cable length the file has, or the dynamic buffer model",
                          fmt::join(missing, "; "), path));
}

}  // namespace rocecfg::sw::sonic
