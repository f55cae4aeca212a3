// Reading counters from many switches over one window: every switch's first
// snapshot in parallel (sessions kept open), a wait until the window has
// passed since the first snapshot began, every switch's second snapshot in
// parallel. Each switch's window is measured between its own two reads, so
// rates are right however long the others took. A switch that cannot be
// reached, or whose outputs do not parse, fails alone with its reason.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "switch/counter_reader.h"
#include "switch/fleet.h"

namespace rocecfg::sw {

struct CounterRead {
  std::string name;
  std::string vendor;
  bool ok = false;
  bool unreachable = false;  // connect/auth failed: nothing was read
  std::string error;         // one line when !ok
  CounterWindow window;      // deltas between the two snapshots
  CounterSnapshot before, after;
};

struct CounterCollectOptions {
  uint32_t window_ms = 1000;
  int parallel = 64;
  bool single = false;  // one snapshot only: absolute values
  // Run between the two rounds instead of waiting window_ms (probe: its load
  // phase), so the window is exactly what happened around it.
  std::function<void()> between;
  // Milliseconds of a steady clock at a read of round 1 or 2; the default is
  // std::chrono::steady_clock. Tests pin rates with a clock that steps exactly
  // window_ms between the rounds (the wait itself stays real).
  std::function<double(int round)> clock_ms;
};

// One snapshot over an open session: every command of the reader; a command
// the device rejects is listed as unread (the others still count); an output
// that does not parse fails the snapshot. Only `ports` are kept (empty: all).
Result<CounterSnapshot> take_snapshot(const CounterReader& reader, Session& session,
                                      const std::vector<std::string>& ports,
                                      const std::string& switch_name);

std::vector<CounterRead> collect_counters(const std::vector<FleetSwitch>& switches,
                                          const CounterCollectOptions& options);

}  // namespace rocecfg::sw
