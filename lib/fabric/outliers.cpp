#include "fabric/outliers.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace rocecfg::fabric {

std::optional<double> median(std::vector<double> v) {
  if (v.empty()) return std::nullopt;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

namespace {
// Exact evidence does not wait for a bandwidth outlier (fabric/probe_rules.h).
void add_probe_failures(const Sample& s, PairVerdict& v) {
  for (const std::string& why : s.probe_failures) {
    v.bad = true;
    v.reasons.push_back("probe: " + why);
  }
}
}  // namespace

const char* to_string(FindingKind k) {
  switch (k) {
    case FindingKind::host:
      return "host";
    case FindingKind::link:
      return "link";
    case FindingKind::unresolved:
      return "unresolved";
    case FindingKind::nic:
      return "nic";
    case FindingKind::rail:
      return "rail";
    case FindingKind::cabling:
      return "cabling";
  }
  return "?";
}

Reference fleet_reference(const std::vector<Sample>& samples, size_t hosts) {
  std::vector<std::vector<double>> bw(hosts), lat(hosts);
  for (const Sample& s : samples) {
    for (size_t h : {s.pair.client, s.pair.server}) {
      if (h >= hosts) continue;
      if (s.bw_gbps) bw[h].push_back(*s.bw_gbps);
      if (s.lat_p50_us) lat[h].push_back(*s.lat_p50_us);
    }
  }
  std::vector<double> bw_m, lat_m;
  for (size_t h = 0; h < hosts; ++h) {
    if (auto m = median(bw[h])) bw_m.push_back(*m);
    if (auto m = median(lat[h])) lat_m.push_back(*m);
  }
  return Reference{median(bw_m), median(lat_m)};
}

PairVerdict judge_pair(const Sample& s, const Reference& ref, const Thresholds& t) {
  PairVerdict v;
  v.sample = s;
  if (s.error) {
    v.bad = true;
    v.reasons.push_back(fmt::format("test failed: {}", *s.error));
    add_probe_failures(s, v);
    return v;
  }
  if (s.bw_gbps && ref.bw_gbps && *ref.bw_gbps > 0) {
    v.bw_fraction = *s.bw_gbps / *ref.bw_gbps;
    if (*v.bw_fraction < t.min_bw_fraction) {
      v.bad = true;
      v.reasons.push_back(
          fmt::format("bandwidth {:.3g} Gb/s is {:.2f} of the median {:.3g} Gb/s (< {})",
                      *s.bw_gbps, *v.bw_fraction, *ref.bw_gbps, t.min_bw_fraction));
    }
  }
  if (s.lat_p50_us && ref.lat_p50_us && *ref.lat_p50_us > 0) {
    v.lat_factor = *s.lat_p50_us / *ref.lat_p50_us;
    if (*v.lat_factor > t.max_lat_factor) {
      v.bad = true;
      v.reasons.push_back(
          fmt::format("p50 latency {:.3g} us is {:.2f}x the median {:.3g} us (> {})", *s.lat_p50_us,
                      *v.lat_factor, *ref.lat_p50_us, t.max_lat_factor));
    }
  }
  if (!s.bw_gbps && !s.lat_p50_us) {
    v.bad = true;
    v.reasons.push_back("no figures measured");
  }
  add_probe_failures(s, v);
  return v;
}

Analysis analyze(const std::vector<Sample>& samples, size_t hosts, const Thresholds& t,
                 const std::optional<Reference>& ref) {
  Analysis a;
  a.thresholds = t;
  a.reference = ref ? *ref : fleet_reference(samples, hosts);
  for (const Sample& s : samples) {
    a.pairs.push_back(judge_pair(s, a.reference, t));
    if (a.pairs.back().bad) ++a.bad_pairs;
    if (s.error) ++a.failed_pairs;
  }
  // Per host: distinct partners seen, and distinct partners seen bad.
  std::vector<std::set<size_t>> partners(hosts), bad_partners(hosts);
  for (const PairVerdict& v : a.pairs) {
    size_t c = v.sample.pair.client, s = v.sample.pair.server;
    if (c >= hosts || s >= hosts) continue;
    partners[c].insert(s);
    partners[s].insert(c);
    if (v.bad) {
      bad_partners[c].insert(s);
      bad_partners[s].insert(c);
    }
  }
  // A host is bad with every partner only if each of its tests was bad, not
  // just one test per partner (a pair tested twice, once good, is not).
  std::vector<bool> culprit(hosts, false);
  for (size_t h = 0; h < hosts; ++h) {
    if (partners[h].size() < 2) continue;
    bool all_bad = true;
    for (const PairVerdict& v : a.pairs)
      if ((v.sample.pair.client == h || v.sample.pair.server == h) && !v.bad) all_bad = false;
    culprit[h] = all_bad;
  }
  for (size_t h = 0; h < hosts; ++h) {
    if (!culprit[h]) continue;
    Finding f{FindingKind::host, {h}, {}, "", "", std::nullopt};
    for (size_t i = 0; i < a.pairs.size(); ++i) {
      const Pair& p = a.pairs[i].sample.pair;
      if (p.client == h || p.server == h) f.pairs.push_back(i);
    }
    f.why = fmt::format("bad with all {} partners", partners[h].size());
    a.findings.push_back(std::move(f));
  }
  // Bad pairs not explained by a culprit, grouped per unordered pair.
  std::map<std::pair<size_t, size_t>, std::vector<size_t>> links;
  for (size_t i = 0; i < a.pairs.size(); ++i) {
    const PairVerdict& v = a.pairs[i];
    size_t c = v.sample.pair.client, s = v.sample.pair.server;
    if (!v.bad || c >= hosts || s >= hosts || culprit[c] || culprit[s]) continue;
    links[{std::min(c, s), std::max(c, s)}].push_back(i);
  }
  std::vector<Finding> unresolved;
  for (auto& [ends, idx] : links) {
    auto [x, y] = ends;
    // A link is only told apart from a host when both ends were also seen
    // with someone else, and each was fine there.
    auto fine_elsewhere = [&](size_t h, size_t other) {
      for (const PairVerdict& v : a.pairs) {
        const Pair& p = v.sample.pair;
        bool involves = p.client == h || p.server == h;
        bool with_other = p.client == other || p.server == other;
        if (involves && !with_other && !v.bad) return true;
      }
      return false;
    };
    bool resolved = fine_elsewhere(x, y) && fine_elsewhere(y, x);
    Finding f{
        resolved ? FindingKind::link : FindingKind::unresolved, {x, y}, idx, "", "", std::nullopt};
    f.why = resolved
                ? "bad only between these two; each is fine with other partners"
                : "bad pair; an end has no other good test, so host and link cannot be told apart";
    (resolved ? a.findings : unresolved).push_back(std::move(f));
  }
  for (Finding& f : unresolved) a.findings.push_back(std::move(f));
  return a;
}

}  // namespace rocecfg::fabric
