// Intent -> Junos `set` statements (see junos.h for the model). The shared
// objects (forwarding classes, classifiers, congestion-notification
// profiles, schedulers, the scheduler map) are rebuilt whole from the
// intent each time anything is planned: `delete` then `set` inside one
// commit, so Junos's own diff (`show | compare`) holds only what really
// changes, and no stale entry of ours survives. Interface bindings are
// rendered for the ports the plan touches.
//
// Every form is in tests/switch/conformance/junos.json with its document.
#include <cstdio>
#include <tuple>

#include <fmt/format.h>

#include "../cli/common.h"
#include "junos.h"

namespace rocecfg::sw::junos {

namespace {

using model::Knob;

constexpr std::string_view kCos = "class-of-service";

std::string class_name(unsigned queue) {
  return fmt::format("rocecfg-q{}", queue);
}
std::string scheduler_name(unsigned queue) {
  return fmt::format("rocecfg-s{}", queue);
}

// The profile that carries a port's PFC priorities and its watchdog.
std::string profile_name(PriorityMask mask, bool watchdog) {
  std::string digits;
  for (unsigned p = 0; p < 8; ++p)
    if (mask.has(Priority::unchecked(p))) digits += std::to_string(p);
  return "rocecfg-pfc-" + digits + (watchdog ? "-wd" : "");
}

model::PrioTcMap prio_tc_of(const model::Settings& want) {
  return want.ets ? want.ets->prio_tc : model::kIdentityPrioTc;
}

struct Wanted {
  model::PrioTcMap prio_tc;
  std::optional<model::Ets> ets;
  PriorityMask lossless;  // every port's PFC priorities together
  std::optional<model::PfcWatchdog> watchdog;
  std::set<std::pair<uint8_t, bool>> profiles;  // (PFC mask, watchdog) in use
};

// What the switch-wide objects must hold for every port in `ports`.
Result<Wanted> wanted(const model::Settings& intent, const cli::RenderPlan& plan,
                      const std::vector<std::string>& ports) {
  Wanted w;
  bool first = true;
  for (const std::string& port : ports) {
    model::Settings want = plan.port_want(intent, port);
    if (first) {
      w.prio_tc = prio_tc_of(want), w.ets = want.ets, first = false;
    } else if (prio_tc_of(want) != w.prio_tc || want.ets != w.ets) {
      return fail(ErrorKind::invalid_input, port,
                  "Junos forwarding classes and the scheduler map are switch-wide: every port "
                  "must want the same priority map and ETS");
    }
    PriorityMask mask = want.pfc_enabled.value_or(PriorityMask{});
    w.lossless = PriorityMask(w.lossless.bits() | mask.bits());
    if (want.pfc_watchdog) {
      if (w.watchdog && *w.watchdog != *want.pfc_watchdog)
        return fail(ErrorKind::invalid_input, port,
                    "Junos renders one PFC watchdog timer set: ports want different ones");
      w.watchdog = want.pfc_watchdog;
    }
    if (!mask.empty()) w.profiles.insert({mask.bits(), want.pfc_watchdog.has_value()});
  }
  if (ports.empty()) w.prio_tc = prio_tc_of(intent), w.ets = intent.ets;
  return w;
}

// The queues whose scheduler marks ECN: those of the priorities [ecn]
// marks (default: the lossless ones), when the thresholds are fill levels.
std::set<unsigned> ecn_queues(const model::Settings& global, const Wanted& w) {
  std::set<unsigned> out;
  if (!global.ecn || !global.ecn->fill) return out;
  PriorityMask marks = global.ecn_priorities.value_or(w.lossless);
  for (unsigned p = 0; p < 8; ++p)
    if (marks.has(Priority::unchecked(p))) out.insert(w.prio_tc[p].value());
  return out;
}

std::vector<std::string> definitions(const model::Settings& global, const Wanted& w) {
  std::vector<std::string> out;
  auto set = [&out](std::string tail) { out.push_back(fmt::format("set {} {}", kCos, tail)); };
  auto del = [&out](std::string tail) { out.push_back(fmt::format("delete {} {}", kCos, tail)); };

  std::set<unsigned> queues;
  for (TrafficClass t : w.prio_tc) queues.insert(t.value());
  for (unsigned q : queues) {
    del("forwarding-classes class " + class_name(q));
    std::string line = fmt::format("forwarding-classes class {} queue-num {}", class_name(q), q);
    for (unsigned p = 0; p < 8; ++p)
      if (w.lossless.has(Priority::unchecked(p)) && w.prio_tc[p].value() == q)
        line += fmt::format(" no-loss pfc-priority {}", p);
    set(line);
  }
  // Which priority each class stands for (and the classifier trust pcp binds).
  del(fmt::format("classifiers ieee-802.1 {}", kPcpClassifier));
  for (unsigned p = 0; p < 8; ++p)
    set(fmt::format(
        "classifiers ieee-802.1 {} forwarding-class {} loss-priority low code-points {}",
        kPcpClassifier, class_name(w.prio_tc[p].value()), pcp_bits(p)));
  del(fmt::format("classifiers dscp {}", kDscpClassifier));
  for (auto [dscp, prio] : cli::dscp_entries(global))
    set(fmt::format("classifiers dscp {} forwarding-class {} loss-priority low code-points {}",
                    kDscpClassifier, class_name(w.prio_tc[prio.value()].value()),
                    dscp_bits(dscp.value())));
  for (auto [bits, watchdog] : w.profiles) {
    const std::string name = profile_name(PriorityMask(bits), watchdog);
    del("congestion-notification-profile " + name);
    for (unsigned p = 0; p < 8; ++p) {
      if (!PriorityMask(bits).has(Priority::unchecked(p))) continue;
      set(fmt::format("congestion-notification-profile {} input ieee-802.1 code-point {} pfc", name,
                      pcp_bits(p)));
      set(fmt::format(
          "congestion-notification-profile {} output ieee-802.1 code-point {} flow-control-queue "
          "{}",
          name, pcp_bits(p), w.prio_tc[p].value()));
    }
    if (watchdog && w.watchdog) {
      const model::PfcWatchdog& wd = *w.watchdog;
      set(fmt::format("congestion-notification-profile {} pfc-watchdog poll-interval {}", name,
                      kWatchdogPollMs));
      set(fmt::format("congestion-notification-profile {} pfc-watchdog detection {}", name,
                      wd.detection_ms / kWatchdogPollMs));
      set(fmt::format("congestion-notification-profile {} pfc-watchdog recovery {}", name,
                      wd.restoration_ms));
      set(fmt::format("congestion-notification-profile {} pfc-watchdog watchdog-action {}", name,
                      wd.action == model::WatchdogAction::drop ? "drop" : "forward"));
    }
  }
  // ECN: one drop profile, two points (start at the first fill level, the
  // marking probability at the second), on the marking queues' schedulers.
  const std::set<unsigned> marking = ecn_queues(global, w);
  del(fmt::format("drop-profiles {}", kDropProfile));
  if (!marking.empty()) {
    const model::Ecn& e = *global.ecn;
    set(fmt::format("drop-profiles {} interpolate fill-level [ {} {} ]", kDropProfile,
                    e.fill->min_percent, e.fill->max_percent));
    set(fmt::format("drop-profiles {} interpolate drop-probability [ 0 {} ]", kDropProfile,
                    e.mark_probability_percent));
  }
  if (w.ets) {
    del(fmt::format("scheduler-maps {}", kSchedulerMap));
    for (unsigned q : queues) {
      del("schedulers " + scheduler_name(q));
      if (q < 8 && w.ets->tc_tsa[q] == model::Tsa::strict)
        set(fmt::format("schedulers {} priority strict-high", scheduler_name(q)));
      else if (q < 8 && w.ets->tc_bandwidth_percent[q] > 0)
        set(fmt::format("schedulers {} transmit-rate percent {}", scheduler_name(q),
                        w.ets->tc_bandwidth_percent[q]));
      else
        set("schedulers " + scheduler_name(q));  // no guaranteed share
      if (marking.contains(q)) {
        set(fmt::format("schedulers {} explicit-congestion-notification", scheduler_name(q)));
        set(fmt::format(
            "schedulers {} drop-profile-map loss-priority any protocol any drop-profile {}",
            scheduler_name(q), kDropProfile));
      }
      set(fmt::format("scheduler-maps {} forwarding-class {} scheduler {}", kSchedulerMap,
                      class_name(q), scheduler_name(q)));
    }
  }
  return out;
}

// The shared buffer's partitions (Juniper, "Configuring Global Ingress and
// Egress Shared Buffers", buffer-partition (Ingress) and (Egress)): the
// ingress lossless, lossless-headroom and lossy partitions as the profile
// splits them (they total 100). Egress: with a multicast partition (Junos
// before EVO, QFX5100..5210) lossless, multicast and the lossy share they
// leave, totalling 100 as the egress rule asks; without one (EVO QFX5130,
// 5220, 5230, 5240: no multicast pool, the headroom reserved at egress too)
// lossless and lossy equal to ingress, as Juniper's QFX5K buffer
// architecture note requires and the QFX5240 JVD configures.
void shared_buffer_lines(const model::SharedSplit& s, Diagnostics& warnings,
                         std::vector<std::string>& out) {
  auto set = [&out](std::string_view way, std::string_view part, uint32_t percent) {
    out.push_back(fmt::format("set {} shared-buffer {} buffer-partition {} percent {}", kCos, way,
                              part, percent));
  };
  set("ingress", "lossless", s.lossless_percent);
  set("ingress", "lossless-headroom", s.headroom_percent.value_or(0));
  set("ingress", "lossy", s.lossy_percent);
  set("egress", "lossless", s.lossless_percent);
  if (s.multicast_percent) {
    set("egress", "lossy", 100 - s.lossless_percent - *s.multicast_percent);
    set("egress", "multicast", *s.multicast_percent);
  } else {
    set("egress", "lossy", s.lossy_percent);
  }
  cli::warn(warnings, kVendor, Knob::buffers,
            "changing the shared buffer stops traffic on every port until the buffer is "
            "reprogrammed (Juniper, Configuring Global Ingress and Egress Shared Buffers)");
}

void port_lines(const std::string& port, const model::Settings& want,
                const std::map<Knob, plan::Step>& knobs, Diagnostics& warnings,
                std::vector<std::string>& out) {
  const std::string cos = fmt::format("{} interfaces {}", kCos, port);
  if (knobs.contains(Knob::mtu))
    out.push_back(want.mtu_bytes ? fmt::format("set interfaces {} mtu {}", port, *want.mtu_bytes)
                                 : fmt::format("delete interfaces {} mtu", port));
  if (knobs.contains(Knob::pfc) || knobs.contains(Knob::pfc_watchdog)) {
    PriorityMask mask = want.pfc_enabled.value_or(PriorityMask{});
    if (mask.empty())
      out.push_back(fmt::format("delete {} congestion-notification-profile", cos));
    else
      out.push_back(fmt::format("set {} congestion-notification-profile {}", cos,
                                profile_name(mask, want.pfc_watchdog.has_value())));
    if (auto it = knobs.find(Knob::pfc); it != knobs.end())
      cli::warn(warnings, kVendor, Knob::pfc,
                fmt::format("{}: changing PFC blocks the whole port until the change completes "
                            "(traffic on every queue of the port is lost meanwhile)",
                            port));
  }
  if (knobs.contains(Knob::trust)) {
    bool dscp = want.trust == model::Trust::dscp, pcp = want.trust == model::Trust::pcp;
    out.push_back(dscp ? fmt::format("set {} unit 0 classifiers dscp {}", cos, kDscpClassifier)
                       : fmt::format("delete {} unit 0 classifiers dscp", cos));
    out.push_back(pcp ? fmt::format("set {} unit 0 classifiers ieee-802.1 {}", cos, kPcpClassifier)
                      : fmt::format("delete {} unit 0 classifiers ieee-802.1", cos));
  }
  if (knobs.contains(Knob::ets))
    out.push_back(want.ets ? fmt::format("set {} scheduler-map {}", cos, kSchedulerMap)
                           : fmt::format("delete {} scheduler-map", cos));
}

}  // namespace

Status check_intent(const model::Settings& intent) {
  // The ingress partitions are three and total 100: without a stated
  // headroom share, lossless traffic would have no room past XOFF.
  if (intent.buffers && intent.buffers->shared && !intent.buffers->shared->headroom_percent)
    return fail(ErrorKind::invalid_input, "buffers",
                "Junos splits the ingress shared buffer into lossless, lossless-headroom and "
                "lossy partitions totalling 100: buffers.shared_headroom_percent is needed");
  // ECN marks in a scheduler, and schedulers reach a port only through the
  // scheduler map that ETS binds.
  if (intent.ecn && intent.ecn->fill && !intent.ets)
    return fail(ErrorKind::invalid_input, "ecn",
                "Junos marks ECN in the schedulers a scheduler map binds to the port: [ets] is "
                "needed with [ecn] fill_level_percent");
  // A no-loss class names one pfc-priority: two lossless priorities on one
  // queue cannot be represented.
  if (intent.pfc_enabled) {
    model::PrioTcMap map = prio_tc_of(intent);
    std::map<unsigned, unsigned> queue_prio;
    for (unsigned p = 0; p < 8; ++p) {
      if (!intent.pfc_enabled->has(Priority::unchecked(p))) continue;
      auto [it, fresh] = queue_prio.emplace(map[p].value(), p);
      if (!fresh)
        return fail(ErrorKind::invalid_input, "pfc",
                    fmt::format("Junos: lossless priorities {} and {} share queue {}, but a "
                                "no-loss forwarding class has one pfc-priority",
                                it->second, p, map[p].value()));
    }
  }
  return {};
}

model::Settings representable(const Platform& platform, const model::Settings& intent,
                              Diagnostics& warnings) {
  (void)platform;
  model::Settings out = intent;
  if (uint32_t asked = out.mtu_bytes.value_or(0); model::clamp_mtu(out, kMtu))
    cli::warn(warnings, kVendor, Knob::mtu,
              fmt::format("Junos interfaces take at most {} bytes: MTU {} is applied as {}",
                          kMtu.max_bytes, asked, kMtu.max_bytes));
  // Of the buffers, the shared buffer's split is Junos's to take; the PFC
  // headroom comes from the lossless-headroom partition, sized by the switch.
  if (out.buffers) {
    model::Buffers& b = *out.buffers;
    if (b.cable_length_m || b.headroom_bytes)
      cli::warn(warnings, kVendor, Knob::buffers,
                "Junos sizes PFC headroom itself, out of the lossless-headroom partition "
                "(buffers.shared_headroom_percent): buffers.cable_length_m and buffers.headroom "
                "are not sent");
    b.cable_length_m.reset(), b.headroom_bytes.reset(), b.lossless_pgs.reset();
    b.prio_buffer.reset(), b.buffer_size_bytes.reset();
    if (b.empty()) out.buffers.reset();
  }
  if (out.pfc_watchdog) {
    // Detection is a number of polls of kWatchdogPollMs.
    model::PfcWatchdog& wd = *out.pfc_watchdog;
    uint32_t polls =
        std::max<uint32_t>(1, (wd.detection_ms + kWatchdogPollMs / 2) / kWatchdogPollMs);
    uint32_t recovery = std::min<uint32_t>(wd.restoration_ms, 65535);
    if (polls * kWatchdogPollMs != wd.detection_ms || recovery != wd.restoration_ms)
      cli::warn(warnings, kVendor, Knob::pfc_watchdog,
                fmt::format("Junos detects a PFC storm in polls of {} ms and recovers in at most "
                            "65535 ms: {}ms/{}ms are applied as {}ms/{}ms",
                            kWatchdogPollMs, wd.detection_ms, wd.restoration_ms,
                            polls * kWatchdogPollMs, recovery));
    wd.detection_ms = polls * kWatchdogPollMs;
    wd.restoration_ms = recovery;
    if (wd.action == model::WatchdogAction::alert) {
      cli::warn(warnings, kVendor, Knob::pfc_watchdog,
                "Junos watchdog actions are drop or forward: action alert is applied as forward");
      wd.action = model::WatchdogAction::forward;
    }
  }
  return out;
}

// The egress partitions differ by OS: Evolved QFX has no multicast pool,
// Junos's three egress partitions must total 100 (junos.h). Refused before
// anything is sent where the switch's OS is known; unknown: rendered as the
// profile states it (commit check refuses what the switch does not take).
static Status check_shared_for(const Platform& platform, const model::Settings& intent) {
  if (!intent.buffers || !intent.buffers->shared) return {};
  const model::SharedSplit& s = *intent.buffers->shared;
  Os os = os_of(platform);
  std::string which = platform.release.empty() ? platform.model : platform.release;
  if (os == Os::evolved && s.multicast_percent)
    return fail(ErrorKind::invalid_input, "buffers",
                fmt::format("Junos OS Evolved ({}) has no egress multicast partition on QFX "
                            "(Juniper QFX5K buffer architecture): buffers.shared_multicast_percent "
                            "cannot be applied",
                            which));
  if (os == Os::junos && !s.multicast_percent)
    return fail(ErrorKind::invalid_input, "buffers",
                fmt::format("Junos ({}, not Evolved) takes egress lossless, lossy and multicast "
                            "partitions totalling 100 (buffer-partition (Egress)): "
                            "buffers.shared_multicast_percent is needed",
                            which));
  return {};
}

// "23.4R2-S2.1" -> at least (23, 4, R2)? nullopt where the release is not
// of the MAJOR.MINOR R N form (special trains such as 23.4X100-D31, unknown).
static std::optional<bool> release_at_least(const std::string& release, unsigned major,
                                            unsigned minor, unsigned r) {
  unsigned a = 0, b = 0, n = 0;
  char kind = 0;
  if (std::sscanf(release.c_str(), "%u.%u%c%u", &a, &b, &kind, &n) != 4 || kind != 'R')
    return std::nullopt;
  return std::tuple(a, b, n) >= std::tuple(major, minor, r);
}

// The watchdog's forms by release, as Juniper/yang's class-of-service models
// show them: `pfc-watchdog` from 20.3R1, `watchdog-action forward` from
// 23.4R2 (drop only before). Refused before a push where the release says so.
static Status check_watchdog_for(const Platform& platform, const model::Settings& intent,
                                 const std::vector<std::string>& ports,
                                 const cli::RenderPlan& plan) {
  for (const std::string& port : ports) {
    model::Settings want = plan.port_want(intent, port);
    if (!want.pfc_watchdog) continue;
    if (release_at_least(platform.release, 20, 3, 1) == false)
      return fail(ErrorKind::invalid_input, "pfc_watchdog",
                  fmt::format("Junos {} has no pfc-watchdog (Juniper/yang: from 20.3R1)",
                              platform.release));
    if (want.pfc_watchdog->action == model::WatchdogAction::forward &&
        release_at_least(platform.release, 23, 4, 2) == false)
      return fail(
          ErrorKind::invalid_input, "pfc_watchdog",
          fmt::format("Junos {} takes watchdog-action drop only (Juniper/yang: forward "
                      "from 23.4R2); the profile asks forward (alert is applied as forward)",
                      platform.release));
  }
  return {};
}

Result<std::vector<std::string>> render(const Platform& platform, const model::Settings& intent,
                                        const std::vector<std::string>& ports,
                                        const plan::Plan& changes, Diagnostics& warnings) {
  if (Status ok = check_intent(intent); !ok) return std::unexpected(ok.error());
  if (Status ok = check_shared_for(platform, intent); !ok) return std::unexpected(ok.error());
  auto plan = cli::render_plan(changes, ports);
  if (!plan) return std::unexpected(plan.error());
  if (plan->empty()) return std::vector<std::string>{};
  if (Status ok = check_watchdog_for(platform, intent, ports, *plan); !ok)
    return std::unexpected(ok.error());
  auto w = wanted(intent, *plan, ports);
  if (!w) return std::unexpected(w.error());
  std::vector<std::string> out;
  const model::Settings global = plan->global_want(intent);
  // Only when planned: each change of it is a buffer reprogramming.
  if (plan->has_global(Knob::buffers) && global.buffers && global.buffers->shared)
    shared_buffer_lines(*global.buffers->shared, warnings, out);
  if (plan->global.size() > plan->global.count(Knob::buffers) || !plan->ports.empty()) {
    std::vector<std::string> defs = definitions(global, *w);
    out.insert(out.end(), defs.begin(), defs.end());
  }
  for (const std::string& port : ports)
    if (auto it = plan->ports.find(port); it != plan->ports.end())
      port_lines(port, plan->port_want(intent, port), it->second, warnings, out);
  return out;
}

}  // namespace rocecfg::sw::junos
