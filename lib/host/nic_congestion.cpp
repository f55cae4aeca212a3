#include "host/nic_congestion.h"

#include <fmt/format.h>

namespace rocecfg::host {

NicCongestion read_nic_congestion(const NicAdapter* adapter, const std::string& driver) {
  NicCongestion n;
  if (!adapter) {
    n.unknown_why =
        fmt::format("no ECN/DCQCN adapter for driver '{}'", driver.empty() ? "unknown" : driver);
    return n;
  }
  Result<std::optional<NicAdapter::CcEnable>> got = adapter->cc_enable();
  if (!got)
    n.unknown_why = fmt::format("not readable: {}", got.error().to_string());
  else if (!*got)
    n.unknown_why = fmt::format(
        "{} exposes no congestion-control enable bits (the firmware "
        "decides: NV setting ROCE_CC_PRIO_MASK)",
        adapter->family());
  else
    n.enable = **got;
  return n;
}

std::vector<std::string> congestion_notes(std::optional<model::CongestionAlgorithm> stated,
                                          bool profile_has_dcqcn, const NicCongestion& nic) {
  using model::CongestionAlgorithm;
  if (!stated) return {};
  const std::string want = model::to_string(*stated);
  if (!nic.enable)
    return {fmt::format("congestion control unknown (profile: {}): {}", want, nic.unknown_why)};
  const PriorityMask rp = nic.enable->reaction;
  const PriorityMask np = nic.enable->notification;
  std::vector<std::string> out;
  switch (*stated) {
    case CongestionAlgorithm::dcqcn:
      if (rp.empty() && !profile_has_dcqcn)
        out.push_back(fmt::format(
            "congestion.algorithm is dcqcn but the NIC runs no DCQCN rate control (reaction "
            "point off on every priority; {}): senders ignore CNPs; add [dcqcn] enabled = true "
            "and apply",
            nic.enable->source));
      if (np.empty())
        out.push_back(fmt::format(
            "congestion.algorithm is dcqcn but the NIC sends no CNPs (notification point off on "
            "every priority; {}): ECN marks reach no sender; enable ECN on the lossless priority "
            "([ecn] priorities) and apply",
            nic.enable->source));
      break;
    case CongestionAlgorithm::pfc_only:
    case CongestionAlgorithm::programmable:
      if (!rp.empty() && !profile_has_dcqcn)
        out.push_back(fmt::format(
            "congestion.algorithm is {} but the NIC runs DCQCN rate control on priorities {} "
            "({}): {}; add [dcqcn] enabled = false and apply",
            want, rp.to_string(), nic.enable->source,
            *stated == CongestionAlgorithm::pfc_only
                ? "harmless only while no switch marks ECN on them"
                : "two algorithms would both slow the senders"));
      break;
  }
  return out;
}

}  // namespace rocecfg::host
