#include "fabric/rails.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace rocecfg::fabric {

bool RailLayout::multi_rail() const {
  return rails.size() > 1 || hosts.size() < endpoints();
}

RailLayout rail_layout(const std::vector<std::string>& host_of_endpoint,
                       const std::vector<uint32_t>& rail_of_endpoint) {
  RailLayout l;
  std::map<std::string, size_t> host_index;
  for (const std::string& h : host_of_endpoint) {
    auto [it, fresh] = host_index.emplace(h, l.hosts.size());
    if (fresh) l.hosts.push_back(h);
    l.host_of.push_back(it->second);
  }
  l.rail_of = rail_of_endpoint;
  l.rail_of.resize(l.host_of.size(), 0);
  std::set<uint32_t> rails(l.rail_of.begin(), l.rail_of.end());
  l.rails.assign(rails.begin(), rails.end());
  l.members.resize(l.rails.size());
  // Host order within a rail: the order hosts were first named.
  std::vector<size_t> order(l.endpoints());
  for (size_t e = 0; e < order.size(); ++e) order[e] = e;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return l.host_of[x] < l.host_of[y]; });
  for (size_t e : order) {
    size_t ri = std::lower_bound(l.rails.begin(), l.rails.end(), l.rail_of[e]) - l.rails.begin();
    l.members[ri].push_back(e);
  }
  return l;
}

std::optional<CrossRail> parse_cross_rail(const std::string& name) {
  if (name == "none") return CrossRail::none;
  if (name == "canary") return CrossRail::canary;
  if (name == "all") return CrossRail::all;
  return std::nullopt;
}

const char* to_string(CrossRail c) {
  switch (c) {
    case CrossRail::none:
      return "none";
    case CrossRail::canary:
      return "canary";
    case CrossRail::all:
      return "all";
  }
  return "?";
}

std::vector<Round> same_rail_rounds(const RailLayout& l,
                                    const std::function<std::vector<Round>(size_t)>& schedule) {
  std::vector<Round> out;
  for (size_t ri = 0; ri < l.rails.size(); ++ri) {
    const std::vector<size_t>& m = l.members[ri];
    std::vector<Round> rail = schedule(m.size());
    if (out.size() < rail.size()) out.resize(rail.size());
    for (size_t k = 0; k < rail.size(); ++k)
      for (const Pair& p : rail[k].pairs) out[k].pairs.push_back(Pair{m[p.client], m[p.server]});
  }
  return out;
}

namespace {

// Pairs into rounds, first fit: a round uses each endpoint once.
std::vector<Round> pack(const std::vector<Pair>& pairs) {
  std::vector<Round> out;
  std::vector<std::set<size_t>> used;
  for (const Pair& p : pairs) {
    size_t k = 0;
    while (k < out.size() && (used[k].count(p.client) || used[k].count(p.server))) ++k;
    if (k == out.size()) {
      out.emplace_back();
      used.emplace_back();
    }
    out[k].pairs.push_back(p);
    used[k].insert(p.client);
    used[k].insert(p.server);
  }
  return out;
}

}  // namespace

std::vector<Round> cross_rail_rounds(const RailLayout& l, CrossRail c) {
  std::vector<Pair> pairs;
  if (c == CrossRail::canary) {
    // Each rail hands out its NICs in turn (host order), so no NIC is in
    // two canaries while the rail has as many hosts as there are other
    // rails, and all canaries fit in one round.
    std::vector<size_t> next(l.rails.size(), 0);
    for (size_t a = 0; a < l.rails.size(); ++a)
      for (size_t b = a + 1; b < l.rails.size(); ++b) {
        const std::vector<size_t>& ma = l.members[a];
        const std::vector<size_t>& mb = l.members[b];
        if (ma.empty() || mb.empty()) continue;
        size_t client = ma[next[a]++ % ma.size()];
        for (size_t j = 0; j < mb.size(); ++j) {
          size_t server = mb[(next[b] + j) % mb.size()];
          if (l.host_of[server] == l.host_of[client]) continue;
          next[b] += j + 1;
          pairs.push_back(Pair{client, server});
          break;
        }
      }
    return pack(pairs);
  }
  if (c == CrossRail::all) {
    std::vector<Round> out;
    for (Round& r : tournament_schedule(l.endpoints())) {
      Round kept;
      for (const Pair& p : r.pairs)
        if (l.rail_of[p.client] != l.rail_of[p.server] &&
            l.host_of[p.client] != l.host_of[p.server])
          kept.pairs.push_back(p);
      if (!kept.pairs.empty()) out.push_back(std::move(kept));
    }
    return out;
  }
  return {};
}

