#include "probe/from_intent.h"

#include "model/path_mtu.h"

namespace rocecfg::probe {

Expectations expectations_for(const profile::Intent& intent) {
  Expectations e;
  e.rules = intent.validation;
  e.rdma_cm_tos = intent.common.roce_tos;
  e.lossless = intent.lossless_priorities();
  model::Settings host = intent.host_settings();
  e.congestion = intent.congestion_algorithm();
  if (host.mtu_bytes) e.min_path_mtu_bytes = model::roce_path_mtu_for(*host.mtu_bytes);
  if (host.dscp_priority) {
    for (const auto& [dscp, prio] : *host.dscp_priority)
      if (e.lossless.has(prio)) e.lossless_dscps.insert(dscp.value());
  } else if (intent.workload.traffic_class) {
    e.lossless_dscps.insert(intent.workload.dscp());
  }
  return e;
}

ProbeConfig probe_config_for(const profile::Intent& intent) {
  ProbeConfig c;
  c.sizes_bytes.clear();
  for (uint64_t s : intent.validation.probe_message_bytes)
    c.sizes_bytes.push_back(static_cast<uint32_t>(s));
  c.duration_ms = intent.validation.probe_duration_ms;
  c.timeout_ms = intent.validation.probe_timeout_ms;
  if (intent.common.roce_tos) {
    c.tos = *intent.common.roce_tos;
    c.tos_source = "profile rdma_cm.tos";
  }
  return c;
}

}  // namespace rocecfg::probe
