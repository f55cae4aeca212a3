// Intent -> profile TOML: the inverse of load.h for the sections a profile
// states ([fabric], [lossless], [dscp_map], [cnp], [ets], [ecn], [mtu],
// [pfc_watchdog], [buffers], [dcqcn], [rdma_cm]). `rocecfg import` writes
// what it read from a switch through it. Guarantee, pinned by a test:
// load_profile_text(write_profile(i)) yields an Intent equal to `i` in every
// field the writer covers ([validation] and `include` are not written).
#pragma once

#include <string>
#include <vector>

#include "profile/intent.h"

namespace rocecfg::profile {

// `header` lines become `# ` comments at the top; `trailer` lines are
// appended as comments at the end (import's report of what was default).
std::string write_profile(const Intent& intent, const std::vector<std::string>& header = {},
                          const std::vector<std::string>& trailer = {});

}  // namespace rocecfg::profile
