#include "probe/verbs.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <random>

#include <fmt/format.h>

namespace rocecfg::probe {
namespace {

// An RC QP with the extended post API (ibv_wr_*) when the provider has it, as
// perftest uses: it fills the WQE in place, where ibv_post_send validates and
// converts a whole ibv_send_wr per request (rxe: a copy into the WQE). Lab A/B,
// same boot, 12 runs each: ping-pong p50 32.0 vs 32.6 us. Providers without it
// get a plain QP and the classic path (`qpx` stays null).
ibv_qp* create_qp(ibv_context* ctx, ibv_pd* pd, ibv_qp_init_attr& init, ibv_qp_ex*& qpx) {
  ibv_qp_init_attr_ex ex{};
  ex.send_cq = init.send_cq;
  ex.recv_cq = init.recv_cq;
  ex.qp_type = init.qp_type;
  ex.cap = init.cap;
  ex.pd = pd;
  ex.comp_mask = IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_SEND_OPS_FLAGS;
  ex.send_ops_flags = IBV_QP_EX_WITH_RDMA_WRITE | IBV_QP_EX_WITH_RDMA_READ | IBV_QP_EX_WITH_SEND;
  if (ibv_qp* qp = ibv_create_qp_ex(ctx, &ex)) {
    if ((qpx = ibv_qp_to_qp_ex(qp))) {
      init.cap = ex.cap;
      return qp;
    }
    ibv_destroy_qp(qp);
  }
  qpx = nullptr;
  return ibv_create_qp(pd, &init);
}

std::string errno_text() {
  return std::strerror(errno);
}

const char* port_state_name(ibv_port_state s) {
  switch (s) {
    case IBV_PORT_DOWN:
      return "DOWN";
    case IBV_PORT_INIT:
      return "INIT";
    case IBV_PORT_ARMED:
      return "ARMED";
    case IBV_PORT_ACTIVE:
      return "ACTIVE";
    case IBV_PORT_ACTIVE_DEFER:
      return "ACTIVE_DEFER";
    default:
      return "NOP";
  }
}

}  // namespace

uint32_t mtu_bytes(ibv_mtu mtu) {
  return 128u << static_cast<int>(mtu);
}

std::optional<ibv_mtu> mtu_from_bytes(uint32_t bytes) {
  switch (bytes) {
    case 256:
      return IBV_MTU_256;
    case 512:
      return IBV_MTU_512;
    case 1024:
      return IBV_MTU_1024;
    case 2048:
      return IBV_MTU_2048;
    case 4096:
      return IBV_MTU_4096;
    default:
      return std::nullopt;
  }
}

Result<std::unique_ptr<QpSet>> QpSet::create(const DeviceSelect& sel, const TestParams& params) {
  if (auto why = validate(params); !why.empty()) return fail(ErrorKind::invalid_input, "", why);
  std::unique_ptr<QpSet> s(new QpSet);
  s->params_ = params;
  s->port_ = sel.port;
  auto device = Device::open(sel.device);
  if (!device) return std::unexpected(device.error());
  s->device_ref_ = std::move(*device);
  s->device_ = s->device_ref_->name();
  s->laps_.lap("open device");
  ibv_context* ctx = s->device_ref_->context();
  const ibv_device_attr& dattr = s->device_ref_->attr();
  const std::string& dn = s->device_;
  ibv_port_attr pattr{};
  if (ibv_query_port(ctx, static_cast<uint8_t>(sel.port), &pattr) != 0)
    return fail(dn, fmt::format("query port {}: {}", sel.port, errno_text()));
  if (pattr.state != IBV_PORT_ACTIVE)
    return fail(dn, fmt::format("port {} is {}, not ACTIVE (link down?)", sel.port,
                                port_state_name(pattr.state)));
  if (pattr.link_layer != IBV_LINK_LAYER_ETHERNET)
    return fail(ErrorKind::unsupported, dn,
                fmt::format("port {} is not Ethernet (RoCE)", sel.port));
  s->port_mtu_bytes_ = mtu_bytes(pattr.active_mtu);
  s->laps_.lap("query port");

  auto table = s->device_ref_->gid_table(sel.port);
  if (!table) return std::unexpected(table.error());
  auto gid = select_gid(*table, sel.gid_index);
  if (!gid) return wrap(gid.error(), dn);
  s->gid_ = *gid;
  s->laps_.lap("GID table");

  s->pd_.reset(ibv_alloc_pd(ctx));
  if (!s->pd_) return fail(dn, "allocate PD: " + errno_text());

  s->region_bytes_ = 2ull * params.size_bytes;
  size_t total = s->region_bytes_ * params.qps;
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  total = (total + page - 1) / page * page;
  void* mem = nullptr;
  if (posix_memalign(&mem, page, total) != 0) return fail(dn, "out of memory for the buffer");
  s->buf_.reset(static_cast<uint8_t*>(mem));
  std::memset(mem, 0, total);
  s->mr_.reset(
      ibv_reg_mr(s->pd_.get(), mem, total,
                 IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ));
  if (!s->mr_) return fail(dn, fmt::format("register {} bytes: {}", total, errno_text()));
  s->laps_.lap("PD, buffer, MR");

  // Sends complete once per signal_every; receives (SEND test) once each.
  int cqe = static_cast<int>(std::min<uint64_t>(static_cast<uint64_t>(dattr.max_cqe),
                                                2ull * params.qps * params.tx_depth + 16));
  s->cq_.reset(ibv_create_cq(ctx, cqe, nullptr, nullptr, 0));
  if (!s->cq_) return fail(dn, fmt::format("create CQ of {} entries: {}", cqe, errno_text()));
  s->laps_.lap("CQ");

  s->max_rd_atomic_ = static_cast<uint32_t>(std::clamp(dattr.max_qp_rd_atom, 1, 16));
  // Start PSNs only need to differ between runs (a stale packet of an earlier
  // QP must not look in-sequence), not to be secret. std::random_device is
  // getrandom(), which blocks until the kernel's CRNG is seeded: 0.6 s per
  // call just after a VM boots (measured in the lab).
  std::minstd_rand rd(static_cast<uint32_t>(CycleClock::cycles() ^ (uint64_t(getpid()) << 20)));
  for (uint32_t i = 0; i < params.qps; ++i) {
    ibv_qp_init_attr init{};
    init.send_cq = s->cq_.get();
    init.recv_cq = s->cq_.get();
    init.qp_type = IBV_QPT_RC;
    init.cap.max_send_wr = params.tx_depth;
    init.cap.max_recv_wr = params.op == Op::send ? params.tx_depth : 1;
    init.cap.max_send_sge = 1;
    init.cap.max_recv_sge = 1;
    // Inline small messages as perftest does (220 B for WRITE): the NIC reads
    // them from the WQE instead of a DMA of the buffer. Not every provider
    // accepts it, so fall back to none.
    init.cap.max_inline_data = params.size_bytes <= 220 ? 220 : 0;
    ibv_qp_ex* qpx = nullptr;
    ibv_qp* qp = create_qp(ctx, s->pd_.get(), init, qpx);
    if (!qp && init.cap.max_inline_data) {
      init.cap.max_inline_data = 0;
      qp = create_qp(ctx, s->pd_.get(), init, qpx);
    }
    if (!qp)
      return fail(dn, fmt::format("create QP {} of {}: {}", i + 1, params.qps, errno_text()));
    s->max_inline_ = init.cap.max_inline_data;
    s->qps_.emplace_back(qp);
    s->qpxs_.push_back(qpx);
    s->psns_.push_back(rd() & 0xffffff);

    ibv_qp_attr a{};
    a.qp_state = IBV_QPS_INIT;
    a.pkey_index = 0;
    a.port_num = static_cast<uint8_t>(sel.port);
    a.qp_access_flags = IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_LOCAL_WRITE;
    if (int rc = ibv_modify_qp(
            qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS))
      return fail(dn, fmt::format("QP {} to INIT: {}", qp->qp_num, std::strerror(rc)));
  }
  s->laps_.lap("QPs to INIT");
  return s;
}

QpSet::~QpSet() = default;

uint32_t QpSet::lkey() const {
  return mr_->lkey;
}

wire::Endpoint QpSet::local() const {
  wire::Endpoint e;
  e.mtu_bytes = port_mtu_bytes_;
  e.gid = gid_.entry.gid;
  e.gid_index = gid_.entry.index;
  e.rkey = mr_->rkey;
  e.addr = reinterpret_cast<uint64_t>(buf_.get());
  e.region_bytes = static_cast<uint32_t>(region_bytes_);
  for (size_t i = 0; i < qps_.size(); ++i) e.qps.push_back({qps_[i]->qp_num, psns_[i]});
  e.device = device_;
  return e;
}

Status QpSet::connect(const wire::Endpoint& remote) {
  if (remote.qps.size() != qps_.size())
    return fail(ErrorKind::invalid_input, device_,
                fmt::format("peer offers {} QPs, we have {}", remote.qps.size(), qps_.size()));
  if (remote.region_bytes < region_bytes_)
    return fail(ErrorKind::invalid_input, device_,
                fmt::format("peer region of {} bytes is smaller than ours ({})",
                            remote.region_bytes, region_bytes_));
  laps_.restart();
  remote_ = remote;
  path_mtu_bytes_ = std::min(port_mtu_bytes_, remote.mtu_bytes);
  const ibv_mtu mtu = *mtu_from_bytes(path_mtu_bytes_);
  for (size_t i = 0; i < qps_.size(); ++i) {
    ibv_qp_attr a{};
    a.qp_state = IBV_QPS_RTR;
    a.path_mtu = mtu;
    a.dest_qp_num = remote.qps[i].qpn;
    a.rq_psn = remote.qps[i].psn;
    a.max_dest_rd_atomic = static_cast<uint8_t>(max_rd_atomic_);
    a.min_rnr_timer = 12;  // 0.64 ms, rc_pingpong's value
    a.ah_attr.is_global = 1;
    std::memcpy(a.ah_attr.grh.dgid.raw, remote.gid.data(), 16);
    a.ah_attr.grh.sgid_index = static_cast<uint8_t>(gid_.entry.index);
    a.ah_attr.grh.hop_limit = 64;
    a.ah_attr.grh.traffic_class = params_.tos;
    a.ah_attr.port_num = static_cast<uint8_t>(port_);
    if (int rc =
            ibv_modify_qp(qps_[i].get(), &a,
                          IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN |
                              IBV_QP_RQ_PSN | IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER))
      return fail(device_,
                  fmt::format("QP {} to RTR (dgid {}, sgid index {}): {}", qps_[i]->qp_num,
                              gid_display(remote.gid), gid_.entry.index, std::strerror(rc)));
    ibv_qp_attr r{};
    r.qp_state = IBV_QPS_RTS;
    r.timeout = 14;  // 4.096 us * 2^14 = 67 ms per try, perftest's default
    r.retry_cnt = 7;
    r.rnr_retry = 7;  // 7 = retry forever on receiver-not-ready (SEND test)
    r.sq_psn = psns_[i];
    r.max_rd_atomic = static_cast<uint8_t>(max_rd_atomic_);
    if (int rc = ibv_modify_qp(qps_[i].get(), &r,
                               IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY |
                                   IBV_QP_SQ_PSN | IBV_QP_MAX_QP_RD_ATOMIC))
      return fail(device_, fmt::format("QP {} to RTS: {}", qps_[i]->qp_num, std::strerror(rc)));
  }
  laps_.lap("RTR/RTS");
  return {};
}

}  // namespace rocecfg::probe
