// Background load around a measured window: extra RDMA WRITE QPs on the
// lossless class (same ToS as the probe: same-class contention) and TCP flows
// on another class (ToS 0 = priority 0 under a DSCP trust map). Flows start,
// report running, and only then does the caller measure; stop() ends them and
// returns what they moved.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/result.h"
#include "probe/session.h"
#include "probe/socket.h"

namespace rocecfg::probe {

struct LoadConfig {
  uint32_t rdma_qps = 0;  // extra WRITE QPs on the probe's class
  uint32_t rdma_size_bytes = 65536;
  uint8_t rdma_tos = 0;
  uint32_t tcp_streams = 0;  // TCP flows on another class
  int tcp_tos = 0;
  std::string tcp_host;            // the server's data address, so flows cross the wire
  std::string tcp_bind_ip;         // our data address ("" = kernel's choice)
  std::string host = "127.0.0.1";  // probe server (control)
  uint16_t port = kDefaultPort;
  DeviceSelect local;
  uint32_t timeout_ms = 60000;  // how long the load may run at most
  bool empty() const { return rdma_qps == 0 && tcp_streams == 0; }
};

struct LoadSummary {
  double rdma_gbps = 0;  // measured by the load QPs themselves
  uint64_t tcp_bytes = 0;
  double seconds = 0;
  std::string describe() const;
};

class LoadGenerator {
 public:
  // Returns once every flow runs, or with the first flow's error.
  static Result<std::unique_ptr<LoadGenerator>> start(const LoadConfig& cfg);
  ~LoadGenerator();
  LoadGenerator(const LoadGenerator&) = delete;
  LoadGenerator& operator=(const LoadGenerator&) = delete;
  Result<LoadSummary> stop();

 private:
  LoadGenerator() = default;
  void flow_started();
  void flow_failed(Error e);

  LoadConfig cfg_;
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::condition_variable cv_;
  int running_ = 0;
  std::optional<Error> error_;
  std::vector<std::thread> threads_;
  std::optional<BandwidthStats> rdma_;
  std::atomic<uint64_t> tcp_bytes_{0};
  Clock::time_point started_;
  bool stopped_ = false;
};

}  // namespace rocecfg::probe