namespace {

std::string rail_reason(const char* what, double figure, const char* unit, double fraction,
                        double others, const char* relation, double threshold) {
  return fmt::format("median {} {:.3g} {} is {:.2f}{} the other rails' median {:.3g} {} ({} {})",
                     what, figure, unit, fraction, relation[0] == '<' ? " of" : "x", others, unit,
                     relation, threshold);
}

RailVerdict judge_rail(uint32_t rail, size_t ri, const std::vector<Reference>& refs,
                       const Thresholds& t) {
  RailVerdict v;
  v.rail = rail;
  v.reference = refs[ri];
  std::vector<double> bw, lat;
  for (size_t j = 0; j < refs.size(); ++j) {
    if (j == ri) continue;
    if (refs[j].bw_gbps) bw.push_back(*refs[j].bw_gbps);
    if (refs[j].lat_p50_us) lat.push_back(*refs[j].lat_p50_us);
  }
  std::optional<double> bw_others = median(bw), lat_others = median(lat);
  if (v.reference.bw_gbps && bw_others && *bw_others > 0) {
    v.bw_fraction = *v.reference.bw_gbps / *bw_others;
    if (*v.bw_fraction < t.rail_min_bw_fraction) {
      v.bad = true;
      v.reasons.push_back(rail_reason("bandwidth", *v.reference.bw_gbps, "Gb/s", *v.bw_fraction,
                                      *bw_others, "<", t.rail_min_bw_fraction));
    }
  }
  if (v.reference.lat_p50_us && lat_others && *lat_others > 0) {
    v.lat_factor = *v.reference.lat_p50_us / *lat_others;
    if (*v.lat_factor > t.rail_max_lat_factor) {
      v.bad = true;
      v.reasons.push_back(rail_reason("p50 latency", *v.reference.lat_p50_us, "us", *v.lat_factor,
                                      *lat_others, ">", t.rail_max_lat_factor));
    }
  }
  return v;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : "; ") + s;
  return out;
}

}  // namespace

