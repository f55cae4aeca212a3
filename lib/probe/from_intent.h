// What a profile asks of a probe, in one place: the verdict's expectations and
// the probe's defaults (sizes, windows, traffic class). `rocecfg probe`, the
// gate and the fabric runner all start from these, then apply their own
// command-line overrides, so a profile means the same probe everywhere.
#pragma once

#include "probe/runner.h"
#include "probe/verdict.h"
#include "profile/intent.h"

namespace rocecfg::probe {

// [validation] rules, the lossless priorities, DCQCN on/off, and the path MTU
// the host MTU implies (model::roce_path_mtu_for). A default Intent (no
// profile) yields the documented defaults and judges nothing profile-specific.
Expectations expectations_for(const profile::Intent& intent);

// [validation] message sizes, measured window and per-test timeout, and the
// RDMA-CM ToS as the probe's traffic class (0 without one). Endpoints, devices
// and load are the caller's.
ProbeConfig probe_config_for(const profile::Intent& intent);

}  // namespace rocecfg::probe
