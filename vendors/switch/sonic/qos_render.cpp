// ETS and buffer steps -> sonic-db-cli writes (SONiC has no CLI for
// SCHEDULER, QUEUE scheduler bindings, BUFFER_PG or CABLE_LENGTH). What the
// bindings reference (SCHEDULER|rocecfg_*, BUFFER_PROFILE|rocecfg_lossless_*)
// is returned in `shared` and written before any binding: make before break.
// See qos_parse.cpp for how each field reads back.
#include <algorithm>

#include <fmt/format.h>

#include "sonic/sonic.h"

namespace rocecfg::sw::sonic {

namespace {

std::string scheduler_for(model::Tsa tsa, uint8_t percent, std::set<std::string>& shared) {
  if (tsa == model::Tsa::strict) {
    shared.insert(
        fmt::format("sonic-db-cli CONFIG_DB HSET 'SCHEDULER|{}' type STRICT", kStrictScheduler));
    return std::string(kStrictScheduler);
  }
  std::string name = fmt::format("{}{}", kDwrrSchedulerPrefix, percent);
  shared.insert(
      fmt::format("sonic-db-cli CONFIG_DB HSET 'SCHEDULER|{}' type DWRR weight {}", name, percent));
  return name;
}

}  // namespace

Status render_ets(const plan::Step& step, std::vector<std::string>& out,
                  std::set<std::string>& shared) {
  const model::Ets& want = *step.after.ets;
  for (unsigned i = 0; i < 8; ++i)
    if (want.prio_tc[i].value() != i)
      return fail(ErrorKind::unsupported, step.target,
                  "SONiC: rocecfg schedules queues and keeps the port's identity TC_TO_QUEUE map; "
                  "ets.prio_tc must be 0,1,2,3,4,5,6,7");
  const std::optional<model::Ets>& had = step.before.ets;
  for (unsigned q = 0; q < 8; ++q) {
    model::Tsa tsa = want.tc_tsa[q];
    uint8_t percent = tsa == model::Tsa::strict ? 0 : want.tc_bandwidth_percent[q];
    if (tsa != model::Tsa::strict && tsa != model::Tsa::ets)
      return fail(ErrorKind::unsupported, step.target,
                  fmt::format("SONiC schedulers are STRICT or DWRR; class {} is neither", q));
    if (percent > 100)
      return fail(ErrorKind::invalid_input, step.target,
                  fmt::format("class {}: {} % is above 100", q, percent));
    if (had && had->tc_tsa[q] == tsa &&
        (tsa == model::Tsa::strict || had->tc_bandwidth_percent[q] == percent))
      continue;
    if (tsa == model::Tsa::ets && percent == 0)  // no 0-weight DWRR: the platform default
      out.push_back(
          fmt::format("sonic-db-cli CONFIG_DB HDEL 'QUEUE|{}|{}' scheduler", step.target, q));
    else
      out.push_back(fmt::format("sonic-db-cli CONFIG_DB HSET 'QUEUE|{}|{}' scheduler {}",
                                step.target, q, scheduler_for(tsa, percent, shared)));
  }
  return {};
}

namespace {

// The BUFFER_PG key index of an entry: "3", or "3-4" for a range.
std::string pg_key_index(PriorityMask pgs) {
  unsigned lo = 8, hi = 0;
  for (unsigned p = 0; p < 8; ++p)
    if (pgs.has(Priority::unchecked(p))) lo = std::min(lo, p), hi = p;
  if (lo == hi) return std::to_string(lo);
  if (PriorityMask(static_cast<uint8_t>((0xffu >> (7 - hi)) & (0xffu << lo))) == pgs)
    return fmt::format("{}-{}", lo, hi);
  return pgs.to_string();  // "0,3": not written by SONiC, but read back as such
}

}  // namespace

Status render_buffers(const plan::Step& step, std::vector<std::string>& out,
                      std::vector<std::string>& release, std::set<std::string>& shared) {
  const model::Buffers& want = *step.after.buffers;
  const std::optional<model::Buffers>& had = step.before.buffers;
  if (want.cable_length_m && (!had || had->cable_length_m != want.cable_length_m))
    out.push_back(fmt::format("sonic-db-cli CONFIG_DB HSET 'CABLE_LENGTH|{}' {} {}", kCableLength,
                              step.target, cable_length_text(*want.cable_length_m)));
  // Without a fixed headroom there is no profile to bind: the PGs are the
  // dynamic buffer model's (or the operator's) to manage.
  if (!want.headroom_bytes) return {};
  const PriorityMask lossless =
      model::pg_union(want.lossless_pgs.value_or(std::vector<PriorityMask>{}));
  if (lossless.empty())
    return fail(ErrorKind::invalid_input, step.target,
                "buffers.headroom is per lossless priority group: the profile names no PFC "
                "priorities");
  uint64_t xoff = *want.headroom_bytes;
  std::string profile = fmt::format("{}{}", kLosslessProfilePrefix, xoff);
  // A static lossless profile: XOFF absorbs what arrives after PAUSE is sent
  // (the headroom), XON lets the queue drain two frames before resuming.
  shared.insert(fmt::format(
      "sonic-db-cli CONFIG_DB HSET 'BUFFER_PROFILE|{}' pool ingress_lossless_pool xon {} xoff {} "
      "size {} dynamic_th 0",
      profile, kLosslessXonBytes, xoff, kLosslessXonBytes + xoff));
  auto bind = [&](PriorityMask pgs) {
    return fmt::format("sonic-db-cli CONFIG_DB HSET 'BUFFER_PG|{}|{}' profile {}", step.target,
                       pg_key_index(pgs), profile);
  };
  const bool same_headroom = had && had->headroom_bytes == want.headroom_bytes;
  uint8_t covered = 0;  // wanted PGs already bound by an entry that stays
  std::vector<std::string> split;
  for (PriorityMask g :
       had && had->lossless_pgs ? *had->lossless_pgs : std::vector<PriorityMask>{}) {
    if ((g.bits() & ~lossless.bits()) == 0) {      // every PG of the entry stays lossless
      if (!same_headroom) out.push_back(bind(g));  // rebind the entry as keyed: no overlap
      covered |= g.bits();
      continue;
    }
    // A lossless PG on a priority without PFC reserves headroom for a class
    // that never pauses; it goes after the PFC commands (release), once the
    // priority stopped sending PAUSE. A range entry ("3-4", as SONiC's buffer
    // manager writes it) is deleted whole and its surviving PGs bound one by
    // one *after* the DEL: bufferorch unbinds every PG of a deleted range, so
    // binding "4" before deleting "3-4" would leave PG 4 without a profile.
    release.push_back(
        fmt::format("sonic-db-cli CONFIG_DB DEL 'BUFFER_PG|{}|{}'", step.target, pg_key_index(g)));
    for (unsigned p = 0; p < 8; ++p)
      if (g.has(Priority::unchecked(p)) && lossless.has(Priority::unchecked(p))) {
        release.push_back(bind(PriorityMask(static_cast<uint8_t>(1u << p))));
        covered |= static_cast<uint8_t>(1u << p);
      }
  }
  // Newly lossless PGs are bound before PFC turns on for them (make before
  // break), whether or not the headroom changed.
  for (unsigned p = 0; p < 8; ++p)
    if (lossless.has(Priority::unchecked(p)) && !(covered & (1u << p)))
      out.push_back(bind(PriorityMask(static_cast<uint8_t>(1u << p))));
  return {};
}

}  // namespace rocecfg::sw::sonic
