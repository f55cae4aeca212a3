// The one typed model for RoCE QoS state. A profile's intent and what a
// backend observes on a NIC or switch port are both a Settings: a field that is
// std::nullopt is "not managed" in an intent and "not readable / not
// supported" in an observation. plan::diff compares the two knob by knob.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "core/types.h"

namespace rocecfg::model {

// How a port classifies incoming traffic into priorities.
enum class Trust { pcp, dscp };

// Transmission selection per traffic class (IEEE 802.1Qaz TSA values).
enum class Tsa : uint8_t { strict = 0, ets = 2, vendor = 255 };

enum class RoceMode { v1, v2 };

enum class WatchdogAction { drop, forward, alert };

// ETS: which class each priority goes to and how classes share the link.
struct Ets {
  std::array<TrafficClass, 8> prio_tc{};          // priority -> traffic class
  std::array<Tsa, 8> tc_tsa{};                    // per traffic class
  std::array<uint8_t, 8> tc_bandwidth_percent{};  // per class; ETS classes sum to 100
  auto operator<=>(const Ets&) const = default;
};

// ECN thresholds as fill levels: percent of the queue's buffer, the only
// unit some switches take (Junos drop profiles `interpolate fill-level`).
// Bytes and fill levels do not convert into each other without the queue's
// buffer, which neither the profile nor the configuration states.
struct EcnFill {
  uint8_t min_percent = 0;
  uint8_t max_percent = 0;
  auto operator<=>(const EcnFill&) const = default;
};

// ECN marking (WRED-style) on the lossless queues: mark between min and max
// queue depth with a probability rising to mark_probability_percent. The
// depth is in bytes; `fill`, where stated, is the same intent for switches
// whose thresholds are fill levels. A switch compares the unit it takes
// (switch/engine.h vendor_intent): bytes, or fill levels with the bytes 0.
struct Ecn {
  uint64_t min_threshold_bytes = 0;
  uint64_t max_threshold_bytes = 0;
  uint32_t mark_probability_percent = 0;
  std::optional<EcnFill> fill = std::nullopt;
  // Thresholds in bytes are stated (a profile or switch of fill levels only
  // leaves both 0).
  bool has_bytes() const { return min_threshold_bytes != 0 || max_threshold_bytes != 0; }
  auto operator<=>(const Ecn&) const = default;
};

// DCQCN on the NIC: on/off per priority plus named reaction/notification
// point parameters. Parameter names carry their units ("rp_ai_rate_mbps");
// the list of valid names lives in dcqcn_params.h.
struct Dcqcn {
  bool enabled = false;
  std::map<std::string, uint32_t> params;
  auto operator<=>(const Dcqcn&) const = default;
};

// Congestion notification packets: how the notification point marks CNPs.
struct Cnp {
  Dscp dscp;
  Priority priority;
  auto operator<=>(const Cnp&) const = default;
};

// A CNP marking read from a device: a number out of range is an error
// naming `where`, never wrapped into range.
inline Result<Cnp> cnp_from(uint32_t dscp, uint32_t priority, const std::string& where) {
  auto d = Dscp::make(dscp);
  auto p = Priority::make(priority);
  if (!d || !p)
    return fail(ErrorKind::failed, where,
                "CNP DSCP " + std::to_string(dscp) + " / priority " + std::to_string(priority) +
                    " out of range (DSCP 0..63, priority 0..7)");
  return Cnp{*d, *p};
}

struct PfcWatchdog {
  uint32_t detection_ms = 0;
  uint32_t restoration_ms = 0;
  WatchdogAction action = WatchdogAction::drop;
  auto operator<=>(const PfcWatchdog&) const = default;
};

// Switch: how the shared buffer is split between kinds of traffic, in percent
// of it. Junos's shared-buffer partitions (ingress lossless, lossless-headroom
// and lossy; egress lossless, lossy and, before EVO, multicast) and Cumulus's
// traffic pools (default-lossless, default-lossy) hold it.
struct SharedSplit {
  uint32_t lossless_percent = 0;
  uint32_t lossy_percent = 0;
  std::optional<uint32_t> headroom_percent;   // Junos: ingress lossless-headroom
  std::optional<uint32_t> multicast_percent;  // Junos before EVO: egress multicast
  auto operator<=>(const SharedSplit&) const = default;
};

// Per-priority receive buffers (dcbnl_buffer on hosts, ingress pools on switches).
struct Buffers {
  std::optional<std::array<uint8_t, 8>> prio_buffer;         // priority -> buffer index
  std::optional<std::array<uint64_t, 8>> buffer_size_bytes;  // per buffer
  std::optional<uint32_t> cable_length_m;  // PFC headroom input (mlx5: the PFC "delay" field)
  std::optional<uint64_t> headroom_bytes;  // switch: per lossless PG headroom
  // switch: the priority groups holding a lossless buffer profile, one mask
  // per config entry as the switch keys them (SONiC's "3-4" is one entry, so
  // an adapter can split it); compared as the union of the priorities.
  std::optional<std::vector<PriorityMask>> lossless_pgs;
  std::optional<SharedSplit> shared;  // switch: the shared buffer's split
  bool empty() const {
    return !prio_buffer && !buffer_size_bytes && !cable_length_m && !headroom_bytes &&
           !lossless_pgs && !shared;
  }
  auto operator<=>(const Buffers&) const = default;
};

// DSCP -> priority, as classification holds it.
using DscpPriorityMap = std::map<Dscp, Priority>;

// From plain numbers, for fixed tables and tests; a number out of range
// throws std::bad_optional_access (a bug in the table, not input).
inline DscpPriorityMap dscp_priority_map(
    std::initializer_list<std::pair<unsigned, unsigned>> entries) {
  DscpPriorityMap out;
  for (auto [dscp, prio] : entries) out[Dscp::make(dscp).value()] = Priority::make(prio).value();
  return out;
}
inline constexpr std::array<TrafficClass, 8> prio_tc_array(const std::array<unsigned, 8>& tcs) {
  std::array<TrafficClass, 8> out{};
  for (size_t p = 0; p < 8; ++p) out[p] = TrafficClass::make(tcs[p]).value();
  return out;
}

struct Settings {
  std::optional<uint32_t> mtu_bytes;
  std::optional<Ets> ets;
  std::optional<Buffers> buffers;
  std::optional<PriorityMask> pfc_enabled;
  std::optional<Trust> trust;
  std::optional<DscpPriorityMap> dscp_priority;  // declared entries
  std::optional<PriorityMask> ecn_priorities;    // where ECN marking is on
  std::optional<Ecn> ecn;
  std::optional<Dcqcn> dcqcn;
  std::optional<Cnp> cnp;
  std::optional<PfcWatchdog> pfc_watchdog;
  std::optional<RoceMode> roce_mode;
  std::optional<uint8_t> roce_tos;  // RDMA-CM default ToS = DSCP << 2 | ECN bits
  // MLNX_OFED's device-wide override of every QP's traffic class
  // (/sys/class/infiniband/<dev>/tc/<port>/traffic_class), same encoding.
  std::optional<uint8_t> device_traffic_class;
  // Host-wide files the job's communication libraries read: the KEY=VALUE
  // entries rocecfg owns (every other line of the file is left as it is).
  std::optional<std::map<std::string, std::string>> nccl_conf;  // /etc/nccl.conf
  std::optional<std::map<std::string, std::string>> ucx_conf;   // /etc/ucx/ucx.conf
  std::optional<std::map<std::string, std::string>> job_env;    // env file for the scheduler (HCCL)

  bool operator==(const Settings&) const = default;
};

const char* to_string(Trust t);
const char* to_string(Tsa t);
const char* to_string(RoceMode m);
const char* to_string(WatchdogAction a);

}  // namespace rocecfg::model
