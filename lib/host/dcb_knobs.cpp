#include "host/dcb_knobs.h"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

namespace rocecfg::host {

void observe_dcb(const DcbState& state, model::Settings& out) {
  if (state.pfc) out.pfc_enabled = PriorityMask(state.pfc->pfc_en);
  // The kernel keeps prio_tc < IEEE_8021QAZ_MAX_TCS (dcbnl checks every
  // set); a driver that reports more is not read as some other class.
  bool ets_valid = state.ets && std::all_of(std::begin(state.ets->prio_tc),
                                            std::end(state.ets->prio_tc),
                                            [](__u8 tc) { return TrafficClass::make(tc); });
  if (ets_valid) {
    model::Ets e;
    for (size_t i = 0; i < 8; ++i) {
      e.prio_tc[i] = *TrafficClass::make(state.ets->prio_tc[i]);
      e.tc_tsa[i] = static_cast<model::Tsa>(state.ets->tc_tsa[i]);
      e.tc_bandwidth_percent[i] = state.ets->tc_tx_bw[i];
    }
    out.ets = e;
  }
  if (state.buffer || state.pfc) {
    model::Buffers b;
    if (state.buffer) {
      std::array<uint8_t, 8> prio{};
      std::array<uint64_t, 8> size{};
      for (size_t i = 0; i < 8; ++i) {
        prio[i] = state.buffer->prio2buffer[i];
        size[i] = state.buffer->buffer_size[i];
      }
      b.prio_buffer = prio;
      b.buffer_size_bytes = size;
    }
    // mlx5 reads the PFC "delay" field as the cable length in meters
    // (mlx5e_port_set_cable_len); it sizes the PFC headroom.
    if (state.pfc) b.cable_length_m = state.pfc->delay;
    out.buffers = b;
  }
  model::DscpPriorityMap dscp;
  for (const dcb_app& app : state.apps) {
    auto code = Dscp::make(app.protocol);
    auto prio = Priority::make(app.priority);
    if (app.selector == kAppSelDscp && code && prio) dscp[*code] = *prio;
  }
  // Without a PFC or ETS getter the device is not doing DCB at all; an APP
  // list alone is the kernel's generic list and proves nothing.
  if (state.pfc || state.ets) {
    out.trust = dscp.empty() ? model::Trust::pcp : model::Trust::dscp;
    out.dscp_priority = dscp;
  }
}

Status validate_ets(const model::Ets& ets, const std::string& ifname) {
  unsigned sum = 0;
  bool any_ets = false;
  for (size_t i = 0; i < 8; ++i) {
    switch (ets.tc_tsa[i]) {
      case model::Tsa::ets:
        any_ets = true;
        sum += ets.tc_bandwidth_percent[i];
        break;
      case model::Tsa::strict:
      case model::Tsa::vendor:
        if (ets.tc_bandwidth_percent[i] != 0)
          return fail(ErrorKind::invalid_input, ifname,
                      fmt::format("ETS: class {} is {} but has {}% bandwidth; only ETS classes "
                                  "take bandwidth",
                                  i, to_string(ets.tc_tsa[i]), ets.tc_bandwidth_percent[i]));
        break;
      default:
        return fail(ErrorKind::invalid_input, ifname,
                    fmt::format("ETS: class {} has unknown TSA {}", i,
                                static_cast<unsigned>(ets.tc_tsa[i])));
    }
  }
  if (any_ets && sum != 100)
    return fail(ErrorKind::invalid_input, ifname,
                fmt::format("ETS: bandwidths of ETS classes sum to {}%, not 100%", sum));
  return {};
}

Status validate_buffers(const model::Buffers& b, const std::string& ifname) {
  if (b.prio_buffer)
    for (size_t i = 0; i < 8; ++i)
      if ((*b.prio_buffer)[i] > 7)
        return fail(ErrorKind::invalid_input, ifname,
                    fmt::format("buffers: priority {} maps to buffer {}, buffers are 0..7", i,
                                (*b.prio_buffer)[i]));
  if (b.buffer_size_bytes)
    for (size_t i = 0; i < 8; ++i)
      if ((*b.buffer_size_bytes)[i] > UINT32_MAX)
        return fail(ErrorKind::invalid_input, ifname,
                    fmt::format("buffers: buffer {} size {} does not fit dcbnl's u32", i,
                                (*b.buffer_size_bytes)[i]));
  if (b.cable_length_m && *b.cable_length_m > UINT16_MAX)
    return fail(ErrorKind::invalid_input, ifname,
                fmt::format("buffers: cable length {} m does not fit the PFC delay field",
                            *b.cable_length_m));
  return {};
}

ieee_pfc merge_pfc(ieee_pfc current, PriorityMask enabled) {
  current.pfc_en = enabled.bits();
  return current;
}

ieee_ets merge_ets(ieee_ets current, const model::Ets& ets) {
  // willing=0: the host's configuration is authoritative, not a peer's.
  current.willing = 0;
  for (size_t i = 0; i < 8; ++i) {
    current.prio_tc[i] = ets.prio_tc[i].value();
    current.tc_tsa[i] = static_cast<uint8_t>(ets.tc_tsa[i]);
    current.tc_tx_bw[i] = ets.tc_bandwidth_percent[i];
  }
  return current;
}

dcbnl_buffer merge_buffer(dcbnl_buffer current, const model::Buffers& b) {
  for (size_t i = 0; i < 8; ++i) {
    if (b.prio_buffer) current.prio2buffer[i] = (*b.prio_buffer)[i];
    if (b.buffer_size_bytes)
      current.buffer_size[i] = static_cast<uint32_t>((*b.buffer_size_bytes)[i]);
  }
  return current;
}

dcb_app dscp_app(uint8_t dscp, uint8_t priority) {
  dcb_app a{};
  a.selector = kAppSelDscp;
  a.priority = priority;
  a.protocol = dscp;
  return a;
}

AppDelta dscp_delta(const std::vector<dcb_app>& current, const model::DscpPriorityMap& want,
                    const std::set<std::pair<uint8_t, uint8_t>>& ours) {
  AppDelta d;
  auto present = [&](uint8_t dscp, uint8_t prio) {
    for (const dcb_app& a : current)
      if (a.selector == kAppSelDscp && a.protocol == dscp && a.priority == prio) return true;
    return false;
  };
  for (auto [dscp, prio] : want)
    if (!present(dscp.value(), prio.value()))
      d.add.push_back(dscp_app(dscp.value(), prio.value()));
  for (const dcb_app& a : current) {
    if (a.selector != kAppSelDscp) continue;
    auto dscp = static_cast<uint8_t>(a.protocol);
    auto code = Dscp::make(dscp);
    auto it = code ? want.find(*code) : want.end();
    bool superseded = it != want.end() && it->second.value() != a.priority;
    bool ours_undeclared = it == want.end() && ours.contains({dscp, a.priority});
    if (superseded || ours_undeclared) d.del.push_back(a);
  }
  return d;
}

}  // namespace rocecfg::host
