// Runs one job per switch on a bounded pool of worker threads. A job's
// failure is its own: it becomes that switch's outcome and never stops,
// delays (beyond its own timeouts) or corrupts the others. On a terminal,
// progress goes to stderr as one rewritten line.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "model/settings.h"
#include "switch/engine.h"
#include "switch/ssh.h"

namespace rocecfg::sw {

struct FleetProgress {
  bool enabled = false;  // usually isatty(stderr)
  std::string verb;      // "applying", "auditing"
};

// Calls job(i) for i in [0, count) with at most `parallel` running at once
// (clamped to 1..256). Returns when all are done. Exceptions escaping a job
// are caught and passed to `on_exception(i, what)`.
void run_fleet(size_t count, int parallel, const std::function<void(size_t)>& job,
               const std::function<void(size_t, const std::string&)>& on_exception,
               const FleetProgress& progress = {},
               const std::function<std::string(size_t)>& label = {});

struct FleetSwitch {
  SshTarget ssh;  // ssh.name is the switch's inventory name
  std::string vendor;
  std::vector<std::string> interfaces;  // ranges as the inventory spells them
  // apply: how long to wait for another rocecfg apply of this switch
  // (switch_lock_path) before that switch fails alone.
  int lock_wait_ms = 60000;
  Platform platform = {};  // inventory model/release; empty: ask the switch
};

// One switch's files on the controller, by address and port (two
// inventories may name one switch differently): "switch-ADDR-PORT", for the
// lock /run/rocecfg/switch-ADDR-PORT.lock and the apply journal
// /var/lib/rocecfg/switch-ADDR-PORT.journal.
std::string switch_file_stem(const SshTarget& ssh);
std::string switch_lock_path(const SshTarget& ssh);

enum class FleetMode { audit, apply, dry_run };

// Receives each switch's result exactly once, in input order, as soon as
// that switch and every switch before it have finished; calls are serialised.
// A result that finishes ahead of an earlier, slower switch waits in a
// reorder buffer, so memory is bounded by the switches in flight and the
// sink's own keeping, not by the fleet size.
using ResultSink = std::function<void(size_t index, SwitchResult&& result)>;

// Audit or apply every switch, `parallel` at a time. Bad input (unknown
// vendor, malformed interface range) is a `failed` result for that switch
// before anything is sent to it.
void run_switches(const std::vector<FleetSwitch>& switches, const model::Settings& intent,
                  FleetMode mode, int parallel, const ResultSink& sink,
                  const FleetProgress& progress = {});

// The same, keeping every result (input order): for tests and small fleets.
std::vector<SwitchResult> run_switches(const std::vector<FleetSwitch>& switches,
                                       const model::Settings& intent, FleetMode mode, int parallel,
                                       const FleetProgress& progress = {});

}  // namespace rocecfg::sw
