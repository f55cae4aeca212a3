// CONFIG_DB scheduling and buffers -> the shared model, per port.
//
// ETS: a queue's scheduler is QUEUE|<port>|<q>.scheduler -> SCHEDULER|<name>
// {type STRICT | DWRR | WRR, weight 1..100}. DWRR weights are relative, so a
// class's share is its weight over the port's weighted total, in whole
// percent by largest remainder (ties to the lower queue): rocecfg writes
// percentages that sum to 100 and reads them back unchanged; the template's
// 14/14/14/15/15 reads as 20/19/19/21/21, drift from 50/50 as it should be,
// and `rocecfg import` gets shares that sum to 100. A queue with no scheduler runs on the
// platform default and reads as ETS 0 %: SONiC has no 0-weight DWRR, so that is
// how a 0 % class is expressed. Priority -> class is the port's
// TC_TO_QUEUE_MAP (identity when it has none, as in the community template).
//
// Buffers: cable_length_m from CABLE_LENGTH|<any>.<port> ("40m").
// lossless_pgs: the port's BUFFER_PG entries (keys may be ranges "3-4", one
// group each) whose profile is "NULL" (dynamic model) or has an xoff
// (headroom; the pool name does not say: Mellanox images put the lossy
// profile in ingress_lossless_pool); read independently of PFC, so a PG left lossless
// on a priority without PFC (or PFC without a lossless PG) is visible: drift
// when the profile fixes headroom, a note always. headroom: the xoff of the
// static profile when every lossless PG holds the same one; "NULL" or mixed
// profiles have no single figure to report.
#include <array>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/try.h"
#include "sonic/sonic.h"

