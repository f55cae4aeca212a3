#include "probe/marking.h"

#include <infiniband/verbs.h>
#include <poll.h>
#include <sched.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "core/try.h"
#include "probe/cm.h"
#include "probe/device.h"
#include "probe/grh.h"
#include "probe/verbs_handles.h"

namespace rocecfg::probe {
namespace {

// ud_pingpong's Q_Key (rdma-core libibverbs/examples/ud_pingpong.c): any value
// both ends agree on; the high bit clear, so it is not a controlled Q_Key.
constexpr uint32_t kQkey = 0x11111111;
constexpr uint32_t kSendDepth = 64;
// After the client's "done", receives still in flight get this long to land.
constexpr uint32_t kDrainIdleMs = 300;

std::string errno_text() {
  return std::strerror(errno);
}

// One end's UD resources: a buffer of `slots` slots of 40 + size bytes (the
// GRH area, then the payload), one CQ, one UD QP in RTS.
class UdSide {
 public:
  static Result<std::unique_ptr<UdSide>> create(const DeviceSelect& sel, uint32_t size_bytes,
                                                uint32_t recv_slots, uint32_t qkey = kQkey) {
    std::unique_ptr<UdSide> s(new UdSide);
    s->qkey_ = qkey;
    s->slot_bytes_ = kGrhBytes + size_bytes;
    s->size_bytes_ = size_bytes;
    s->port_ = sel.port;
    auto device = Device::open(sel.device);
    if (!device) return std::unexpected(device.error());
    s->device_ = std::move(*device);
    const std::string& dn = s->device_->name();
    ibv_context* ctx = s->device_->context();
    ibv_port_attr pattr{};
    if (ibv_query_port(ctx, static_cast<uint8_t>(sel.port), &pattr) != 0)
      return fail(dn, fmt::format("query port {}: {}", sel.port, errno_text()));
    if (pattr.state != IBV_PORT_ACTIVE)
      return fail(dn, fmt::format("port {} is not ACTIVE (link down?)", sel.port));
    // A UD message must fit one packet (the port's active MTU).
    if (size_bytes > mtu_bytes(pattr.active_mtu))
      return fail(ErrorKind::invalid_input, dn,
                  fmt::format("marking packet of {} bytes exceeds the port MTU {}", size_bytes,
                              mtu_bytes(pattr.active_mtu)));
    s->port_mtu_ = mtu_bytes(pattr.active_mtu);
    auto table = s->device_->gid_table(sel.port);
    if (!table) return std::unexpected(table.error());
    auto gid = select_gid(*table, sel.gid_index);
    if (!gid) return wrap(gid.error(), dn);
    s->gid_ = *gid;
    s->pd_.reset(ibv_alloc_pd(ctx));
    if (!s->pd_) return fail(dn, "allocate PD: " + errno_text());
    const size_t slots = std::max<uint32_t>(recv_slots, 1);
    s->buf_.assign(slots * s->slot_bytes_, 0);
    s->mr_.reset(ibv_reg_mr(s->pd_.get(), s->buf_.data(), s->buf_.size(), IBV_ACCESS_LOCAL_WRITE));
    if (!s->mr_) return fail(dn, "register the marking buffer: " + errno_text());
    const int cqe = static_cast<int>(recv_slots + kSendDepth + 16);
    s->cq_.reset(ibv_create_cq(ctx, cqe, nullptr, nullptr, 0));
    if (!s->cq_) return fail(dn, fmt::format("create CQ of {} entries: {}", cqe, errno_text()));
    ibv_qp_init_attr init{};
    init.send_cq = s->cq_.get();
    init.recv_cq = s->cq_.get();
    init.qp_type = IBV_QPT_UD;
    init.cap.max_send_wr = kSendDepth;
    init.cap.max_recv_wr = std::max<uint32_t>(recv_slots, 1);
    init.cap.max_send_sge = 1;
    init.cap.max_recv_sge = 1;
    s->qp_.reset(ibv_create_qp(s->pd_.get(), &init));
    if (!s->qp_) return fail(dn, "create UD QP: " + errno_text());
    // INIT -> RTR -> RTS as ud_pingpong.c does: a UD QP needs only its Q_Key,
    // port and P_Key index; the destination comes with each send's AH.
    ibv_qp_attr a{};
    a.qp_state = IBV_QPS_INIT;
    a.pkey_index = 0;
    a.port_num = static_cast<uint8_t>(sel.port);
    a.qkey = qkey;
    if (int rc = ibv_modify_qp(s->qp_.get(), &a,
                               IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_QKEY))
      return fail(dn, fmt::format("UD QP to INIT: {}", std::strerror(rc)));
    ibv_qp_attr rtr{};
    rtr.qp_state = IBV_QPS_RTR;
    if (int rc = ibv_modify_qp(s->qp_.get(), &rtr, IBV_QP_STATE))
      return fail(dn, fmt::format("UD QP to RTR: {}", std::strerror(rc)));
    ibv_qp_attr rts{};
    rts.qp_state = IBV_QPS_RTS;
    rts.sq_psn = 0;
    if (int rc = ibv_modify_qp(s->qp_.get(), &rts, IBV_QP_STATE | IBV_QP_SQ_PSN))
      return fail(dn, fmt::format("UD QP to RTS: {}", std::strerror(rc)));
    return s;
  }

