#include "doctor/doctor_workload.h"

#include <fmt/format.h>

#include "probe/from_intent.h"
#include "probe/marking_verdict.h"
#include "workload/nccl_effective.h"

namespace rocecfg::doctor {

void check_workload(const host::FsRoot& fs, const std::vector<std::pair<std::string, int>>& ports,
                    const profile::Intent& intent,
                    const std::function<const char*(const char*)>& getenv,
                    const std::string& profile_path, std::vector<Finding>& out) {
  if (!intent.workload.manages(profile::CommLibrary::nccl)) return;
  const std::set<uint8_t> lossless = probe::expectations_for(intent).lossless_dscps;
  if (lossless.empty()) return;  // nothing to compare with
  const workload::WireTos w = workload::nccl_wire_tos(fs, getenv, ports);
  const std::string sent = probe::describe_tos(w.tos);
  std::string dscps;
  for (uint8_t d : lossless) dscps += fmt::format("{}{}", dscps.empty() ? "" : ",", d);
  const bool override = w.why.starts_with("device override");
  const std::string want = intent.workload.traffic_class
                               ? fmt::format("NCCL_IB_TC={}", *intent.workload.traffic_class)
                               : fmt::format("NCCL_IB_TC={}", *lossless.begin() << 2);
  if (!lossless.count(static_cast<uint8_t>(w.tos >> 2))) {
    out.push_back(
        {"workload", Severity::problem, fmt::format("NCCL will send {}: {}", sent, w.why),
         override
             ? fmt::format("MLNX_OFED's traffic_class override re-marks every QP on the device "
                           "whatever NCCL asks for; DSCP {} is outside the lossless class (DSCP "
                           "{}), so the job's traffic travels lossy while perftest looks fine",
                           w.tos >> 2, dscps)
             : fmt::format("NCCL creates its QPs with plain verbs and puts NCCL_IB_TC (default 0) "
                           "in their GRH, not the RDMA-CM default ToS; DSCP {} is outside the "
                           "lossless class (DSCP {}), so the job's traffic travels lossy while "
                           "perftest and rdma_cm traffic look fine",
                           w.tos >> 2, dscps),
         fmt::format("rocecfg apply {} (writes {} to /etc/nccl.conf{}); a job started elsewhere "
                     "takes `rocecfg env {}`",
                     profile_path, want, override ? " and manages the device override" : "",
                     profile_path)});
    return;
  }
  // In the class; the ECN bits the profile's traffic class carries matter
  // where the NIC takes them from the GRH (Soft-RoCE does; see the probe's
  // marking phase for what arrives).
  if (intent.workload.traffic_class && (w.tos & 3) != (*intent.workload.traffic_class & 3)) {
    out.push_back({"workload", Severity::warning, fmt::format("NCCL will send {}: {}", sent, w.why),
                   fmt::format("the profile's class is {}: a NIC that takes the ECN bits from "
                               "the traffic class sends what NCCL asks, and a switch can only "
                               "mark ECN-capable packets",
                               probe::describe_tos(*intent.workload.traffic_class)),
                   fmt::format("rocecfg apply {} (writes {})", profile_path, want)});
    return;
  }
  out.push_back(
      {"workload", Severity::ok, fmt::format("NCCL will send {}: {}", sent, w.why), "", ""});
}

}  // namespace rocecfg::doctor
