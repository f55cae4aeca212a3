// --pattern locate: find a bad host or link among N hosts in at most four
// rounds, whatever N is (all pairs would take N-1).
//   rounds 1-2  the ring's even and odd edges: every host is tested, with
//               one or two neighbours; the fleet median comes from here;
//   rounds 3-4  every host in a bad pair (a suspect) against two partners
//               already seen healthy, as client in round 3 and as server in
//               round 4, so both directions are covered.
// A suspect bad with both healthy partners too is the culprit; one fine with
// them was only the other end of a bad pair, and a bad pair whose two ends
// are both fine elsewhere is a link (outliers.h does the isolation, judged
// against the median of rounds 1-2). Rounds 3-4 need as many healthy hosts
// as there are suspects; with more suspects than that the problem is not
// one host or link, and the report says so instead of guessing.
#pragma once

#include <string>
#include <vector>

#include "fabric/outliers.h"
#include "fabric/prober.h"
#include "fabric/rails.h"

namespace rocecfg::fabric {

struct LocateReport {
  std::vector<Round> rounds;     // as run
  std::vector<Sample> samples;   // every test, in order
  Analysis analysis;             // of all samples against the reference of rounds 1-2
  std::vector<size_t> suspects;  // hosts in bad pairs after rounds 1-2
  std::vector<std::string> notes;
  double seconds = 0;  // by the clock, first round start to last round end
};

LocateReport locate(Prober& prober, size_t hosts, const Thresholds& t, Clock& clock,
                    const std::function<void(const RoundDone&)>& on_round = {});

// locate on every rail at once (fabric/rails.h): rounds 1-2 are every rail's
// ring halves, rounds 3-4 every rail's follow-ups, so still at most 4 rounds
// whatever N and R. Suspects and notes are per rail; the analysis judges
// each rail against its own rounds 1-2 and the rails against each other.
LocateReport locate_rails(Prober& prober, const RailLayout& layout, const Thresholds& t,
                          Clock& clock, const std::function<void(const RoundDone&)>& on_round = {});

// The follow-up rounds for `suspects`, given the hosts seen healthy and the
// pairs already tested (no pair is tested twice). Exposed for tests.
std::vector<Round> follow_up_rounds(const std::vector<size_t>& suspects,
                                    const std::vector<size_t>& healthy,
                                    const std::vector<Pair>& tested,
                                    std::vector<std::string>& notes);

}  // namespace rocecfg::fabric