Analysis analyze_rails(const std::vector<Sample>& samples, const RailLayout& l, const Thresholds& t,
                       const std::optional<std::vector<Reference>>& rail_refs) {
  if (!l.multi_rail())
    return analyze(
        samples, l.endpoints(), t,
        rail_refs && !rail_refs->empty() ? std::optional((*rail_refs)[0]) : std::nullopt);
  Analysis a;
  a.thresholds = t;
  a.pairs.resize(samples.size());
  size_t rails = l.rails.size(), n = l.endpoints();
  std::vector<size_t> local(n), rail_index(n);
  for (size_t ri = 0; ri < rails; ++ri)
    for (size_t k = 0; k < l.members[ri].size(); ++k) {
      local[l.members[ri][k]] = k;
      rail_index[l.members[ri][k]] = ri;
    }
  std::vector<std::vector<size_t>> on_rail(rails);
  std::vector<size_t> cross;
  for (size_t i = 0; i < samples.size(); ++i) {
    const Pair& p = samples[i].pair;
    if (p.client >= n || p.server >= n) continue;
    if (rail_index[p.client] == rail_index[p.server])
      on_rail[rail_index[p.client]].push_back(i);
    else
      cross.push_back(i);
  }
  // Each rail on its own, against its own median.
  std::vector<bool> culprit(n, false);
  std::vector<std::vector<size_t>> culprit_pairs(n);
  std::vector<std::string> culprit_why(n);
  std::vector<Finding> links, unresolved;
  std::vector<Reference> refs(rails);
  for (size_t ri = 0; ri < rails; ++ri) {
    std::vector<Sample> mine;
    for (size_t i : on_rail[ri]) {
      Sample s = samples[i];
      s.pair = Pair{local[s.pair.client], local[s.pair.server]};
      mine.push_back(std::move(s));
    }
    std::optional<Reference> given;
    if (rail_refs && ri < rail_refs->size()) given = (*rail_refs)[ri];
    Analysis ra = analyze(mine, l.members[ri].size(), t, given);
    refs[ri] = ra.reference;
    for (size_t j = 0; j < ra.pairs.size(); ++j) {
      a.pairs[on_rail[ri][j]] = std::move(ra.pairs[j]);
      a.pairs[on_rail[ri][j]].sample = samples[on_rail[ri][j]];
    }
    for (Finding& f : ra.findings) {
      for (size_t& h : f.hosts) h = l.members[ri][h];
      for (size_t& i : f.pairs) i = on_rail[ri][i];
      f.rail = l.rails[ri];
      if (f.kind == FindingKind::host) {
        culprit[f.hosts[0]] = true;
        culprit_pairs[f.hosts[0]] = f.pairs;
        culprit_why[f.hosts[0]] = f.why;
      } else {
        (f.kind == FindingKind::link ? links : unresolved).push_back(std::move(f));
      }
    }
  }
  std::vector<double> bw, lat;
  for (const Reference& r : refs) {
    if (r.bw_gbps) bw.push_back(*r.bw_gbps);
    if (r.lat_p50_us) lat.push_back(*r.lat_p50_us);
  }
  a.reference = Reference{median(bw), median(lat)};
  std::vector<Finding> findings;
  // Whole rails.
  std::vector<bool> bad_rail(rails, false);
  for (size_t ri = 0; ri < rails; ++ri) {
    a.rails.push_back(judge_rail(l.rails[ri], ri, refs, t));
    if (!a.rails.back().bad) continue;
    bad_rail[ri] = true;
    Finding f{FindingKind::rail, {}, on_rail[ri], joined(a.rails.back().reasons), "", l.rails[ri]};
    findings.push_back(std::move(f));
  }
  // A bad rail explains every bad pair on it: a rail slow as a whole (its
  // leaf or spine) also loses packets on some pairs and not others, and the
  // probe's counter evidence on those is the rail's, not a NIC's or a link's.
  for (size_t e = 0; e < n; ++e)
    if (bad_rail[rail_index[e]]) culprit[e] = false;
  auto on_bad_rail = [&](const Finding& f) { return bad_rail[rail_index[f.hosts.at(0)]]; };
  std::erase_if(links, on_bad_rail);
  std::erase_if(unresolved, on_bad_rail);
  // Hosts bad on every rail they have; otherwise their culprit NICs.
  std::vector<std::vector<size_t>> of_host(l.hosts.size());
  for (size_t e = 0; e < n; ++e) of_host[l.host_of[e]].push_back(e);
  std::vector<Finding> nics;
  for (size_t h = 0; h < l.hosts.size(); ++h) {
    const std::vector<size_t>& eps = of_host[h];
    size_t bad = std::count_if(eps.begin(), eps.end(), [&](size_t e) { return culprit[e]; });
    if (bad == 0) continue;
    if (bad == eps.size()) {
      Finding f{FindingKind::host, eps, {}, "", l.hosts[h], std::nullopt};
      for (size_t e : eps)
        f.pairs.insert(f.pairs.end(), culprit_pairs[e].begin(), culprit_pairs[e].end());
      f.why = eps.size() == 1
                  ? culprit_why[eps[0]]
                  : fmt::format("bad with every partner on all {} of its rails", eps.size());
      findings.push_back(std::move(f));
      continue;
    }
    for (size_t e : eps) {
      if (!culprit[e]) continue;
      Finding f{FindingKind::nic, {e}, culprit_pairs[e], "", "", l.rail_of[e]};
      f.why = fmt::format("bad with every partner on rail {}; the host's other {} rail(s) are fine",
                          l.rail_of[e], eps.size() - bad);
      nics.push_back(std::move(f));
    }
  }
  findings.insert(findings.end(), nics.begin(), nics.end());
  findings.insert(findings.end(), links.begin(), links.end());
  // Cross-rail pairs, against the median of the rail medians; a bad one not
  // explained by a culprit NIC or a bad rail at either end is its path.
  for (size_t i : cross) {
    a.pairs[i] = judge_pair(samples[i], a.reference, t);
    if (!a.pairs[i].bad) continue;
    size_t c = samples[i].pair.client, s = samples[i].pair.server;
    if (culprit[c] || culprit[s] || bad_rail[rail_index[c]] || bad_rail[rail_index[s]]) continue;
    Finding f{FindingKind::link, {std::min(c, s), std::max(c, s)}, {i}, "", "", std::nullopt};
    f.why = fmt::format("bad cross-rail pair (rails {} and {}); each NIC is fine on its own rail",
                        l.rail_of[c], l.rail_of[s]);
    findings.push_back(std::move(f));
  }
  findings.insert(findings.end(), unresolved.begin(), unresolved.end());
  a.findings = std::move(findings);
  for (const PairVerdict& v : a.pairs) {
    if (v.bad) ++a.bad_pairs;
    if (v.sample.error) ++a.failed_pairs;
  }
  return a;
}

}  // namespace rocecfg::fabric
