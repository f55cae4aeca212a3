// One side's RDMA resources for one test, after rdma-core's rc_pingpong: open
// the device, PD, one registered buffer, one CQ, N RC QPs; INIT -> RTR -> RTS
// with the smaller of both ports' active MTU, the peer's GID as dgid, our GID
// index as sgid_index and the profile's ToS as GRH traffic class.
// Every handle is owned (unique_ptr with the verbs destroy call as deleter) and
// released in reverse order of creation.
#pragma once

#include <infiniband/verbs.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "probe/cycle_clock.h"
#include "probe/device.h"
#include "probe/gid.h"
#include "probe/laps.h"
#include "probe/params.h"
#include "probe/sysfs.h"
#include "probe/verbs_handles.h"
#include "probe/wire.h"

namespace rocecfg::probe {

struct DeviceSelect {
  std::string device;  // "rxe0"; empty = the only/first device
  uint32_t port = 1;
  std::optional<uint32_t> gid_index;  // explicit override of auto-selection
  host::FsRoot fs;                    // counters (the GID table comes from verbs)
  // Interfaces whose counters join the snapshot besides the GID's netdev and
  // the ones below it (netdevs.h).
  std::vector<std::string> counter_netdevs;
};

// IB MTU enum <-> bytes (IBV_MTU_1024 <-> 1024).
uint32_t mtu_bytes(ibv_mtu mtu);
std::optional<ibv_mtu> mtu_from_bytes(uint32_t bytes);

class QpSet {
 public:
  static Result<std::unique_ptr<QpSet>> create(const DeviceSelect& sel, const TestParams& params);
  ~QpSet();
  QpSet(const QpSet&) = delete;
  QpSet& operator=(const QpSet&) = delete;

  // What the peer needs from us.
  wire::Endpoint local() const;
  // RTR then RTS for every QP against the peer's set (same QP count required).
  Status connect(const wire::Endpoint& remote);

  // For the traffic loops.
  ibv_qp* qp(size_t i) const { return qps_[i].get(); }
  // The extended post API of QP i; null where the provider has none.
  ibv_qp_ex* qpx(size_t i) const { return qpxs_[i]; }
  size_t qp_count() const { return qps_.size(); }
  ibv_cq* cq() const { return cq_.get(); }
  uint32_t lkey() const;
  // Per QP: receive region at offset 0, send region at offset size.
  uint8_t* recv_region(size_t i) { return buf_.get() + i * region_bytes_; }
  uint8_t* send_region(size_t i) { return buf_.get() + i * region_bytes_ + params_.size_bytes; }
  uint64_t remote_recv_addr(size_t i) const { return remote_.addr + i * remote_.region_bytes; }
  uint32_t remote_rkey() const { return remote_.rkey; }
  uint32_t max_inline_bytes() const { return max_inline_; }
  const TestParams& params() const { return params_; }

  const GidChoice& gid() const { return gid_; }
  const std::string& device() const { return device_; }
  uint32_t path_mtu_bytes() const { return path_mtu_bytes_; }
  uint32_t port_mtu_bytes() const { return port_mtu_bytes_; }
  const wire::Endpoint& remote() const { return remote_; }
  // Calibrates cycles against steady_clock from creation on (traffic loops).
  const CycleClock& cycle_clock() const { return cycle_clock_; }
  // Steps of create() and connect() with their durations.
  const Laps& setup_laps() const { return laps_.laps(); }

 private:
  QpSet() = default;
  struct BufDel {
    void operator()(uint8_t* p) const { std::free(p); }
  };

  // Declaration order is destruction order reversed: QPs go before the CQ,
  // the MR before the buffer and PD, the device last.
  std::shared_ptr<Device> device_ref_;
  PdHandle pd_;
  std::unique_ptr<uint8_t, BufDel> buf_;
  MrHandle mr_;
  CqHandle cq_;
  std::vector<QpHandle> qps_;
  std::vector<ibv_qp_ex*> qpxs_;  // owned by qps_
  std::vector<uint32_t> psns_;

  TestParams params_;
  std::string device_;
  uint32_t port_ = 1;
  GidChoice gid_;
  uint32_t port_mtu_bytes_ = 0;
  uint32_t path_mtu_bytes_ = 0;
  uint32_t max_inline_ = 0;
  uint32_t max_rd_atomic_ = 1;
  size_t region_bytes_ = 0;
  wire::Endpoint remote_;
  LapClock laps_;
  CycleClock cycle_clock_;
};

}  // namespace rocecfg::probe
