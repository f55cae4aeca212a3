// run_switches: the fleet runner (fleet.h) applied to switch jobs. Each
// worker owns its SSH session for the whole job; nothing is shared between
// switches except the known_hosts file (locked in ssh.cpp). Results leave
// through the sink as soon as input order allows, so a 256-switch push holds
// about as much as an 8-switch one (bench/switch_fleet_bench measures it).
#include <cctype>
#include <map>
#include <mutex>
#include <optional>

#include <fmt/format.h>

#include "core/lock_file.h"
#include "core/stop_signal.h"
#include "plan/journal.h"
#include "switch/fleet.h"

namespace rocecfg::sw {

std::string switch_file_stem(const SshTarget& ssh) {
  // The address is part of a file name: anything but letters, digits, '.'
  // and '-' (an IPv6 colon, or whatever slipped past the inventory) is '_'.
  std::string host = ssh.host;
  for (char& c : host)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-') c = '_';
  return fmt::format("switch-{}-{}", host, ssh.port);
}

std::string switch_lock_path(const SshTarget& ssh) {
  return fmt::format("{}/{}.lock", kLockDir, switch_file_stem(ssh));
}

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
  // A writing run holds the switch's lock from its first read to its last
  // read-back or rollback: another run's rollback restoring its snapshot in
  // between once left a switch at factory defaults under a success report.
  std::optional<LockFile> lock;
  if (mode == FleetMode::apply) {
    if (int signal = stop_signal_received()) {
      r.reason = fmt::format("not started: stopped by {}", signal_name(signal));
      return r;
    }
    Result<LockFile> l = LockFile::acquire(switch_lock_path(sw.ssh), sw.lock_wait_ms,
                                           "the apply lock of this switch");
    if (!l) {
      r.reason = l.error().to_string();
      return r;
    }
    lock.emplace(std::move(*l));
  }
  // An earlier apply of this switch that never finished (killed mid-push)
  // left its journal: say so before anything else is read.
  plan::Journal journal{plan::state_dir(), switch_file_stem(sw.ssh) + ".journal"};
  std::vector<std::string> earlier;
  if (auto j = plan::read_journal(journal); j && *j && !(*j)->running)
    earlier.push_back(plan::describe(**j) + "; what it left is read again below");
  adapter->set_platform(sw.platform);
  auto session = open_session(sw.ssh, *adapter);
  if (!session) {
    r.outcome = SwitchOutcome::unreachable;
    r.reason = session.error().message;
    return r;
  }
  if (auto known = learn_platform(*adapter, **session, *ports); !known) {
    r.reason = "model: " + known.error().to_string();
    return r;
  }
  SwitchResult done =
      mode == FleetMode::audit
          ? audit_switch(*adapter, **session, intent, *ports)
          : apply_switch(*adapter, **session, intent, *ports, mode == FleetMode::dry_run,
                         mode == FleetMode::apply ? &journal : nullptr);
  done.name = r.name;
  done.warnings.insert(done.warnings.begin(), earlier.begin(), earlier.end());
  // In sync now: whatever the killed run left is superseded.
  if (mode == FleetMode::apply && !earlier.empty() && done.outcome == SwitchOutcome::in_sync)
    (void)plan::end_journal(journal);
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
