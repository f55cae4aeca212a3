// Settings used across plan tests: the standard lossless intent, and a NIC
// fresh from the factory (PFC off, PCP trust, no DSCP entries, MTU 1500).
#pragma once

#include "model/settings.h"

namespace rocecfg::test {

inline model::Settings standard_intent() {
  model::Settings s;
  s.mtu_bytes = 9000;
  s.pfc_enabled = PriorityMask(1u << 3);
  s.trust = model::Trust::dscp;
  s.dscp_priority = model::dscp_priority_map({{26, 3}, {48, 6}});
  model::Ets e;
  e.prio_tc = model::prio_tc_array({0, 1, 2, 3, 4, 5, 6, 7});
  e.tc_tsa.fill(model::Tsa::ets);
  e.tc_tsa[6] = model::Tsa::strict;
  e.tc_bandwidth_percent[0] = 50;
  e.tc_bandwidth_percent[3] = 50;
  s.ets = e;
  s.roce_tos = 106;
  return s;
}

inline model::Settings factory_nic() {
  model::Settings s;
  s.mtu_bytes = 1500;
  s.pfc_enabled = PriorityMask(0);
  s.trust = model::Trust::pcp;
  s.dscp_priority = model::DscpPriorityMap{};
  model::Ets e;
  e.tc_tsa.fill(model::Tsa::vendor);
  s.ets = e;
  s.roce_tos = 0;
  return s;
}

}  // namespace rocecfg::test
