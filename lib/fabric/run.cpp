#include "fabric/run.h"

namespace rocecfg::fabric {

std::vector<Round> planned_rounds(const RunOptions& o, size_t hosts) {
  switch (o.pattern) {
    case Pattern::ring:
      return with_parallel(ring_schedule(hosts), o.parallel);
    case Pattern::pairs:
      return with_parallel(tournament_schedule(hosts, o.pair_rounds), o.parallel);
    case Pattern::all:
      return with_parallel(tournament_schedule(hosts), o.parallel);
    case Pattern::locate:
      return ring_halves(hosts);
  }
  return {};
}

RunReport run_pattern(const RunOptions& o, const std::vector<std::string>& hosts, Prober& prober,
                      Clock& clock, const std::function<void(const RoundDone&)>& on_round) {
  RunReport r;
  r.pattern = o.pattern;
  r.hosts = hosts;
  if (o.pattern == Pattern::locate) {
    LocateReport l = locate(prober, hosts.size(), o.thresholds, clock, on_round);
    r.rounds = std::move(l.rounds);
    r.samples = std::move(l.samples);
    r.analysis = std::move(l.analysis);
    r.suspects = std::move(l.suspects);
    r.notes = std::move(l.notes);
    r.seconds = l.seconds;
    return r;
  }
  double start = clock.now_s();
  r.rounds = planned_rounds(o, hosts.size());
  r.samples = run_rounds(prober, r.rounds, clock, 0, on_round);
  r.analysis = analyze(r.samples, hosts.size(), o.thresholds);
  r.seconds = clock.now_s() - start;
  return r;
}

}  // namespace rocecfg::fabric