  wire::Endpoint local() const {
    wire::Endpoint e;
    e.mtu_bytes = port_mtu_;
    e.gid = gid_.entry.gid;
    e.gid_index = gid_.entry.index;
    e.qps.push_back({qp_->qp_num, qkey_});
    e.device = device_->name();
    return e;
  }

  Status post_receives(uint32_t n) {
    for (uint32_t i = 0; i < n; ++i) {
      ibv_sge sge{reinterpret_cast<uint64_t>(slot(i)), slot_bytes_, mr_->lkey};
      ibv_recv_wr wr{};
      wr.wr_id = i;
      wr.sg_list = &sge;
      wr.num_sge = 1;
      ibv_recv_wr* bad = nullptr;
      if (int rc = ibv_post_recv(qp_.get(), &wr, &bad))
        return fail(device_->name(), fmt::format("post receive {}: {}", i, std::strerror(rc)));
    }
    return {};
  }

  // The address handle every send uses: the peer's GID, our GID index, and
  // the ToS under test as the GRH traffic class.
  Status address(const wire::Endpoint& remote, uint8_t tos) {
    ibv_ah_attr ah{};
    ah.is_global = 1;
    std::memcpy(ah.grh.dgid.raw, remote.gid.data(), 16);
    ah.grh.sgid_index = static_cast<uint8_t>(gid_.entry.index);
    ah.grh.hop_limit = 64;
    ah.grh.traffic_class = tos;
    ah.port_num = static_cast<uint8_t>(port_);
    ah_.reset(ibv_create_ah(pd_.get(), &ah));
    if (!ah_)
      return fail(device_->name(), fmt::format("create address handle to {}: {}",
                                               gid_display(remote.gid), errno_text()));
    if (remote.qps.empty())
      return fail(ErrorKind::invalid_input, device_->name(), "peer offered no UD QP");
    remote_qpn_ = remote.qps.front().qpn;
    remote_qkey_ = remote.qps.front().psn;
    return {};
  }

  // The address handle the CM gave (its ToS, its GID index), to the QP and
  // Q_Key of the SIDR reply. It must be for our own device and port: the
  // sends go out of our QP.
  Status address(const CmUdPath& cm) {
    if (cm.device != device_->name() || cm.port_num != port_)
      return fail(device_->name(),
                  fmt::format("rdma_cm bound the source address to {} port {}, not to {} port {} "
                              "whose GID the probe chose",
                              cm.device, cm.port_num, device_->name(), port_));
    ibv_ah_attr ah = cm.ah;
    ah_.reset(ibv_create_ah(pd_.get(), &ah));
    if (!ah_)
      return fail(device_->name(), "create the address handle rdma_cm resolved: " + errno_text());
    remote_qpn_ = cm.remote_qpn;
    remote_qkey_ = cm.remote_qkey;
    return {};
  }

