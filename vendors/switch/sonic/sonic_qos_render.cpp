// ETS and buffer steps -> sonic-db-cli writes (SONiC has no CLI for
// SCHEDULER, QUEUE scheduler bindings, BUFFER_PG or CABLE_LENGTH). What the
// bindings reference (SCHEDULER|rocecfg_*, BUFFER_PROFILE|rocecfg_lossless_*)
// is returned in `shared` and written before any binding: make before break.
// See sonic_qos_parse.cpp for how each field reads back.
#include <fmt/format.h>

#include "sonic/sonic.h"

namespace rocecfg::vendors::sonic {

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
    if (want.prio_tc[i] != i)
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

Status render_buffers(const plan::Step& step, const model::Settings& intent,
                      std::vector<std::string>& out, std::set<std::string>& shared) {
  const model::Buffers& want = *step.after.buffers;
  const std::optional<model::Buffers>& had = step.before.buffers;
  if (want.cable_length_m && (!had || had->cable_length_m != want.cable_length_m))
    out.push_back(fmt::format("sonic-db-cli CONFIG_DB HSET 'CABLE_LENGTH|{}' {} {}m", kCableLength,
                              step.target, *want.cable_length_m));
  if (!want.headroom_bytes || (had && had->headroom_bytes == want.headroom_bytes)) return {};
  if (!intent.pfc_enabled || intent.pfc_enabled->empty())
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
  for (unsigned p = 0; p < 8; ++p)
    if (intent.pfc_enabled->has(Priority::unchecked(p)))
      out.push_back(fmt::format("sonic-db-cli CONFIG_DB HSET 'BUFFER_PG|{}|{}' profile {}",
                                step.target, p, profile));
  return {};
}

}  // namespace rocecfg::vendors::sonic
