// A fabric run as people and machines read it: the schedule (dry run), and
// after a run the pair matrix, the fleet median, findings and verdict. Host
// names replace indices everywhere in the output.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fabric/outliers.h"
#include "fabric/rails.h"
#include "fabric/schedule.h"

namespace rocecfg::fabric {

struct RunReport {
  Pattern pattern = Pattern::all;
  std::vector<std::string> hosts;
  std::vector<Round> rounds;    // as run
  std::vector<Sample> samples;  // every test
  Analysis analysis;
  std::vector<size_t> suspects;  // locate only
  std::vector<std::string> notes;
  double seconds = 0;
  std::optional<RailLayout> rails;  // set when the run was over several rails
  // Cabling (fabric/cabling.h) when the inventory cables NICs of the run to
  // switch ports: how many, how many were seen there, which could not be
  // checked. A miscabled NIC is a finding in `analysis`.
  struct Cabling {
    size_t declared = 0, checked = 0;
    std::vector<std::string> not_checked;
  };
  std::optional<Cabling> cabling;
};

// --dry-run: "round 1: n1 -> n2, n3 -> n4" per line; JSON
// {"pattern", "hosts", "rounds": [{"pairs": [["n1", "n2"], ...]}, ...]}
// (client first). `note` says what a dry run cannot know (locate's rounds 3-4).
std::string render_schedule_text(Pattern p, const std::vector<std::string>& hosts,
                                 const std::vector<Round>& rounds, const std::string& note);
nlohmann::json render_schedule_json(Pattern p, const std::vector<std::string>& hosts,
                                    const std::vector<Round>& rounds, const std::string& note);

// Matrices (fraction of median bandwidth, factor of median latency; `*` marks
// a bad pair; `x` a failed test) are printed up to kMaxMatrixHosts hosts;
// over rails one pair of matrices per rail, its rows and columns hosts.
inline constexpr size_t kMaxMatrixHosts = 32;
std::string render_text(const RunReport& r);
nlohmann::json render_json(const RunReport& r);

// PASS only when tests ran and no outlier was seen with nothing left unsaid
// (a note such as locate's "too many suspects" makes it UNKNOWN); FAIL with
// any finding; UNKNOWN when nothing was measured (no tests, or all failed).
const char* verdict_of(const RunReport& r);

// "host gpu3" / "link gpu1 - gpu2" as findings are named in text.
std::string finding_label(const Finding& f, const std::vector<std::string>& hosts);

}  // namespace rocecfg::fabric