  uint32_t qp_num() const { return qp_->qp_num; }

  // Sends `count` packets, at most kSendDepth in flight, each signaled.
  Status send_all(uint64_t count, Deadline deadline) {
    uint64_t posted = 0, completed = 0;
    ibv_wc wc[16];
    while (completed < count) {
      while (posted < count && posted - completed < kSendDepth) {
        ibv_sge sge{reinterpret_cast<uint64_t>(slot(0) + kGrhBytes), size_bytes_, mr_->lkey};
        ibv_send_wr wr{};
        wr.wr_id = posted;
        wr.sg_list = &sge;
        wr.num_sge = 1;
        wr.opcode = IBV_WR_SEND;
        wr.send_flags = IBV_SEND_SIGNALED;
        wr.wr.ud.ah = ah_.get();
        wr.wr.ud.remote_qpn = remote_qpn_;
        wr.wr.ud.remote_qkey = remote_qkey_;
        ibv_send_wr* bad = nullptr;
        if (int rc = ibv_post_send(qp_.get(), &wr, &bad))
          return fail(device_->name(),
                      fmt::format("post UD send {}: {}", posted, std::strerror(rc)));
        ++posted;
      }
      int n = ibv_poll_cq(cq_.get(), 16, wc);
      if (n < 0) return fail(device_->name(), "poll CQ failed");
      for (int i = 0; i < n; ++i) {
        if (wc[i].status != IBV_WC_SUCCESS)
          return fail(device_->name(), fmt::format("UD send {} completed with {}", wc[i].wr_id,
                                                   ibv_wc_status_str(wc[i].status)));
        ++completed;
      }
      if (n == 0) {
        if (Clock::now() >= deadline)
          return fail(
              ErrorKind::timeout, device_->name(),
              fmt::format("{} of {} UD sends completed before the deadline", completed, count));
        sched_yield();
      }
    }
    return {};
  }

  // Reaps receive completions into `t`; returns how many arrived now.
  Result<uint64_t> reap(MarkingTally& t) {
    ibv_wc wc[32];
    int n = ibv_poll_cq(cq_.get(), 32, wc);
    if (n < 0) return fail(device_->name(), "poll CQ failed");
    for (int i = 0; i < n; ++i) {
      if (wc[i].status != IBV_WC_SUCCESS)
        return fail(device_->name(),
                    fmt::format("UD receive completed with {}", ibv_wc_status_str(wc[i].status)));
      ++t.received;
      auto h =
          (wc[i].wc_flags & IBV_WC_GRH) ? parse_grh(slot(wc[i].wr_id), kGrhBytes) : std::nullopt;
      if (!h) {
        ++t.unreadable;
        continue;
      }
      ++t.by_tos[h->tos];
      ++t.by_ipv[h->ip_version];
    }
    return static_cast<uint64_t>(n);
  }

  const GidChoice& gid() const { return gid_; }
  const std::string& name() const { return device_->name(); }

 private:
  UdSide() = default;
  uint8_t* slot(uint64_t i) { return buf_.data() + i * slot_bytes_; }

