// run_switches: the fleet runner (fleet.h) applied to switch jobs. Each
// worker owns its SSH session for the whole job; nothing is shared between
// switches except the known_hosts file (locked in ssh.cpp).
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

std::vector<SwitchResult> run_switches(const std::vector<FleetSwitch>& switches,
                                       const model::Settings& intent, FleetMode mode, int parallel,
                                       const FleetProgress& progress) {
  std::vector<SwitchResult> results(switches.size());
  run_fleet(
      switches.size(), parallel, [&](size_t i) { results[i] = run_one(switches[i], intent, mode); },
      [&](size_t i, const std::string& what) {
        results[i].name = switches[i].ssh.name;
        results[i].vendor = switches[i].vendor;
        results[i].outcome = SwitchOutcome::failed;
        results[i].reason = "internal error: " + what;
      },
      progress, [&](size_t i) { return switches[i].ssh.name; });
  return results;
}

}  // namespace rocecfg::sw
