// CONFIG_DB JSON -> the shared model. Tables read: PORT (mtu), PORT_QOS_MAP
// (pfc_enable, dscp_to_tc_map = DSCP trust), DSCP_TO_TC_MAP, QUEUE
// (wred_profile per port and queue; keys may be ranges "Ethernet0|3-4" and,
// on multi-ASIC, "host|asic0|Ethernet0|3"), WRED_PROFILE (green thresholds in
// bytes, drop probability in %; one marking profile is the switch's ECN,
// several are read per port, the profile each port's queues use), PFC_WD;
// scheduling and buffers in qos_parse.cpp.
#include <algorithm>
#include <charconv>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/capture.h"
#include "sonic/sonic.h"
#include "switch/interfaces.h"

namespace rocecfg::sw::sonic {

using nlohmann::json;

std::string ref_name(const json& v) {
  if (!v.is_string()) return {};
  std::string s = v.get<std::string>();
  if (s.size() >= 2 && s.front() == '[' && s.back() == ']') {
    s = s.substr(1, s.size() - 2);
    if (size_t bar = s.find('|'); bar != std::string::npos) s = s.substr(bar + 1);
  }
  return s;
}

Result<uint64_t> db_number(const json& v, const std::string& where, uint64_t max) {
  std::string s = v.is_string() ? v.get<std::string>() : v.dump();
  uint64_t out = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  if (ec != std::errc() || end != s.data() + s.size() || out > max)
    return fail(ErrorKind::invalid_input, where, fmt::format("expected a number, got {:?}", s));
  return out;
}

Result<std::vector<unsigned>> index_range(const std::string& s, const std::string& where) {
  std::vector<unsigned> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    std::string item =
        s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    size_t dash = item.find('-');
    auto a = db_number(json(item.substr(0, dash)), where, 7);
    auto b = dash == std::string::npos ? a : db_number(json(item.substr(dash + 1)), where, 7);
    if (!a || !b || *b < *a) return fail(ErrorKind::invalid_input, where, "bad priority list");
    for (uint64_t i = *a; i <= *b; ++i) out.push_back(static_cast<unsigned>(i));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

const json& db_table(const json& db, const char* name) {
  static const json empty = json::object();
  auto it = db.find(name);
  return it == db.end() || !it->is_object() ? empty : *it;
}

std::optional<CableLengthEntry> port_cable_length(const json& db, const std::string& port) {
  for (const auto& [table, lengths] : db_table(db, "CABLE_LENGTH").items())
    if (lengths.is_object() && lengths.contains(port))
      return CableLengthEntry{
          table, lengths[port].is_string() ? lengths[port].get<std::string>() : std::string()};
  return std::nullopt;
}

bool split_port_index_key(const std::string& key, std::vector<std::string>& ports,
                          std::string& indexes) {
  size_t bar = key.rfind('|');
  if (bar == std::string::npos) return false;
  std::string port = key.substr(0, bar);
  if (size_t b2 = port.rfind('|'); b2 != std::string::npos) port = port.substr(b2 + 1);
  indexes = key.substr(bar + 1);
  auto list = sw::expand_interface_list(port);
  ports = list ? *list : std::vector<std::string>{port};
  return true;
}

const json& port_qos_entry(const json& db, const std::string& port) {
  static const json empty = json::object();
  const json& table = db_table(db, "PORT_QOS_MAP");
  if (auto it = table.find(port); it != table.end() && it->is_object()) return *it;
  for (const auto& [key, entry] : table.items())
    if (key.find(',') != std::string::npos && entry.is_object())
      if (auto ports = sw::expand_interface_list(key))
        if (std::find(ports->begin(), ports->end(), port) != ports->end()) return entry;
  return empty;
}

namespace {

// Tables rocecfg reads; a dump without any of them says nothing about QoS.
bool known_table(const std::string& k) {
  static const std::set<std::string> known{"PORT",
                                           "PORT_QOS_MAP",
                                           "DSCP_TO_TC_MAP",
                                           "TC_TO_QUEUE_MAP",
                                           "QUEUE",
                                           "WRED_PROFILE",
                                           "SCHEDULER",
                                           "BUFFER_PG",
                                           "BUFFER_PROFILE",
                                           "BUFFER_POOL",
                                           "PFC_WD",
                                           "CABLE_LENGTH",
                                           "DEVICE_METADATA",
                                           "TC_TO_PRIORITY_GROUP_MAP",
                                           "MAP_PFC_PRIORITY_TO_QUEUE",
                                           "BUFFER_QUEUE"};
  return known.contains(k);
}

// On the traditional buffer model buffermgrd owns the lossless PGs: on every
// pfc_enable change it binds BUFFER_PG|<port>|<PFC priorities> to
// pg_lossless_<speed>_<cable>_profile from pg_profile_lookup.ini, and binds
// nothing ("No PG profile configured for speed ... and cable length ...")
// when the port's speed and cable length are not in that file; on the
// dynamic model it skips all of this (sonic-swss@029506c cfgmgr/
// buffermgr.cpp, doSpeedUpdateTask, doBufferMetaTask; which model runs:
// buffer_manager.cpp, buffer_model). A PG bound to any
// other profile there holds only until the next pfc_enable change: said.
void note_buffer_model(const json& db, sw::SwitchState& st) {
  if (buffer_model(db) != BufferModel::traditional) return;
  std::set<std::string> fixed;
  for (const auto& [key, entry] : db_table(db, "BUFFER_PG").items())
    if (entry.contains("profile")) {
      std::string profile = ref_name(entry["profile"]);
      if (profile != "NULL" && !profile.starts_with("pg_lossless_")) fixed.insert(key);
    }
  if (!fixed.empty())
    st.notes.push_back(
        fmt::format("traditional buffer model: buffermgrd rebinds BUFFER_PG {} to its "
                    "pg_profile_lookup.ini profile on the next pfc_enable change",
                    fmt::join(fixed, ", ")));
}

// The ports a dump talks about: PORT, or where it has none (a QoS-only
// dump), the ports its per-port QoS tables name.
std::set<std::string> port_names(const json& db) {
  std::set<std::string> out;
  for (const auto& [name, port] : db_table(db, "PORT").items()) out.insert(name);
  if (!out.empty()) return out;
  for (const auto& [key, entry] : db_table(db, "PORT_QOS_MAP").items())
    if (key != "global")
      if (auto ports = sw::expand_interface_list(key))
        for (const std::string& p : *ports) out.insert(p);
  for (const char* t : {"QUEUE", "BUFFER_PG", "PFC_WD"})
    for (const auto& [key, entry] : db_table(db, t).items()) {
      std::vector<std::string> ports;
      std::string indexes;
      if (std::string(t) == "PFC_WD") {
        if (key != "GLOBAL") out.insert(key);
      } else if (split_port_index_key(key, ports, indexes)) {
        out.insert(ports.begin(), ports.end());
      }
    }
  return out;
}

}  // namespace

Result<sw::SwitchState> parse_config_db(std::string_view text) {
  auto read = read_config_db_text(text);
  if (!read) return std::unexpected(read.error());
  const json& db = read->db;
  bool any_known = false;
  size_t not_read = 0;
  for (const auto& [key, value] : db.items()) {
    any_known |= known_table(key);
    not_read += !known_table(key);
  }
  if (!any_known)
    return fail(
        ErrorKind::invalid_input, "not a sonic config",
        fmt::format("expected {}; none of its tables is a port or QoS table", kConfigDbExpected));
  sw::SwitchState st;
  st.recognised_as = read->form;
  sw::pass_over(st, not_read, "CONFIG_DB tables that are not port or QoS");
  sw::pass_over(st, read->passed_over, "Redis keys that are not hashes");
  bool have_port_table = db.contains("PORT");
  for (const std::string& name : port_names(db)) {
    model::Settings& s = st.ports[name];
    const json& port = db_table(db, "PORT").value(name, json::object());
    if (port.contains("mtu")) {
      auto mtu = db_number(port["mtu"], "PORT|" + name + ".mtu", 65535);
      if (!mtu) return std::unexpected(mtu.error());
      s.mtu_bytes = static_cast<uint32_t>(*mtu);
    } else if (have_port_table) {
      s.mtu_bytes = 9100;  // SONiC's default port MTU
      st.mark(name, model::Knob::mtu, sw::Source::vendor_default, "9100 (SONiC default)");
    }
    s.pfc_enabled = PriorityMask();
    st.mark(name, model::Knob::pfc, sw::Source::vendor_default, "no pfc_enable: PFC off");
    s.trust = model::Trust::pcp;
    st.mark(name, model::Knob::trust, sw::Source::vendor_default, "no dscp_to_tc_map");
    s.ecn_priorities = PriorityMask();
    st.mark(name, model::Knob::ecn_priorities, sw::Source::vendor_default,
            "no QUEUE wred_profile: ECN off");
  }
  // PORT_QOS_MAP: per port, plus "global" for the switch-wide DSCP map.
  std::string dscp_map_name;
  std::set<std::string> maps_in_use;
  // PORT_QOS_MAP.pfcwd_sw_enable: the queues the software watchdog runs on;
  // absent (DBs before 3.0.4) it is every PFC queue (db_migrator version_3_0_4).
  std::map<std::string, PriorityMask> pfcwd_sw;
  for (const auto& [key, entry] : db_table(db, "PORT_QOS_MAP").items()) {
    std::string map = entry.contains("dscp_to_tc_map") ? ref_name(entry["dscp_to_tc_map"]) : "";
    if (key == "global") {
      dscp_map_name = map;
      continue;
    }
    auto ports = sw::expand_interface_list(key);  // "Ethernet0,Ethernet4" keys exist too
    if (!ports) return wrap(ports.error(), "PORT_QOS_MAP");
    for (const std::string& p : *ports) {
      auto it = st.ports.find(p);
      if (it == st.ports.end()) continue;
      if (!map.empty()) {
        it->second.trust = model::Trust::dscp;
        st.origins[p].erase(model::Knob::trust);
        maps_in_use.insert(map);
        st.policies["dscp_to_tc_map " + map].push_back(p);
      }
      if (entry.contains("pfcwd_sw_enable") && entry["pfcwd_sw_enable"].is_string()) {
        const std::string list = entry["pfcwd_sw_enable"].get<std::string>();
        PriorityMask m;
        if (!list.empty()) {
          auto prios = index_range(list, "PORT_QOS_MAP|" + p + ".pfcwd_sw_enable");
          if (!prios) return std::unexpected(prios.error());
          for (unsigned q : *prios) m.set(Priority::unchecked(q));
        }
        pfcwd_sw[p] = m;
      }
      if (entry.contains("pfc_enable") && entry["pfc_enable"].is_string() &&
          entry["pfc_enable"].get<std::string>().empty()) {
        st.origins[p].erase(model::Knob::pfc);  // stated empty: PFC off, configured
      } else if (entry.contains("pfc_enable")) {
        auto prios = index_range(entry["pfc_enable"].get<std::string>(), "PORT_QOS_MAP|" + p);
        if (!prios) return std::unexpected(prios.error());
        PriorityMask m;
        for (unsigned q : *prios) m.set(Priority::unchecked(q));
        it->second.pfc_enabled = m;
        st.origins[p].erase(model::Knob::pfc);
      }
    }
  }
  const json& dscp_maps = db_table(db, "DSCP_TO_TC_MAP");
  auto read_map = [&](const std::string& name) -> Result<std::optional<model::DscpPriorityMap>> {
    if (name.empty() || !dscp_maps.contains(name)) return std::nullopt;
    model::DscpPriorityMap m;
    for (const auto& [dscp, tc] : dscp_maps[name].items()) {
      auto d = db_number(json(dscp), "DSCP_TO_TC_MAP|" + name, 63);
      auto t = db_number(tc, "DSCP_TO_TC_MAP|" + name + "." + dscp, 7);
      if (!d) return std::unexpected(d.error());
      if (!t) return std::unexpected(t.error());
      m[Dscp::unchecked(*d)] = Priority::unchecked(*t);
    }
    return m;
  };
  // A map bound to ports (PORT_QOS_MAP|<port>.dscp_to_tc_map,
  // sonic-port-qos-map.yang) is those ports' own, one map or several: a
  // port that binds none does not classify by it. The switch-wide value is
  // only the "global" entry's, if any (one map bound to some ports was once
  // shown as the whole switch's).
  for (const auto& [policy, ports] : st.policies) {
    if (!policy.starts_with("dscp_to_tc_map ")) continue;
    auto m = read_map(policy.substr(15));
    if (!m) return std::unexpected(m.error());
    if (!*m) continue;
    for (const std::string& p : ports) st.ports[p].dscp_priority = **m;
  }
  if (maps_in_use.size() > 1)
    st.notes.push_back(
        fmt::format("{} DSCP_TO_TC maps bound to different ports ({}): read per port",
                    maps_in_use.size(), fmt::join(maps_in_use, ", ")));
  auto global_map = read_map(dscp_map_name);
  if (!global_map) return std::unexpected(global_map.error());
  if (*global_map) st.global.dscp_priority = **global_map;
  // QUEUE: which queues mark ECN (have a WRED profile whose `ecn` mode is
  // not ecn_none: SONiC's WRED_PROFILE.ecn is ecn_none | ecn_green | ecn_yellow
  // | ecn_red | ecn_green_yellow | ecn_green_red | ecn_yellow_red | ecn_all,
  // and ecn_none drops instead of marking), per port.
  std::map<std::string, std::set<std::string>> port_wreds;  // port -> marking profiles
  const json& wred_profiles = db_table(db, "WRED_PROFILE");
  for (const auto& [key, entry] : db_table(db, "QUEUE").items()) {
    std::vector<std::string> ports;
    std::string indexes;
    if (!split_port_index_key(key, ports, indexes) || !entry.contains("wred_profile")) continue;
    std::string profile = ref_name(entry["wred_profile"]);
    if (wred_profiles.contains(profile) &&
        wred_profiles[profile].value("ecn", json("ecn_none")) == "ecn_none") {
      st.unread(0, "QUEUE|" + key, "WRED_PROFILE|" + profile + " is ecn_none: drops, not marks");
      continue;
    }
    auto queues = index_range(indexes, "QUEUE|" + key);
    if (!queues) return std::unexpected(queues.error());
    for (const std::string& port : ports) {
      auto it = st.ports.find(port);
      if (it == st.ports.end()) continue;
      for (unsigned q : *queues) it->second.ecn_priorities->set(Priority::unchecked(q));
      st.origins[port].erase(model::Knob::ecn_priorities);
      port_wreds[port].insert(profile);
    }
  }
  // A profile's green thresholds, when it defines them and marks.
  auto thresholds = [&](const std::string& name) -> Result<std::optional<model::Ecn>> {
    if (!wred_profiles.contains(name)) return std::nullopt;
    const json& w = wred_profiles[name];
    // sonic-wred-profile.yang (sonic-buildimage @086b03bd): the thresholds
    // have no default (a profile without both states no threshold), the
    // drop probability defaults to 100 %.
    auto field = [&](const char* k, uint64_t max, uint64_t absent) -> Result<uint64_t> {
      if (!w.contains(k)) return absent;
      return db_number(w[k], "WRED_PROFILE|" + name + "." + k, max);
    };
    if (!w.contains("green_min_threshold") || !w.contains("green_max_threshold")) {
      st.notes.push_back("WRED_PROFILE|" + name + " states no green min and max threshold");
      return std::nullopt;
    }
    auto mn = field("green_min_threshold", 1ull << 40, 0);
    auto mx = field("green_max_threshold", 1ull << 40, 0);
    auto p = field("green_drop_probability", 100, 100);
    if (!mn || !mx || !p) return std::unexpected(!mn ? mn.error() : !mx ? mx.error() : p.error());
    std::string mode = w.contains("ecn") ? w["ecn"].get<std::string>() : "ecn_none";
    if (mode == "ecn_none") {
      st.notes.push_back("WRED_PROFILE|" + name + " has ecn_none: marking is off");
      return std::nullopt;
    }
    return model::Ecn{*mn, *mx, static_cast<uint32_t>(*p)};
  };
  std::set<std::string> wred_in_use;
  for (const auto& [port, names] : port_wreds) wred_in_use.insert(names.begin(), names.end());
  if (wred_in_use.size() <= 1) {
    // One profile (or none: the one rocecfg writes, if defined) is the
    // switch's ECN.
    std::string wred = wred_in_use.empty() ? std::string(kWredProfile) : *wred_in_use.begin();
    auto e = thresholds(wred);
    if (!e) return std::unexpected(e.error());
    if (*e) {
      st.global.ecn = **e;
      st.mark(sw::kGlobalTarget, model::Knob::ecn, sw::Source::configured, "WRED_PROFILE|" + wred);
    }
  } else {
    // Several profiles: ECN is not one switch-wide value. Each port reads the
    // profile its queues use; a port whose queues use two is not readable.
    std::map<std::string, std::optional<model::Ecn>> read;
    for (const std::string& name : wred_in_use) {
      auto e = thresholds(name);
      if (!e) return std::unexpected(e.error());
      read[name] = *e;
    }
    for (const auto& [port, names] : port_wreds) {
      if (names.size() > 1) {
        st.notes.push_back(fmt::format("{}: queues use WRED profiles {}: no one ECN threshold",
                                       port, fmt::join(names, ", ")));
        continue;
      }
      const std::string& name = *names.begin();
      if (!read[name]) continue;
      st.ports[port].ecn = *read[name];
      st.mark(port, model::Knob::ecn, sw::Source::configured, "WRED_PROFILE|" + name);
    }
    st.notes.push_back(fmt::format(
        "{} WRED profiles in use ({}): ECN thresholds are read per port, not switch-wide",
        wred_in_use.size(), fmt::join(wred_in_use, ", ")));
  }
  for (const auto& [key, entry] : db_table(db, "PFC_WD").items()) {
    auto it = st.ports.find(key);
    if (it == st.ports.end()) continue;  // "GLOBAL" holds POLL_INTERVAL
    model::PfcWatchdog wd;
    auto d = db_number(entry.value("detection_time", json("0")), "PFC_WD|" + key, 100000);
    auto r = db_number(entry.value("restoration_time", json("0")), "PFC_WD|" + key, 100000);
    if (!d || !r) return std::unexpected(!d ? d.error() : r.error());
    wd.detection_ms = static_cast<uint32_t>(*d);
    wd.restoration_ms = static_cast<uint32_t>(*r);
    std::string action = entry.value("action", "drop");
    wd.action = action == "forward" ? model::WatchdogAction::forward
                : action == "alert" ? model::WatchdogAction::alert
                                    : model::WatchdogAction::drop;
    it->second.pfc_watchdog = wd;
    // The watchdog runs on pfcwd_sw_enable's queues. Held as configured only
    // when they are the lossless set: a lossless priority outside it has no
    // watchdog, one inside it that is not lossless is watched for nothing
    // (rocecfg writes the two equal). A port without PFC has no lossless queue
    // to watch: its drift is PFC's, not the watchdog's.
    auto sw = pfcwd_sw.find(key);
    PriorityMask pfc = it->second.pfc_enabled.value_or(PriorityMask());
    if (sw != pfcwd_sw.end() && !pfc.empty() && sw->second != pfc) {
      it->second.pfc_watchdog.reset();
      auto only = [](PriorityMask a, PriorityMask b) {
        return PriorityMask(static_cast<uint8_t>(a.bits() & ~b.bits()));
      };
      std::string list = sw->second.empty() ? "" : sw->second.to_string();
      std::string why =
          !only(pfc, sw->second).empty()
              ? fmt::format("pfcwd_sw_enable '{}' leaves lossless priorities {} unwatched", list,
                            only(pfc, sw->second).to_string())
              : fmt::format("pfcwd_sw_enable '{}' watches priorities {} that are not lossless",
                            list, only(sw->second, pfc).to_string());
      st.mark(key, model::Knob::pfc_watchdog, sw::Source::configured, why);
      st.notes.push_back(key + ": " + why);
    }
  }
  if (Status qos = parse_scheduling_and_buffers(db, st); !qos) return std::unexpected(qos.error());
  note_buffer_model(db, st);
  fold_passed_over(st);
  return st;
}

}  // namespace rocecfg::sw::sonic
