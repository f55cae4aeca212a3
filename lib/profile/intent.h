// A loaded, validated profile: the fabric's intent, with units resolved.
// Hosts and switches share one profile; host_settings()/switch_settings() give
// each side the knobs that concern it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "model/congestion.h"
#include "model/firmware.h"
#include "model/qos_owner.h"
#include "model/settings.h"
#include "profile/buffer_intent.h"
#include "profile/workload_intent.h"

namespace rocecfg::profile {

// The largest probe message: the probe engine registers one buffer of this
// size per QP (lib/probe/params.h takes its limit from here).
inline constexpr uint32_t kMaxProbeMessageBytes = 64u << 20;

// Thresholds for probes and the gate ([validation]); defaults are documented
// in profiles/README.md and chosen for real 100G+ fabrics.
struct ValidationRules {
  std::optional<double> expected_rate_gbps;  // unset: the link speed the NIC reports
  double min_bandwidth_fraction = 0.90;      // idle bandwidth >= fraction x expected
  double max_loaded_p99_factor = 3.0;        // loaded p99 <= factor x idle p99
  uint64_t max_retransmits = 0;              // new retransmits/sequence errors per window
  uint64_t max_discards = 0;                 // new discards on the lossless class per window
  double max_pause_ratio = 0.05;             // pause frames / packets on the lossless class
  std::vector<uint64_t> probe_message_bytes{64, 1048576};  // small and large
  uint32_t probe_duration_ms = 2000;
  uint32_t probe_timeout_ms = 15000;
  uint32_t gate_budget_ms = 3000;
  bool ignore_emulation_retransmits = false;  // Soft-RoCE under TCG retransmits without loss
  // rocecfg fabric: a pair is an outlier below this fraction of the fleet
  // median bandwidth or above this factor of its median latency (NVIDIA
  // ClusterKit's defaults), and a regression beyond this fraction of its
  // baseline figure (either way: bandwidth lower, latency higher).
  double fabric_min_bandwidth_fraction = 0.93;
  double fabric_max_latency_factor = 2.1;
  // Over rails (several NICs per host): the same two rules judge each rail's
  // pairs against that rail's median; a whole rail is bad when its median is
  // below this fraction (or above this factor) of the other rails' median.
  double fabric_min_rail_bandwidth_fraction = 0.93;
  double fabric_max_rail_latency_factor = 2.1;
  double baseline_tolerance = 0.10;
  // Switch counters (`rocecfg counters`, probe/gate/doctor with --inventory):
  double switch_max_pause_per_s = 1000;     // PFC frames/s per port, priority, direction
  uint64_t switch_max_lossless_drops = 0;   // drops on a lossless queue/PG per window
  uint64_t switch_max_watchdog_storms = 0;  // PFC watchdog storms per window
  bool operator==(const ValidationRules&) const = default;
};

struct Intent {
  std::string path;  // the profile file given on the command line
  std::string name;
  std::string description;

  std::vector<uint8_t> lossless_dscp;

  // Everything except MTU and the side-specific knobs is shared.
  model::Settings common;
  std::optional<uint32_t> host_mtu_bytes;
  std::optional<uint32_t> switch_mtu_bytes;

  ValidationRules validation;
  BufferIntent buffer_intent;  // [buffers] inputs of the headroom/threshold arithmetic
  WorkloadIntent workload;  // always filled: defaults derived from [rdma_cm] / [lossless]
  // [firmware]: NV parameters, devlink parameters, qualified versions per NIC family.
  model::FirmwareIntent firmware;

  // [lossless] priorities. Stored once, as the PFC map every backend writes
  // (common.pfc_enabled): a second copy could disagree after an overlay.
  PriorityMask lossless_priorities() const { return common.pfc_enabled.value_or(PriorityMask{}); }

  // Does traffic marked with this DSCP land in a lossless priority?
  bool dscp_is_lossless(uint8_t dscp) const;

  // [fabric] unsupported_knobs = "fail": a knob a device cannot take makes
  // apply/audit exit 1, as --strict does; default "warn".
  bool strict_unsupported = false;

  // [congestion] algorithm as stated (unset: not stated; congestion_algorithm()
  // infers it from [dcqcn]/[ecn]) and [dcbx] owner (unset: not stated).
  std::optional<model::CongestionAlgorithm> congestion;
  std::optional<model::QosOwner> qos_owner;
  std::optional<model::CongestionAlgorithm> congestion_algorithm() const {
    return model::intended_congestion(congestion, common);
  }

  // Hosts: NIC knobs (no switch-only knobs such as the PFC watchdog or WRED).
  model::Settings host_settings() const;
  // Switches: fabric knobs (no RDMA-CM or DCQCN reaction-point knobs).
  model::Settings switch_settings() const;
};

}  // namespace rocecfg::profile