namespace rocecfg::sw::sonic {

using nlohmann::json;

namespace {

// Relative weights -> whole percentages summing to 100 (largest remainder,
// ties to the lower index); all zero stays all zero.
std::array<uint8_t, 8> shares_percent(const std::array<uint64_t, 8>& weight) {
  uint64_t total = 0;
  for (uint64_t w : weight) total += w;
  std::array<uint8_t, 8> out{};
  if (total == 0) return out;
  std::array<uint64_t, 8> remainder{};
  unsigned given = 0;
  for (unsigned q = 0; q < 8; ++q) {
    out[q] = static_cast<uint8_t>(weight[q] * 100 / total);
    remainder[q] = weight[q] * 100 % total;
    given += out[q];
  }
  for (; given < 100; ++given) {
    unsigned best = 0;
    for (unsigned q = 1; q < 8; ++q)
      if (remainder[q] > remainder[best]) best = q;
    ++out[best];
    remainder[best] = 0;
  }
  return out;
}

Result<model::Ets> port_ets(const json& db, const std::string& port,
                            const std::map<unsigned, std::string>& queue_scheduler) {
  model::Ets e;
  e.prio_tc = model::kIdentityPrioTc;
  const json& qos = port_qos_entry(db, port);
  if (qos.contains("tc_to_queue_map")) {
    std::string name = ref_name(qos["tc_to_queue_map"]);
    const json& maps = db_table(db, "TC_TO_QUEUE_MAP");
    if (maps.contains(name))
      for (const auto& [tc, queue] : maps[name].items()) {
        std::string where = "TC_TO_QUEUE_MAP|" + name + "." + tc;
        uint64_t t = ROCECFG_TRY(db_number(json(tc), where, 7));
        uint64_t q = ROCECFG_TRY(db_number(queue, where, 7));
        e.prio_tc[t] = TrafficClass::unchecked(q);
      }
  }
  const json& schedulers = db_table(db, "SCHEDULER");
  std::array<uint64_t, 8> weight{};
  for (unsigned q = 0; q < 8; ++q) {
    e.tc_tsa[q] = model::Tsa::ets;
    auto it = queue_scheduler.find(q);
    if (it == queue_scheduler.end()) continue;  // platform default: 0 %
    if (!schedulers.contains(it->second))
      return fail(ErrorKind::invalid_input, fmt::format("QUEUE|{}|{}", port, q),
                  fmt::format("scheduler {:?} is not in the SCHEDULER table", it->second));
    const json& s = schedulers[it->second];
    std::string type = s.value("type", "DWRR");
    if (type == "STRICT") {
      e.tc_tsa[q] = model::Tsa::strict;
      continue;
    }
    if (type != "DWRR" && type != "WRR")
      return fail(ErrorKind::invalid_input, "SCHEDULER|" + it->second,
                  fmt::format("unknown scheduler type {:?}", type));
    weight[q] = ROCECFG_TRY(
        db_number(s.value("weight", json("0")), "SCHEDULER|" + it->second + ".weight", 100));
  }
  e.tc_bandwidth_percent = shares_percent(weight);
  return e;
}

// One BUFFER_PG entry that holds a lossless profile: its PGs and profile.
struct LosslessPg {
  PriorityMask pgs;
  std::string profile;  // "NULL": the dynamic model computes its headroom
};

// A PG is lossless when its profile is "NULL" (the dynamic buffer model's
// mark for a lossless PG whose headroom it computes) or a BUFFER_PROFILE with
// an xoff. Lossy PGs (ingress_lossy_profile) are not PFC's.
Result<std::map<std::string, std::vector<LosslessPg>>> lossless_pgs(const json& db) {
  std::map<std::string, std::vector<LosslessPg>> out;
  const json& profiles = db_table(db, "BUFFER_PROFILE");
  for (const auto& [key, entry] : db_table(db, "BUFFER_PG").items()) {
    std::vector<std::string> ports;
    std::string indexes;
    if (!split_port_index_key(key, ports, indexes) || !entry.contains("profile")) continue;
    std::string profile = ref_name(entry["profile"]);
    if (profile != "NULL") {
      if (!profiles.contains(profile))
        return fail(ErrorKind::invalid_input, "BUFFER_PG|" + key,
                    fmt::format("buffer profile {:?} is not in the BUFFER_PROFILE table", profile));
      // Lossless means headroom (xon/xoff), not the pool's name: Mellanox
      // and Dell images keep the lossy PG profile in ingress_lossless_pool too.
      if (!profiles[profile].contains("xoff")) continue;
    }
    PriorityMask pgs;
    for (unsigned i : ROCECFG_TRY(index_range(indexes, "BUFFER_PG|" + key)))
      pgs.set(Priority::unchecked(i));
    for (const std::string& port : ports) out[port].push_back({pgs, profile});
  }
  return out;
}

// The xoff of the static profile every lossless PG of the port holds; none
// when they differ or the dynamic model computes it.
Result<std::optional<uint64_t>> port_headroom(const json& db, const std::vector<LosslessPg>& pgs) {
  if (pgs.empty()) return std::nullopt;
  const std::string& profile = pgs.front().profile;
  for (const LosslessPg& pg : pgs)
    if (pg.profile != profile) return std::nullopt;  // mixed: no single figure
  if (profile == "NULL") return std::nullopt;
  const json& prof = db_table(db, "BUFFER_PROFILE")[profile];
  if (!prof.contains("xoff")) return std::nullopt;  // a dynamic-threshold-only profile
  return std::optional<uint64_t>(
      ROCECFG_TRY(db_number(prof["xoff"], "BUFFER_PROFILE|" + profile + ".xoff", 1ull << 40)));
}

// "<table>|<port>|<indexes>" entries with `field` -> per port, index -> name.
Result<std::map<std::string, std::map<unsigned, std::string>>> bindings(const json& db,
                                                                        const char* name,
                                                                        const char* field) {
  std::map<std::string, std::map<unsigned, std::string>> out;
  for (const auto& [key, entry] : db_table(db, name).items()) {
    std::vector<std::string> ports;
    std::string indexes;
    if (!split_port_index_key(key, ports, indexes) || !entry.contains(field)) continue;
    for (unsigned i : ROCECFG_TRY(index_range(indexes, std::string(name) + "|" + key)))
      for (const std::string& port : ports) out[port][i] = ref_name(entry[field]);
  }
  return out;
}

}  // namespace

Status parse_scheduling_and_buffers(const json& db, sw::SwitchState& st) {
  auto queues = ROCECFG_TRY(bindings(db, "QUEUE", "scheduler"));
  auto pgs = ROCECFG_TRY(lossless_pgs(db));
  static const std::map<unsigned, std::string> none;
  static const std::vector<LosslessPg> no_pgs;
  for (auto& [port, s] : st.ports) {
    auto q = queues.find(port);
    s.ets = ROCECFG_TRY(port_ets(db, port, q == queues.end() ? none : q->second));

    model::Buffers b;
    if (auto cable = port_cable_length(db, port)) {
      std::string text = cable->text;
      if (text.ends_with("m")) text.pop_back();
      b.cable_length_m = static_cast<uint32_t>(
          ROCECFG_TRY(db_number(json(text), "CABLE_LENGTH|" + cable->table + "." + port, 100000)));
    }
    auto pg = pgs.find(port);
    const std::vector<LosslessPg>& lossless = pg == pgs.end() ? no_pgs : pg->second;
    b.headroom_bytes = ROCECFG_TRY(port_headroom(db, lossless));
    b.lossless_pgs.emplace();
    for (const LosslessPg& e : lossless) b.lossless_pgs->push_back(e.pgs);
    s.buffers = b;
    // Said even when the profile leaves buffers alone: either way round it
    // is a misconfiguration a PFC fabric pays for.
    PriorityMask have = model::pg_union(*b.lossless_pgs);
    PriorityMask pfc = s.pfc_enabled.value_or(PriorityMask());
    PriorityMask extra(static_cast<uint8_t>(have.bits() & ~pfc.bits()));
    PriorityMask missing(static_cast<uint8_t>(pfc.bits() & ~have.bits()));
    if (!extra.empty())
      st.notes.push_back(fmt::format(
          "{}: lossless PG {} without PFC: headroom reserved for a class that never pauses", port,
          extra.to_string()));
    if (!missing.empty() && !lossless.empty())
      st.notes.push_back(
          fmt::format("{}: PFC on {} without a lossless PG: PAUSE with no headroom behind it drops",
                      port, missing.to_string()));
  }
  return {};
}

}  // namespace rocecfg::sw::sonic
