#include "nic/hccn_tool.h"

#include <fmt/format.h>

namespace rocecfg::nic {

namespace {

using model::Knob;

constexpr unsigned kMaxTc = 3;  // Ascend RoCE ports have 4 traffic classes

std::string csv8(const auto& a) {
  std::string out;
  for (size_t i = 0; i < 8; ++i) {
    unsigned v;
    if constexpr (requires { a[i].value(); })
      v = a[i].value();
    else
      v = static_cast<unsigned>(a[i]);
    out += (i ? "," : "") + std::to_string(v);
  }
  return out;
}

}  // namespace

Result<HccnPlan> render_hccn(int device_id, const model::Settings& s) {
  const std::string ctx = fmt::format("npu {}", device_id);
  if (device_id < 0 || device_id > 15)
    return fail(ErrorKind::invalid_input, ctx, "NPU device id must be 0..15");
  HccnPlan plan;
  const std::string id = std::to_string(device_id);
  auto cmd = [&](std::vector<std::string> rest) {
    std::vector<std::string> argv{"hccn_tool", "-i", id};
    argv.insert(argv.end(), rest.begin(), rest.end());
    plan.commands.push_back(std::move(argv));
  };
  // Same order as plan/order.cpp: MTU, classes, PFC, classification.
  if (s.mtu_bytes) {
    if (*s.mtu_bytes < 68 || *s.mtu_bytes > 9702)
      return fail(ErrorKind::invalid_input, ctx,
                  fmt::format("mtu {}: hccn_tool accepts 68..9702", *s.mtu_bytes));
    cmd({"-mtu", "-s", "size", std::to_string(*s.mtu_bytes)});
  }
  if (s.ets) {
    for (size_t p = 0; p < 8; ++p)
      if (s.ets->prio_tc[p].value() > kMaxTc)
        return fail(ErrorKind::invalid_input, ctx,
                    fmt::format("ets: priority {} -> class {}; Ascend has classes 0..3", p,
                                s.ets->prio_tc[p]));
    cmd({"-prio_tc", "-s", "map", csv8(s.ets->prio_tc)});
    plan.unsupported.push_back(
        {Knob::ets, "TSA and bandwidth (-tc_qos) exist only on CLOUD_V2 boards; prio_tc rendered"});
  }
  if (s.buffers)
    plan.unsupported.push_back(
        {Knob::buffers, "-tc_cfg sizes per class, not per priority buffer: not rendered"});
  if (s.pfc_enabled) {
    std::array<int, 8> bits{};
    for (unsigned p = 0; p < 8; ++p) bits[p] = s.pfc_enabled->has(Priority::unchecked(p)) ? 1 : 0;
    cmd({"-pfc", "-s", "bitmap", csv8(bits)});
  }
  if (s.dscp_priority) {
    for (auto [dscp, prio] : *s.dscp_priority) {
      // Ascend maps DSCP straight to a class; go through prio_tc when declared.
      unsigned tc = s.ets ? s.ets->prio_tc[prio.value()].value() : prio.value();
      if (tc > kMaxTc)
        return fail(ErrorKind::invalid_input, ctx,
                    fmt::format("dscp {} -> priority {} -> class {}; Ascend has classes 0..3 "
                                "(declare [ets] prio_tc)",
                                dscp, prio, tc));
      cmd({"-dscp_to_tc", "-s", "dscp", std::to_string(dscp.value()), "tc", std::to_string(tc)});
    }
  }
  if (s.dcqcn)
    plan.unsupported.push_back(
        {Knob::dcqcn, "hccn_tool -dcqcn exists only in HCCN_TOOL_SHOW_EXT builds"});
  if (s.cnp)
    plan.unsupported.push_back(
        {Knob::cnp, "hccn_tool -dcqcn -s cnp_dscp exists only in HCCN_TOOL_SHOW_EXT builds"});
  if (s.ecn_priorities)
    plan.unsupported.push_back({Knob::ecn_priorities, "no per-priority ECN control in hccn_tool"});
  if (s.roce_tos)
    plan.unsupported.push_back(
        {Knob::roce_tos, fmt::format("set HCCL_RDMA_TC={} in the job environment", *s.roce_tos)});
  if (s.roce_mode == model::RoceMode::v1)
    plan.unsupported.push_back({Knob::roce_mode, "Ascend RoCE is v2 only"});
  if (s.trust == model::Trust::pcp)
    plan.unsupported.push_back({Knob::trust, "Ascend classifies by DSCP (dscp_to_tc) only"});
  return plan;
}

std::string hccn_script(const HccnPlan& plan) {
  std::string out;
  for (const auto& argv : plan.commands) {
    std::string line;
    for (const std::string& a : argv) line += (line.empty() ? "" : " ") + a;
    out += line + "\n";
  }
  return out;
}

}  // namespace rocecfg::nic
