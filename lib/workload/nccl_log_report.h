// Judging an NCCL log against the profile: per process, the transport, the
// HCA ports and their link layer, the GID index, the traffic class and
// service level NCCL used, and whether they give lossless RoCE.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "profile/intent.h"
#include "workload/nccl_log.h"

namespace rocecfg::workload {

struct RankFinding {
  const NcclProcess* process = nullptr;
  std::string transport;  // "NET/IB", "NET/Socket", "none"
  std::string hcas;       // the NICs its channels used: "mlx5_1:1/RoCE", or "-"
  std::string offered;    // every device NCCL offered: "mlx5_0:1/RoCE,mlx5_1:1/RoCE", or "-"
  std::string gid;        // "3" or "3,5" (its QPs), "3 (environment)", or "-"
  std::string tc;         // "106 (environment)", "0 (default)", "unknown"
  std::string sl;
  std::vector<std::string> problems;  // empty: matches the profile
};

// fail: a rank judged is outside the profile (or nothing was observed);
// incomplete: the ranks judged match, but some of the job's are not in the
// log, so it cannot pass (exit 4, not evaluated).
enum class NcclVerdict { ok, fail, incomplete };

struct NcclLogReport {
  std::vector<RankFinding> ranks;
  std::vector<std::string> notes;  // about the log as a whole
  bool ok = false;                 // every rank matches and something was observed
  bool incomplete = false;         // some of the job's ranks were not judged
  std::vector<int> missing_ranks;  // of the largest communicator
  NcclVerdict verdict() const;
};

NcclLogReport judge_nccl_log(const NcclLog& log, const profile::Intent& intent);

std::string render_text(const NcclLogReport& r, const profile::Intent& intent);
nlohmann::json to_json(const NcclLogReport& r, const profile::Intent& intent);

}  // namespace rocecfg::workload
