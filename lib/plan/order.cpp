#include "plan/order.h"

#include <array>

namespace rocecfg::plan {

using model::Knob;

namespace {
// Read top to bottom: each knob relies on the ones above it being in place.
// Rollback walks the same table bottom to top. The size is the list's own:
// tests/plan/order_test.cpp checks that it holds every Knob exactly once.
constexpr auto kOrder = std::to_array<OrderEntry>({
    {Knob::mtu, "first: MTU changes can flap the link, and the RoCE path MTU derives from it"},
    {Knob::ets,
     "before buffers and PFC: traffic classes must exist before anything refers to them"},
    {Knob::buffers, "before PFC: headroom must be sized before a priority may send pause frames"},
    {Knob::pfc,
     "after buffers: lossless only once headroom exists (mlx5 flaps the link on change)"},
    {Knob::trust, "after PFC: classify into the lossless priority only once it is lossless"},
    {Knob::dscp_map,
     "with trust: DSCP entries are added before stale ones are removed (make-before-break)"},
    {Knob::ecn_priorities, "after classification: ECN marking applies to the lossless priorities"},
    {Knob::ecn, "after classification: marking thresholds on the lossless queues"},
    {Knob::dcqcn, "after ECN: senders react to marks only once marks are generated"},
    {Knob::cnp, "after DCQCN: notifications travel on their own high priority"},
    {Knob::pfc_watchdog, "after PFC: the watchdog guards the priorities PFC now protects"},
    {Knob::roce_mode, "near last: endpoints use the fabric only once it is ready"},
    {Knob::roce_tos,
     "after the fabric: applications start marking DSCP once the fabric honours it"},
    {Knob::device_traffic_class,
     "with the ToS: the driver's override re-marks every QP, rdma_cm or not"},
    {Knob::nccl_conf, "last: the job's libraries mark their QPs once the fabric honours the class"},
    {Knob::ucx_conf, "last: as NCCL, for UCX (MPI, UCC) traffic"},
    {Knob::job_env, "last: the environment file jobs source (HCCL reads only the environment)"},
});
}  // namespace

std::span<const OrderEntry> step_order() {
  return kOrder;
}

int order_of(Knob knob) {
  for (size_t i = 0; i < kOrder.size(); ++i)
    if (kOrder[i].knob == knob) return static_cast<int>(i);
  return static_cast<int>(kOrder.size());
}

std::string_view why_here(Knob knob) {
  for (const OrderEntry& e : kOrder)
    if (e.knob == knob) return e.why_here;
  return {};
}

}  // namespace rocecfg::plan
