// One probe test between a client and a server, end to end over the
// out-of-band exchange (wire.h):
//   client                          server
//   hello(kind, params)      ->
//                                   build QPs
//                            <-     offer(endpoint)
//   build QPs, RTR/RTS
//   accept(endpoint)         ->
//                                   RTR/RTS (receives posted for SEND)
//                            <-     ready
//   measured loop                   passive / echo / receive
//   done                     ->
//                            <-     bye
// Either side may send `error` instead of its next message; the other side
// reports it as "peer: <message>". No step waits without a deadline.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "probe/counters.h"
#include "probe/gid.h"
#include "probe/params.h"
#include "probe/stats.h"
#include "probe/verbs.h"

namespace rocecfg::probe {

// Not perftest's 18515, so both can run side by side.
inline constexpr uint16_t kDefaultPort = 18600;

struct ClientConfig {
  std::string host = "127.0.0.1";
  uint16_t port = kDefaultPort;
  DeviceSelect local;
  TestParams params;
  uint32_t timeout_ms = 15000;  // the whole test: connect, setup, traffic, teardown
  uint32_t stall_ms = 3000;
  const std::atomic<bool>* stop = nullptr;      // background load only
  bool gentle = false;                          // background load only
  std::function<void()> on_running;             // called once traffic starts
  std::atomic<uint64_t>* live_bytes = nullptr;  // bandwidth: bytes completed so far
};

struct TestOutcome {
  TestParams params;
  std::optional<BandwidthStats> bw;
  std::optional<LatencyStats> lat;
  uint32_t path_mtu_bytes = 0;
  uint32_t local_port_mtu_bytes = 0;
  uint32_t remote_port_mtu_bytes = 0;
  std::string local_device;
  GidChoice local_gid;
  std::string remote_device;
  std::string remote_gid;
  uint32_t remote_gid_index = 0;
  double setup_ms = 0;  // TCP connect to both QP sets in RTS
  // Where setup time went: {"connect", ms}, {"local QPs", ms}, ... in order.
  std::vector<std::pair<std::string, double>> setup_phases_ms;
};

Result<TestOutcome> run_test(const ClientConfig& cfg);

// Counter snapshot of the server's device and its interface.
Result<CounterMap> fetch_remote_counters(const std::string& host, uint16_t port,
                                         uint32_t timeout_ms);

// Local snapshot of a device's port and the interface behind its chosen GID.
Result<CounterMap> snapshot_device(const DeviceSelect& sel);

}  // namespace rocecfg::probe
