#include "fabric/run.h"

namespace rocecfg::fabric {

namespace {
std::vector<Round> rail_rounds(const RunOptions& o) {
  const RailLayout& l = *o.rails;
  std::vector<Round> out;
  switch (o.pattern) {
    case Pattern::ring:
      out = same_rail_rounds(l, [](size_t n) { return ring_schedule(n); });
      break;
    case Pattern::pairs:
      out = same_rail_rounds(l, [&](size_t n) { return tournament_schedule(n, o.pair_rounds); });
      break;
    case Pattern::all:
      out = same_rail_rounds(l, [](size_t n) { return tournament_schedule(n); });
      break;
    case Pattern::locate:
      return same_rail_rounds(l, [](size_t n) { return ring_halves(n); });
  }
  std::vector<Round> cross = cross_rail_rounds(l, o.cross_rail);
  out.insert(out.end(), cross.begin(), cross.end());
  return with_parallel(std::move(out), o.parallel);
}
}  // namespace

std::vector<Round> planned_rounds(const RunOptions& o, size_t hosts) {
  if (o.multi_rail()) return rail_rounds(o);
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
  if (o.multi_rail()) r.rails = o.rails;
  if (o.pattern == Pattern::locate) {
    LocateReport l = o.multi_rail() ? locate_rails(prober, *o.rails, o.thresholds, clock, on_round)
                                    : locate(prober, hosts.size(), o.thresholds, clock, on_round);
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
  r.analysis = o.multi_rail() ? analyze_rails(r.samples, *o.rails, o.thresholds)
                              : analyze(r.samples, hosts.size(), o.thresholds);
  r.seconds = clock.now_s() - start;
  return r;
}

}  // namespace rocecfg::fabric
