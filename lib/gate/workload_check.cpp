// The gate's "workload" check: NCCL creates its QPs with plain verbs and puts
// NCCL_IB_TC (default 0) in their GRH, not the RDMA-CM default ToS, so a host
// whose fabric is lossless can still run the job lossy. The check resolves
// the class as NCCL would on this host (workload::nccl_wire_tos: environment,
// NCCL conf files, MLNX_OFED device override) and compares its DSCP with the
// profile's lossless DSCPs (probe::expectations_for: one definition for the
// probe's traffic-class rule and this check).
#include <fmt/format.h>

#include <cstdlib>

#include "gate/checks.h"
#include "probe/from_intent.h"
#include "probe/marking_verdict.h"
#include "workload/nccl_effective.h"

namespace rocecfg::gate {

CheckResult check_workload(Context& c) {
  const profile::Intent& intent = c.options.intent;
  auto result = [](CheckStatus s, std::string message, std::vector<std::string> details = {}) {
    return CheckResult{"workload", s, std::move(message), std::move(details), 0};
  };
  if (!intent.workload.manages(profile::CommLibrary::nccl))
    return result(CheckStatus::skipped, "the profile's [workload] does not include NCCL");
  const std::set<uint8_t> lossless = probe::expectations_for(intent).lossless_dscps;
  if (lossless.empty()) return result(CheckStatus::skipped, "the profile names no lossless DSCP");
  std::vector<std::pair<std::string, int>> ports;
  for (const Target& t : c.targets)
    if (!t.rdma_device.empty()) ports.emplace_back(t.rdma_device, t.rdma_port);
  workload::GetEnv getenv =
      c.env.getenv ? workload::GetEnv(c.env.getenv) : workload::GetEnv(::getenv);
  workload::WireTos w = workload::nccl_wire_tos(c.fs, getenv, ports);
  std::string dscps;
  for (uint8_t d : lossless) dscps += fmt::format("{}{}", dscps.empty() ? "" : ",", d);
  const std::string sent = probe::describe_tos(w.tos);
  if (lossless.count(static_cast<uint8_t>(w.tos >> 2)))
    return result(CheckStatus::pass, fmt::format("NCCL sends {}: {}", sent, w.why));
  std::vector<std::string> details{fmt::format("NCCL on this host would send {}: {}", sent, w.why)};
  if (intent.workload.traffic_class)
    details.push_back(fmt::format(
        "fix: NCCL_IB_TC={} ({}; rocecfg apply writes it to /etc/nccl.conf, rocecfg env prints it "
        "for the job)",
        *intent.workload.traffic_class, intent.workload.traffic_class_from));
  return result(CheckStatus::fail,
                fmt::format("NCCL would send {}, outside the lossless class (DSCP {}): {}", sent,
                            dscps, w.why),
                details);
}

}  // namespace rocecfg::gate