  // Destruction in reverse: AH and QP before the CQ, the MR before the
  // buffer, the PD, the device last.
  std::shared_ptr<Device> device_;
  PdHandle pd_;
  std::vector<uint8_t> buf_;
  MrHandle mr_;
  CqHandle cq_;
  QpHandle qp_;
  AhHandle ah_;
  uint32_t slot_bytes_ = 0, size_bytes_ = 0, port_ = 1, port_mtu_ = 0, qkey_ = kQkey;
  uint32_t remote_qpn_ = 0, remote_qkey_ = 0;
  GidChoice gid_;
};

}  // namespace

wire::CounterMap encode_tally(const MarkingTally& t) {
  wire::CounterMap m{{"received", t.received}, {"unreadable", t.unreadable}};
  for (const auto& [tos, n] : t.by_tos) m[fmt::format("tos:{}", tos)] = n;
  for (const auto& [v, n] : t.by_ipv) m[fmt::format("ipv:{}", v)] = n;
  return m;
}

Result<MarkingTally> decode_tally(const wire::CounterMap& m) {
  MarkingTally t;
  for (const auto& [k, v] : m) {
    unsigned n = 0;
    if (k == "received")
      t.received = v;
    else if (k == "unreadable")
      t.unreadable = v;
    else if (std::sscanf(k.c_str(), "tos:%u", &n) == 1 && n < 256 && k == fmt::format("tos:{}", n))
      t.by_tos[static_cast<uint8_t>(n)] = v;
    else if (std::sscanf(k.c_str(), "ipv:%u", &n) == 1 && (n == 4 || n == 6) &&
             k == fmt::format("ipv:{}", n))
      t.by_ipv[static_cast<uint8_t>(n)] = v;
    else
      return fail(ErrorKind::invalid_input, "", fmt::format("marks message: unknown key '{}'", k));
  }
  uint64_t sum = t.unreadable;
  for (const auto& [tos, n] : t.by_tos) sum += n;
  if (sum != t.received)
    return fail(ErrorKind::invalid_input, "",
                fmt::format("marks message: {} packets tallied, {} received", sum, t.received));
  return t;
}

Result<MarkingOutcome> run_marking_test(const ClientConfig& cfg, MarkingConnect how) {
  const bool via_cm = how == MarkingConnect::rdma_cm;
  const Deadline deadline = deadline_in(cfg.timeout_ms);
  const std::string peer = fmt::format("{}:{}", cfg.host, cfg.port);
  auto fd = connect_tcp(cfg.host, cfg.port, deadline);
  if (!fd) return std::unexpected(fd.error());
  const int s = fd->get();
  wire::Hello hello{via_cm ? wire::SessionKind::marking_cm : wire::SessionKind::marking, cfg.params,
                    cfg.timeout_ms};
  if (auto st = send_frame(s, wire::Type::hello, wire::encode(hello), deadline); !st)
    return wrap(st.error(), peer);
  auto ud = UdSide::create(cfg.local, cfg.params.size_bytes, 0);
  if (!ud) {
    send_error(s, "client setup failed: " + ud.error().to_string());
    return std::unexpected(ud.error());
  }
  auto offer = expect_frame(s, wire::Type::offer, deadline);
  if (!offer) return wrap(offer.error(), peer);
  auto remote = wire::decode_endpoint(offer->payload);
  if (!remote) return wrap(remote.error(), peer);
  std::optional<CmFacts> cm_facts;
  uint8_t sent_tos = cfg.params.tos;
  if (via_cm) {
    auto listen = expect_frame(s, wire::Type::cm_listen, deadline);
    if (!listen) return wrap(listen.error(), peer);
    auto cm_port = wire::decode_port(listen->payload);
    if (!cm_port) return wrap(cm_port.error(), peer);
    auto path = CmEndpoint::connect_ud((*ud)->gid().entry.gid, remote->gid, *cm_port, deadline);
    if (!path) {
      send_error(s, "client: " + path.error().to_string());
      return std::unexpected(path.error());
    }
    if (auto st = (*ud)->address(*path); !st) {
      send_error(s, "client: " + st.error().to_string());
      return std::unexpected(st.error());
    }
    sent_tos = path->ah.grh.traffic_class;
    cm_facts = CmFacts{path->device, path->port_num, path->route_tos};
  } else if (auto st = (*ud)->address(*remote, cfg.params.tos); !st) {
    send_error(s, "client: " + st.error().to_string());
    return std::unexpected(st.error());
  }
  if (auto st = send_frame(s, wire::Type::accept, wire::encode((*ud)->local()), deadline); !st)
    return wrap(st.error(), peer);
  if (auto ready = expect_frame(s, wire::Type::ready, deadline); !ready)
    return wrap(ready.error(), peer);
  if (auto st = (*ud)->send_all(cfg.params.iterations, deadline); !st) {
    send_error(s, "client: " + st.error().to_string());
    return std::unexpected(st.error());
  }
  if (auto st = send_frame(s, wire::Type::done, {}, deadline); !st) return wrap(st.error(), peer);
  auto marks = expect_frame(s, wire::Type::marks, deadline);
  if (!marks) return wrap(marks.error(), peer);
  auto map = wire::decode_counters(marks->payload);
  if (!map) return wrap(map.error(), peer);
  auto tally = decode_tally(*map);
  if (!tally) return wrap(tally.error(), peer);
  MarkingOutcome out;
  out.sent_tos = sent_tos;
  out.rdma_cm = std::move(cm_facts);
  out.sent = cfg.params.iterations;
  out.arrived = std::move(*tally);
  out.local_device = (*ud)->name();
  out.local_gid = (*ud)->gid();
  out.remote_device = remote->device;
  out.remote_gid = gid_display(remote->gid);
  return out;
}

Status serve_marking(const DeviceSelect& device, int control_fd, const TestParams& params,
                     Deadline deadline, const std::atomic<bool>& stopping, MarkingConnect how) {
  const bool via_cm = how == MarkingConnect::rdma_cm;
  const uint32_t expected = static_cast<uint32_t>(params.iterations);
  auto ud = UdSide::create(device, params.size_bytes, expected, via_cm ? kRdmaUdpQkey : kQkey);
  if (!ud) return std::unexpected(ud.error());
  if (auto st = (*ud)->post_receives(expected); !st) return st;
  std::unique_ptr<CmEndpoint> listener;
  if (via_cm) {
    auto l = CmEndpoint::listen_ud((*ud)->gid().entry.gid);
    if (!l) return std::unexpected(l.error());
    listener = std::move(*l);
  }
  ROCECFG_TRY(send_frame(control_fd, wire::Type::offer, wire::encode((*ud)->local()), deadline));
  if (listener) {
    ROCECFG_TRY(send_frame(control_fd, wire::Type::cm_listen, wire::encode_port(listener->port()),
                           deadline));
    ROCECFG_TRY(listener->accept_one((*ud)->qp_num(), deadline));
  }
  ROCECFG_TRY(expect_frame(control_fd, wire::Type::accept, deadline));
  ROCECFG_TRY(send_frame(control_fd, wire::Type::ready, {}, deadline));
  MarkingTally tally;
  bool done = false;
  auto last_progress = Clock::now();
  while (!stopping.load() && Clock::now() < deadline) {
    auto got = (*ud)->reap(tally);
    if (!got) return std::unexpected(got.error());
    if (*got) last_progress = Clock::now();
    if (!done && readable_now(control_fd)) {
      ROCECFG_TRY(expect_frame(control_fd, wire::Type::done, deadline));
      done = true;
      last_progress = Clock::now();
    }
    if (done && (tally.received >= expected ||
                 Clock::now() - last_progress > std::chrono::milliseconds(kDrainIdleMs)))
      break;
    if (!*got) {
      pollfd p{control_fd, POLLIN, 0};
      ::poll(&p, 1, done ? 1 : 0);
      if (!done) sched_yield();
    }
  }
  if (!done) return fail(ErrorKind::timeout, "", "client did not finish the marking packets");
  return send_frame(control_fd, wire::Type::marks, wire::encode(encode_tally(tally)), deadline);
}

}  // namespace rocecfg::probe
