// A knob is the unit of change: one group of Settings fields that backends
// write together (one DCB attribute, one sysfs directory, one switch stanza).
// Plans, audits and executors speak in knobs.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "model/settings.h"

namespace rocecfg::model {

enum class Knob {
  mtu,
  ets,
  buffers,
  pfc,
  trust,
  dscp_map,
  ecn_priorities,
  ecn,
  dcqcn,
  cnp,
  pfc_watchdog,
  roce_mode,
  roce_tos,
  device_traffic_class,
  nccl_conf,
  ucx_conf,
  job_env,
};

// Knobs that belong to the host as a whole (files under /etc), not to one
// interface: a host session plans them once, on the target kHostTarget.
bool is_host_wide(Knob k);
inline constexpr const char* kHostTarget = "host";

std::span<const Knob> all_knobs();
std::string_view knob_name(Knob k);  // "pfc", "dscp_map", ... (also the JSON key)
std::optional<Knob> knob_from_name(std::string_view name);

// Is the knob present (managed / observed) in s?
bool knob_present(const Settings& s, Knob k);

// Does `observed` satisfy `intent` for this knob? Maps and parameter sets are
// compared on the entries the intent declares, so a NIC that pre-populates all
// 64 DSCP entries (mlx5 in DSCP trust) is not drift for the 2 we manage.
bool knob_satisfied(const Settings& intent, const Settings& observed, Knob k);

// The priorities of Buffers::lossless_pgs, whatever the entries' grouping.
PriorityMask pg_union(const std::vector<PriorityMask>& groups);

// A Settings holding only this knob's fields, copied from s.
Settings knob_slice(const Settings& s, Knob k);

// Copy this knob's fields from `from` into `into` (absent in `from` clears them).
void knob_assign(Settings& into, const Settings& from, Knob k);

// The DSCP -> priority map as ranges, "0-25:0,26:3,27-47:0": consecutive
// DSCPs with one priority form one range; "none" for an empty map. The one
// text of a DSCP map (plan, audit, show), short enough for one column.
std::string dscp_map_text(const DscpPriorityMap& dscp_priority);

// Human rendering of the knob's value in s, "-" when absent. Stable: the
// plan's text and JSON use it, and tests pin it.
std::string knob_value_text(const Settings& s, Knob k);

}  // namespace rocecfg::model
