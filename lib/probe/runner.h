// A whole probe run: the idle phase, then (with background load configured) the
// loaded phase; in each, bandwidth and latency per message size, with counter
// snapshots of both ends around the phase. Test failures are recorded, not
// fatal: every figure that could be measured is reported.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "probe/counters.h"
#include "probe/load.h"
#include "probe/marking.h"
#include "probe/session.h"

namespace rocecfg::probe {

struct TestStart {
  std::string phase;  // "idle" or "loaded"
  Mode mode = Mode::bw;
  uint32_t size_bytes = 0;
  size_t index = 0, count = 0;  // this is test index (1-based) of count
  double expected_s = 0;        // measured window with margins; 0 in iteration mode
};

struct ProbeConfig {
  // Peer mode: a server runs at host:port. Loopback modes: `loopback_server`
  // names the device an in-process server uses (the local device itself for
  // same-device loopback, another one for cross-device loopback).
  std::string host = "127.0.0.1";
  uint16_t port = kDefaultPort;
  std::optional<DeviceSelect> loopback_server;
  DeviceSelect local;

  Op op = Op::write;
  std::vector<uint32_t> sizes_bytes{64, 1048576};
  bool bandwidth = true;
  bool latency = true;
  uint32_t qps = 1;
  uint32_t tx_depth = 128;
  uint32_t signal_every = 16;
  uint32_t duration_ms = 2000;
  uint64_t iterations = 0;      // bandwidth: messages per QP instead of a duration
  uint64_t lat_iterations = 0;  // latency: ping-pongs instead of a duration
  uint8_t tos = 0;
  std::string tos_source = "default";  // "profile rdma_cm.tos", "--tos", "workload: ..."
  // The marking phase of each phase (marking.h): this many UD packets of
  // marking_bytes with `tos`; 0 = no marking phase.
  uint32_t marking_packets = 200;
  uint32_t marking_bytes = 64;
  // rdma_cm: the marking phase connects through RDMA-CM and sends with the
  // ToS the CM chooses (probe --rdma-cm); `tos` is then not used for it.
  MarkingConnect marking_connect = MarkingConnect::out_of_band;
  LoadConfig load;              // empty: no loaded phase
  uint32_t timeout_ms = 15000;  // per test
  uint32_t stall_ms = 3000;
  std::function<void(const std::string&)> progress;  // one line per step; may be empty
  // Called as each test starts (may be empty): what a progress display shows.
  std::function<void(const TestStart&)> on_test_start;
  // Caller-owned: set to 0 as each test starts, then to the bytes completed so
  // far in a bandwidth test (live Gb/s for a display).
  std::atomic<uint64_t>* live_bytes = nullptr;
};

struct TestRecord {
  std::string phase;  // "idle" or "loaded"
  Mode mode = Mode::bw;
  uint32_t size_bytes = 0;
  std::optional<TestOutcome> outcome;
  std::optional<Error> error;
};

struct MarkingRecord {
  std::string phase;  // "idle" or "loaded"
  std::optional<MarkingOutcome> outcome;
  std::optional<Error> error;
};

struct PhaseCounters {
  std::string phase;
  double seconds = 0;
  CounterMap delta;                 // both ends, merged ("rxe0:..." and "rxe1:...")
  std::vector<std::string> errors;  // snapshots that could not be taken
};

struct ProbeReport {
  std::string mode;  // "peer", "loopback", "cross-device loopback"
  std::string local_device;
  std::string server;  // host:port
  Op op = Op::write;
  uint32_t qps = 1;
  uint8_t tos = 0;
  std::string tos_source;
  std::optional<double> link_rate_gbps;  // the local port's reported rate
  std::vector<TestRecord> tests;
  std::vector<MarkingRecord> marking;
  std::vector<PhaseCounters> counters;
  std::optional<LoadSummary> load;
  std::optional<Error> load_error;
  double seconds = 0;

  // First successful outcome, for GID/MTU facts shared by all tests.
  const TestOutcome* first_outcome() const;
};

// Errors only when the run cannot start (in-process server fails to listen).
Result<ProbeReport> run_probe(const ProbeConfig& cfg);

// "64B", "64KiB", "1MiB": sizes as tables show them.
std::string size_label(uint64_t bytes);

}  // namespace rocecfg::probe
