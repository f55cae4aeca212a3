#include "fabric/locate.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace rocecfg::fabric {

std::vector<Round> follow_up_rounds(const std::vector<size_t>& suspects,
                                    const std::vector<size_t>& healthy,
                                    const std::vector<Pair>& tested,
                                    std::vector<std::string>& notes) {
  std::set<std::pair<size_t, size_t>> seen;
  for (const Pair& p : tested)
    seen.insert({std::min(p.client, p.server), std::max(p.client, p.server)});
  auto met = [&](size_t a, size_t b) { return seen.count({std::min(a, b), std::max(a, b)}) > 0; };
  if (healthy.size() < suspects.size()) {
    notes.push_back(fmt::format(
        "{} suspects but only {} hosts seen healthy: not one bad host or link; run --pattern all",
        suspects.size(), healthy.size()));
    return {};
  }
  Round third, fourth;
  std::set<size_t> used3, used4;
  // Partners are taken from the healthy pool in turn, starting at a
  // different place per suspect, so a few healthy hosts are not probed by
  // every suspect while others idle (each round uses a host once anyway).
  size_t next = 0;
  for (size_t s : suspects) {
    size_t found = 0;
    for (size_t k = 0; k < healthy.size() && found < 2; ++k) {
      size_t h = healthy[(next + k) % healthy.size()];
      if (met(s, h)) continue;
      std::set<size_t>& used = found == 0 ? used3 : used4;
      if (used.count(h)) continue;
      used.insert(h);
      if (found == 0)
        third.pairs.push_back(Pair{s, h});
      else
        fourth.pairs.push_back(Pair{h, s});
      seen.insert({std::min(s, h), std::max(s, h)});
      ++found;
    }
    next = (next + 2) % healthy.size();
    if (found < 2)
      notes.push_back(
          fmt::format("host #{} found only {} healthy partner(s) it had not met", s, found));
  }
  std::vector<Round> out;
  if (!third.pairs.empty()) out.push_back(std::move(third));
  if (!fourth.pairs.empty()) out.push_back(std::move(fourth));
  return out;
}

LocateReport locate(Prober& prober, size_t hosts, const Thresholds& t, Clock& clock,
                    const std::function<void(const RoundDone&)>& on_round) {
  LocateReport rep;
  double start = clock.now_s();
  rep.rounds = ring_halves(hosts);
  size_t ring_count = rep.rounds.size();
  rep.samples = run_rounds(prober, rep.rounds, clock, 0, [&](const RoundDone& d) {
    if (on_round) on_round(RoundDone{d.index, 4, d.seconds});
  });
  Analysis first = analyze(rep.samples, hosts, t);
  std::vector<bool> suspect(hosts, false), seen(hosts, false);
  for (const PairVerdict& v : first.pairs) {
    seen[v.sample.pair.client] = seen[v.sample.pair.server] = true;
    if (v.bad) suspect[v.sample.pair.client] = suspect[v.sample.pair.server] = true;
  }
  std::vector<size_t> healthy;
  for (size_t h = 0; h < hosts; ++h) {
    if (suspect[h])
      rep.suspects.push_back(h);
    else if (seen[h])
      healthy.push_back(h);
  }
  if (!rep.suspects.empty()) {
    std::vector<Pair> tested;
    for (const Sample& s : rep.samples) tested.push_back(s.pair);
    std::vector<Round> more = follow_up_rounds(rep.suspects, healthy, tested, rep.notes);
    std::vector<Sample> got = run_rounds(prober, more, clock, ring_count, [&](const RoundDone& d) {
      if (on_round) on_round(RoundDone{d.index, 4, d.seconds});
    });
    rep.samples.insert(rep.samples.end(), got.begin(), got.end());
    rep.rounds.insert(rep.rounds.end(), more.begin(), more.end());
  }
  rep.analysis = analyze(rep.samples, hosts, t, first.reference);
  rep.seconds = clock.now_s() - start;
  return rep;
}

}  // namespace rocecfg::fabric

namespace rocecfg::fabric {

LocateReport locate_rails(Prober& prober, const RailLayout& l, const Thresholds& t, Clock& clock,
                          const std::function<void(const RoundDone&)>& on_round) {
  LocateReport rep;
  double start = clock.now_s();
  auto progress = [&](const RoundDone& d) {
    if (on_round) on_round(RoundDone{d.index, 4, d.seconds});
  };
  rep.rounds = same_rail_rounds(l, [](size_t n) { return ring_halves(n); });
  size_t ring_count = rep.rounds.size();
  rep.samples = run_rounds(prober, rep.rounds, clock, 0, progress);
  // Each rail's suspects and follow-ups on its own, in local indices.
  size_t n = l.endpoints();
  std::vector<size_t> local(n), rail_index(n);
  for (size_t ri = 0; ri < l.rails.size(); ++ri)
    for (size_t k = 0; k < l.members[ri].size(); ++k) {
      local[l.members[ri][k]] = k;
      rail_index[l.members[ri][k]] = ri;
    }
  std::vector<Reference> refs;
  std::vector<Round> more;
  for (size_t ri = 0; ri < l.rails.size(); ++ri) {
    const std::vector<size_t>& m = l.members[ri];
    std::vector<Sample> mine;
    for (const Sample& s : rep.samples)
      if (rail_index[s.pair.client] == ri && rail_index[s.pair.server] == ri) {
        Sample x = s;
        x.pair = Pair{local[s.pair.client], local[s.pair.server]};
        mine.push_back(std::move(x));
      }
    Analysis first = analyze(mine, m.size(), t);
    refs.push_back(first.reference);
    std::vector<bool> suspect(m.size(), false), seen(m.size(), false);
    for (const PairVerdict& v : first.pairs) {
      seen[v.sample.pair.client] = seen[v.sample.pair.server] = true;
      if (v.bad) suspect[v.sample.pair.client] = suspect[v.sample.pair.server] = true;
    }
    std::vector<size_t> suspects, healthy;
    for (size_t h = 0; h < m.size(); ++h) {
      if (suspect[h])
        suspects.push_back(h);
      else if (seen[h])
        healthy.push_back(h);
    }
    if (suspects.empty()) continue;
    for (size_t h : suspects) rep.suspects.push_back(m[h]);
    std::vector<Pair> tested;
    for (const Sample& s : mine) tested.push_back(s.pair);
    std::vector<std::string> notes;
    std::vector<Round> rail = follow_up_rounds(suspects, healthy, tested, notes);
    for (const std::string& note : notes)
      rep.notes.push_back(fmt::format("rail {}: {}", l.rails[ri], note));
    if (more.size() < rail.size()) more.resize(rail.size());
    for (size_t k = 0; k < rail.size(); ++k)
      for (const Pair& p : rail[k].pairs) more[k].pairs.push_back(Pair{m[p.client], m[p.server]});
  }
  std::sort(rep.suspects.begin(), rep.suspects.end());
  if (!more.empty()) {
    std::vector<Sample> got = run_rounds(prober, more, clock, ring_count, progress);
    rep.samples.insert(rep.samples.end(), got.begin(), got.end());
    rep.rounds.insert(rep.rounds.end(), more.begin(), more.end());
  }
  rep.analysis = analyze_rails(rep.samples, l, t, refs);
  rep.seconds = clock.now_s() - start;
  return rep;
}

}  // namespace rocecfg::fabric
