// run_switches: the fleet runner (fleet.h) applied to switch jobs. Each
// worker owns its SSH session for the whole job; nothing is shared between
// switches except the known_hosts file (locked in ssh.cpp). Results leave
// through the sink as soon as input order allows, so a 256-switch push holds
// about as much as an 8-switch one (bench/switch_fleet_bench measures it).
#include <map>
#include <mutex>

#include <fmt/format.h>

#include "switch/fleet.h"

namespace rocecfg::sw {

namespace {

SwitchResult run_one(const FleetSwitch& sw, const model::Settings& intent, FleetMode mode) {
  SwitchResult r;
  r.name = sw.ssh.name;
  r.vendor = sw.vendor;
  std::unique_ptr<Adapter> adapter = make_adapter(sw.vendor);
  if (!adapter) {
    r.reason = fmt::format("no adapter for vendor {:?}", sw.vendor);
    return r;
  }
  auto ports = adapter->expand_interfaces(sw.interfaces);
  if (!ports) {
    r.reason = "interfaces: " + ports.error().to_string();
    return r;
  }
  auto session = open_session(sw.ssh, *adapter);
  if (!session) {
    r.outcome = SwitchOutcome::unreachable;
    r.reason = session.error().message;
    return r;
  }
  SwitchResult done = mode == FleetMode::audit ? audit_switch(*adapter, **session, intent, *ports)
                                               : apply_switch(*adapter, **session, intent, *ports,
                                                              mode == FleetMode::dry_run);
  done.name = r.name;
  return done;
}

}  // namespace

void run_switches(const std::vector<FleetSwitch>& switches, const model::Settings& intent,
                  FleetMode mode, int parallel, const ResultSink& sink,
                  const FleetProgress& progress) {
  std::mutex mutex;
  std::map<size_t, SwitchResult> waiting;  // finished ahead of an earlier switch
  size_t next = 0;                         // the next index the sink expects
  auto finish = [&](size_t i, SwitchResult&& r) {
    std::lock_guard lock(mutex);
    waiting.emplace(i, std::move(r));
    for (auto it = waiting.begin(); it != waiting.end() && it->first == next;
         it = waiting.erase(it), ++next)
      sink(it->first, std::move(it->second));
  };
  run_fleet(
      switches.size(), parallel,
      [&](size_t i) {
        SwitchResult r = run_one(switches[i], intent, mode);
        finish(i, std::move(r));
      },
      [&](size_t i, const std::string& what) {
        SwitchResult r;
        r.name = switches[i].ssh.name;
        r.vendor = switches[i].vendor;
        r.outcome = SwitchOutcome::failed;
        r.reason = "internal error: " + what;
        finish(i, std::move(r));
      },
      progress, [&](size_t i) { return switches[i].ssh.name; });
}

std::vector<SwitchResult> run_switches(const std::vector<FleetSwitch>& switches,
                                       const model::Settings& intent, FleetMode mode, int parallel,
                                       const FleetProgress& progress) {
  std::vector<SwitchResult> results(switches.size());
  run_switches(
      switches, intent, mode, parallel,
      [&](size_t i, SwitchResult&& r) { results[i] = std::move(r); }, progress);
  return results;
}

}  // namespace rocecfg::sw
