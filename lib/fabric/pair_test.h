// What one fabric test between two hosts measures: RDMA WRITE bandwidth with
// the profile's largest probe message and ping-pong latency with its
// smallest, each for the profile's probe duration, with its ToS and timeout.
// The same settings drive every prober, so an in-process run, an SSH run and
// an srun run measure the same thing.
#pragma once

#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "fabric/sample.h"
#include "probe/verdict.h"
#include "profile/intent.h"

namespace rocecfg::fabric {

struct PairTest {
  uint32_t bw_size_bytes = 1048576;
  uint32_t lat_size_bytes = 64;
  uint32_t duration_ms = 2000;
  uint32_t timeout_ms = 15000;
  uint32_t stall_ms = 3000;
  uint8_t tos = 0;
  bool bandwidth = true, latency = true;
  // The probe's own rules for each test (fabric/probe_rules.h): the
  // profile's expectations, passed to remote clients as options.
  probe::Expectations expect;
};

PairTest pair_test_from(const profile::Intent& intent);

// The `rocecfg probe` arguments of one half of a pair test (after "probe"):
// the client's bandwidth or latency run against a server at addr:port, with
// --json. Every value is numeric or already grammar-checked by the inventory
// or hostlist; callers still quote each argument for a shell. The client
// judges its run with t.expect (fabric/probe_rules.h).
std::vector<std::string> probe_client_args(const PairTest& t, bool bandwidth,
                                           const std::string& device, const std::string& addr,
                                           uint16_t port);
std::vector<std::string> probe_server_args(const std::string& device, const std::string& bind,
                                           uint16_t port);

// 'x' for a POSIX shell, with embedded quotes escaped.
std::string shell_quote(const std::string& s);

struct ProbeFigures {
  std::optional<double> bw_gbps, lat_p50_us;
  std::vector<std::string> probe_failures;  // fabric/probe_rules.h
};
// Reads `rocecfg probe --json` output: the bandwidth test's Gb/s or the
// latency test's median, and the failures of its verdict's path rules. A
// test that reported an error is that error.
Result<ProbeFigures> parse_probe_json(const std::string& text);

// One pair through a `rocecfg probe` client on another host (SSH, srun): the
// bandwidth test, then the latency test, each one client run whose JSON
// stdout `run_client(bandwidth)` returns, or why it has none. The first
// failure ends the pair; errors are prefixed with the client's name.
using RunClient = std::function<std::expected<std::string, std::string>(bool bandwidth)>;
Sample run_remote_pair(const PairTest& t, const std::string& client_name,
                       const RunClient& run_client);

}  // namespace rocecfg::fabric
