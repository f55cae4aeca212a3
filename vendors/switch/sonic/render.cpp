// Plan -> SONiC commands. The `config` and `ecnconfig` CLIs where they exist;
// CONFIG_DB fields that have no CLI (DSCP_TO_TC_MAP entries, per-queue WRED
// binding, the DSCP trust binding, schedulers and buffers: qos_render.cpp)
// are written with `sonic-db-cli CONFIG_DB HSET`, the key single-quoted
// because it contains `|`.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "sonic/sonic.h"
#include "switch/interfaces.h"

namespace rocecfg::sw::sonic {

namespace {

const char* action_name(model::WatchdogAction a) {
  switch (a) {
    case model::WatchdogAction::drop:
      return "drop";
    case model::WatchdogAction::forward:
      return "forward";
    case model::WatchdogAction::alert:
      return "alert";
  }
  return "drop";
}

}  // namespace

Result<std::vector<std::string>> render_commands(const model::Settings& intent,
                                                 const plan::Plan& changes, Diagnostics&) {
  std::vector<std::string> out;
  // The software PFC watchdog runs on PORT_QOS_MAP.pfcwd_sw_enable's queues
  // (sonic-port-qos-map.yang: "the queue(s) on which software pfc watchdog are
  // enabled"; qosorch hands it to the ports as the watchdog bitmap), which the
  // factory sets to 3,4 like pfc_enable. `config interface pfc priority` edits
  // only pfc_enable (sonic-utilities pfc/main.py), so a new lossless priority
  // would get no watchdog. Set it to the lossless set wherever PFC or the
  // watchdog changes, as db_migrator's version_3_0_4 does ("by default, PFC
  // software watchdog is enabled on all pfc enabled queues").
  std::set<std::string> pfcwd_sw_done;
  auto pfcwd_sw = [&](const std::string& port, const std::optional<PriorityMask>& pfc) {
    if (!pfc || !pfcwd_sw_done.insert(port).second) return;
    if (pfc->empty())  // no lossless queue to watch: absent = every PFC queue = none
      out.push_back(
          fmt::format("sonic-db-cli CONFIG_DB HDEL 'PORT_QOS_MAP|{}' pfcwd_sw_enable", port));
    else
      out.push_back(fmt::format("sonic-db-cli CONFIG_DB HSET 'PORT_QOS_MAP|{}' pfcwd_sw_enable {}",
                                port, pfc->to_string()));
  };
  std::set<std::string> shared;  // SCHEDULER / BUFFER_PROFILE entries the bindings use
  // BUFFER_PG removals, sent after every PFC command: a PG loses its headroom
  // only once its priority no longer sends PAUSE.
  std::vector<std::string> release;
  // pfcwd takes several ports per command: group ports by identical settings.
  std::map<std::string, std::vector<std::string>> watchdog_groups;
  for (const plan::Step& s : changes.steps) {
    if (s.kind != plan::StepKind::change) continue;
    const model::Settings& want = s.after;
    const model::Settings& had = s.before;
    const std::string& port = s.target;
    using model::Knob;
    switch (s.knob) {
      case Knob::mtu:
        if (*want.mtu_bytes < 68 || *want.mtu_bytes > 9216)
          return fail(ErrorKind::invalid_input, port, "SONiC MTU range is 68..9216");
        out.push_back(fmt::format("sudo config interface mtu {} {}", port, *want.mtu_bytes));
        break;
      case Knob::pfc: {
        PriorityMask was = had.pfc_enabled.value_or(PriorityMask());
        for (unsigned p = 0; p < 8; ++p) {  // add before remove: never fewer lossless classes
          Priority pr = Priority::unchecked(p);
          if (want.pfc_enabled->has(pr) && !was.has(pr))
            out.push_back(fmt::format("sudo config interface pfc priority {} {} on", port, p));
        }
        for (unsigned p = 0; p < 8; ++p) {
          Priority pr = Priority::unchecked(p);
          if (!want.pfc_enabled->has(pr) && was.has(pr))
            out.push_back(fmt::format("sudo config interface pfc priority {} {} off", port, p));
        }
        pfcwd_sw(port, want.pfc_enabled);
        break;
      }
      case Knob::trust:
        if (*want.trust == model::Trust::dscp)
          out.push_back(fmt::format(
              "sonic-db-cli CONFIG_DB HSET 'PORT_QOS_MAP|{}' dscp_to_tc_map {}", port, kDscpMap));
        else
          out.push_back(
              fmt::format("sonic-db-cli CONFIG_DB HDEL 'PORT_QOS_MAP|{}' dscp_to_tc_map", port));
        break;
      case Knob::dscp_map: {
        std::string fields;
        for (auto [dscp, tc] : *want.dscp_priority) {
          if (had.dscp_priority) {
            auto it = had.dscp_priority->find(dscp);
            if (it != had.dscp_priority->end() && it->second == tc) continue;
          }
          fields += fmt::format(" {} {}", dscp, tc);
        }
        if (!fields.empty())
          out.push_back(
              fmt::format("sonic-db-cli CONFIG_DB HSET 'DSCP_TO_TC_MAP|{}'{}", kDscpMap, fields));
        break;
      }
      case Knob::ecn_priorities: {
        PriorityMask was = had.ecn_priorities.value_or(PriorityMask());
        for (unsigned q = 0; q < 8; ++q) {
          Priority p = Priority::unchecked(q);
          if (want.ecn_priorities->has(p) && !was.has(p))
            out.push_back(fmt::format("sonic-db-cli CONFIG_DB HSET 'QUEUE|{}|{}' wred_profile {}",
                                      port, q, kWredProfile));
          if (!want.ecn_priorities->has(p) && was.has(p))
            out.push_back(
                fmt::format("sonic-db-cli CONFIG_DB HDEL 'QUEUE|{}|{}' wred_profile", port, q));
        }
        break;
      }
      case Knob::ecn: {
        const model::Ecn& e = *want.ecn;
        if (e.min_threshold_bytes > e.max_threshold_bytes)
          return fail(ErrorKind::invalid_input, "ecn", "min threshold above max threshold");
        // min and max in one call: ecnconfig merges into the existing profile
        // and rejects an intermediate min > max.
        out.push_back(fmt::format("sudo ecnconfig -p {} -gmin {} -gmax {} -gdrop {}", kWredProfile,
                                  e.min_threshold_bytes, e.max_threshold_bytes,
                                  e.mark_probability_percent));
        break;
      }
      case Knob::pfc_watchdog: {
        const model::PfcWatchdog& wd = *want.pfc_watchdog;
        pfcwd_sw(port, intent.pfc_enabled);
        watchdog_groups[fmt::format("--action {} --restoration-time {}|{}", action_name(wd.action),
                                    wd.restoration_ms, wd.detection_ms)]
            .push_back(port);
        break;
      }
      case Knob::ets:
        if (Status r = render_ets(s, out, shared); !r) return std::unexpected(r.error());
        break;
      case Knob::buffers:
        if (Status r = render_buffers(s, out, release, shared); !r)
          return std::unexpected(r.error());
        break;
      default:
        return fail(ErrorKind::unsupported, s.target,
                    fmt::format("knob {} is not rendered for sonic", model::knob_name(s.knob)));
    }
  }
  out.insert(out.end(), release.begin(), release.end());
  for (auto& [key, ports] : watchdog_groups) {
    std::sort(ports.begin(), ports.end(), sw::interface_less);
    std::string list;
    for (const std::string& p : ports) list += p + " ";
    size_t bar = key.find('|');
    out.push_back(fmt::format("sudo config pfcwd start {} {}{}", key.substr(0, bar), list,
                              key.substr(bar + 1)));
  }
  out.insert(out.begin(), shared.begin(), shared.end());
  return out;
}

model::Settings lossless_pgs_from_pfc(const model::Settings& intent) {
  model::Settings s = intent;
  if (!s.buffers || !s.buffers->headroom_bytes || !s.pfc_enabled) return s;
  std::vector<PriorityMask> pgs;
  for (unsigned p = 0; p < 8; ++p)
    if (s.pfc_enabled->has(Priority::unchecked(p)))
      pgs.push_back(PriorityMask(static_cast<uint8_t>(1u << p)));
  s.buffers->lossless_pgs = std::move(pgs);
  return s;
}

}  // namespace rocecfg::sw::sonic
