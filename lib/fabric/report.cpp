#include "fabric/report.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace rocecfg::fabric {
namespace {

std::string name(const std::vector<std::string>& hosts, size_t i) {
  return i < hosts.size() ? hosts[i] : fmt::format("#{}", i);
}

nlohmann::json opt(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// A matrix cell shows the worst test of its unordered pair: a failed one
// first, then the lowest bandwidth fraction (or highest latency factor).
// Over `members` (endpoint indices; labels their row and column names).
std::string matrix(const RunReport& r, bool bandwidth, const std::vector<size_t>& members,
                   const std::vector<std::string>& labels) {
  size_t n = members.size();
  std::vector<size_t> at(r.hosts.size(), SIZE_MAX);
  for (size_t k = 0; k < n; ++k) at[members[k]] = k;
  std::vector<std::vector<const PairVerdict*>> cells(n, std::vector<const PairVerdict*>(n));
  auto worse = [&](const PairVerdict* a, const PairVerdict& b) {
    if (!a) return true;
    if (b.sample.error) return !a->sample.error.has_value();
    if (a->sample.error) return false;
    if (bandwidth) return b.bw_fraction.value_or(1e9) < a->bw_fraction.value_or(1e9);
    return b.lat_factor.value_or(0) > a->lat_factor.value_or(0);
  };
  for (const PairVerdict& v : r.analysis.pairs) {
    size_t c = v.sample.pair.client, s = v.sample.pair.server;
    if (c >= at.size() || s >= at.size() || at[c] == SIZE_MAX || at[s] == SIZE_MAX) continue;
    c = at[c];
    s = at[s];
    if (worse(cells[c][s], v)) cells[c][s] = cells[s][c] = &v;
  }
  size_t w = 6;
  for (const std::string& h : labels) w = std::max(w, h.size() + 1);
  std::string out = fmt::format("{:<{}}", "", w);
  for (const std::string& h : labels) out += fmt::format("{:>{}}", h, w);
  out += "\n";
  for (size_t i = 0; i < n; ++i) {
    out += fmt::format("{:<{}}", labels[i], w);
    for (size_t j = 0; j < n; ++j) {
      std::string cell;
      const PairVerdict* v = cells[i][j];
      if (i == j)
        cell = "-";
      else if (!v)
        cell = ".";
      else if (v->sample.error)
        cell = "x";
      else {
        std::optional<double> f = bandwidth ? v->bw_fraction : v->lat_factor;
        cell = f ? fmt::format("{:.2f}", *f) : "?";
        // The star marks the figure shown, not the pair: a link slow only in
        // latency has no star in the bandwidth matrix.
        const Thresholds& t = r.analysis.thresholds;
        if (f && (bandwidth ? *f < t.min_bw_fraction : *f > t.max_lat_factor)) cell += "*";
      }
      out += fmt::format("{:>{}}", cell, w);
    }
    out += "\n";
  }
  return out;
}

}  // namespace

const char* verdict_of(const RunReport& r) {
  // With no figure at all there is no median to judge against: every test
  // failed, which says the run could not observe the fabric, not that every
  // host is bad.
  // A miscabled NIC was observed (lldpd), not inferred from the figures: it
  // fails the run even when no test measured anything.
  for (const Finding& f : r.analysis.findings)
    if (f.kind == FindingKind::cabling) return "FAIL";
  bool measured = false;
  for (const Sample& s : r.samples) measured = measured || s.bw_gbps || s.lat_p50_us;
  if (!measured) return "UNKNOWN";
  if (!r.analysis.clean()) return "FAIL";
  return r.notes.empty() ? "PASS" : "UNKNOWN";
}

std::string finding_label(const Finding& f, const std::vector<std::string>& hosts) {
  if (f.kind == FindingKind::rail) return fmt::format("rail {}", f.rail.value_or(0));
  if (f.kind == FindingKind::nic) return fmt::format("nic {}", name(hosts, f.hosts.at(0)));
  if (f.kind == FindingKind::cabling) return fmt::format("cabling {}", name(hosts, f.hosts.at(0)));
  if (f.kind == FindingKind::host)
    return fmt::format("host {}", f.host_name.empty() ? name(hosts, f.hosts.at(0)) : f.host_name);
  std::string ends = fmt::format("{} - {}", name(hosts, f.hosts.at(0)), name(hosts, f.hosts.at(1)));
  return f.kind == FindingKind::link ? "link " + ends : "unresolved " + ends;
}

std::string render_schedule_text(Pattern p, const std::vector<std::string>& hosts,
                                 const std::vector<Round>& rounds, const std::string& note) {
  size_t tests = 0;
  for (const Round& r : rounds) tests += r.pairs.size();
  std::string out = fmt::format("fabric schedule: {} hosts, pattern {}, {} rounds, {} tests\n",
                                hosts.size(), to_string(p), rounds.size(), tests);
  for (size_t i = 0; i < rounds.size(); ++i) {
    out += fmt::format("round {}:", i + 1);
    const char* sep = " ";
    for (const Pair& pr : rounds[i].pairs) {
      out += fmt::format("{}{} -> {}", sep, name(hosts, pr.client), name(hosts, pr.server));
      sep = ", ";
    }
    out += "\n";
  }
  if (!note.empty()) out += "note: " + note + "\n";
  return out;
}

nlohmann::json render_schedule_json(Pattern p, const std::vector<std::string>& hosts,
                                    const std::vector<Round>& rounds, const std::string& note) {
  nlohmann::json j;
  j["pattern"] = to_string(p);
  j["hosts"] = hosts;
  j["rounds"] = nlohmann::json::array();
  for (const Round& r : rounds) {
    nlohmann::json pairs = nlohmann::json::array();
    for (const Pair& pr : r.pairs)
      pairs.push_back({name(hosts, pr.client), name(hosts, pr.server)});
    j["rounds"].push_back({{"pairs", pairs}});
  }
  if (!note.empty()) j["note"] = note;
  return j;
}

std::string render_text(const RunReport& r) {
  const Analysis& a = r.analysis;
  std::string out =
      fmt::format("fabric: {} hosts, pattern {}, {} rounds, {} tests in {:.1f} s\n", r.hosts.size(),
                  to_string(r.pattern), r.rounds.size(), r.samples.size(), r.seconds);
  out += a.rails.empty() ? "median of host medians:" : "median of rail medians:";
  out += a.reference.bw_gbps ? fmt::format(" bandwidth {:.3g} Gb/s", *a.reference.bw_gbps)
                             : std::string(" bandwidth not measured");
  out += a.reference.lat_p50_us ? fmt::format(", p50 latency {:.3g} us", *a.reference.lat_p50_us)
                                : std::string(", latency not measured");
  out += fmt::format(" (bad: bandwidth < {} x, latency > {} x)\n", a.thresholds.min_bw_fraction,
                     a.thresholds.max_lat_factor);
  for (const RailVerdict& rv : a.rails) {
    out += fmt::format("  rail {}:", rv.rail);
    out += rv.reference.bw_gbps ? fmt::format(" bandwidth {:.3g} Gb/s", *rv.reference.bw_gbps)
                                : std::string(" bandwidth not measured");
    if (rv.bw_fraction) out += fmt::format(" ({:.2f} of the other rails)", *rv.bw_fraction);
    out += rv.reference.lat_p50_us
               ? fmt::format(", p50 latency {:.3g} us", *rv.reference.lat_p50_us)
               : std::string(", latency not measured");
    if (rv.lat_factor) out += fmt::format(" ({:.2f}x the other rails)", *rv.lat_factor);
    out += rv.bad ? " BAD\n" : "\n";
  }
  if (!a.rails.empty())
    out += fmt::format("  (a rail is bad below {} x or above {} x the other rails' median)\n",
                       a.thresholds.rail_min_bw_fraction, a.thresholds.rail_max_lat_factor);
  // One block per rail (or one for all hosts): members and their labels.
  std::vector<std::pair<std::string, std::vector<size_t>>> blocks;
  std::vector<std::vector<std::string>> block_labels;
  if (r.rails) {
    for (size_t ri = 0; ri < r.rails->rails.size(); ++ri) {
      blocks.emplace_back(fmt::format(", rail {}", r.rails->rails[ri]), r.rails->members[ri]);
      block_labels.emplace_back();
      for (size_t e : r.rails->members[ri])
        block_labels.back().push_back(r.rails->hosts[r.rails->host_of[e]]);
    }
  } else {
    std::vector<size_t> all(r.hosts.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = i;
    blocks.emplace_back("", all);
    block_labels.push_back(r.hosts);
  }
  for (size_t b = 0; b < blocks.size(); ++b) {
    const auto& [title, members] = blocks[b];
    if (members.size() > kMaxMatrixHosts || r.samples.empty()) continue;
    if (a.reference.bw_gbps)
      out += fmt::format(
                 "\nbandwidth{}, fraction of median (* beyond the threshold, x failed, . "
                 "not tested):\n",
                 title) +
             matrix(r, true, members, block_labels[b]);
    if (a.reference.lat_p50_us)
      out += fmt::format(
                 "\np50 latency{}, factor of median (* beyond the threshold, x failed, . "
                 "not tested):\n",
                 title) +
             matrix(r, false, members, block_labels[b]);
  }
  if (!a.findings.empty()) {
    out += "\nfindings:\n";
    for (const Finding& f : a.findings) {
      out += fmt::format("  {}: {}\n", finding_label(f, r.hosts), f.why);
      for (size_t i : f.pairs) {
        const PairVerdict& v = a.pairs[i];
        for (const std::string& why : v.reasons)
          out += fmt::format("    {} -> {}: {}\n", name(r.hosts, v.sample.pair.client),
                             name(r.hosts, v.sample.pair.server), why);
      }
    }
  }
  if (r.cabling && r.cabling->declared > 0) {
    const RunReport::Cabling& c = *r.cabling;
    out += fmt::format("\ncabling: {} of {} NICs on the switch port the inventory names", c.checked,
                       c.declared);
    out += c.not_checked.empty() ? "\n" : fmt::format("; not checked:\n");
    for (const std::string& u : c.not_checked) out += "  " + u + "\n";
  }
  for (const std::string& n : r.notes) out += "note: " + n + "\n";
  std::string v = verdict_of(r);
  if (v == "UNKNOWN" && a.failed_pairs == r.samples.size())
    out += fmt::format("verdict: UNKNOWN (nothing was measured: {} tests, all failed)\n",
                       r.samples.size());
  else if (v == "UNKNOWN")
    out += "verdict: UNKNOWN (no outlier seen, but see the notes)\n";
  else if (v == "PASS")
    out += fmt::format("verdict: PASS (no outlier in {} tests)\n", r.samples.size());
  else if (a.failed_pairs == r.samples.size())  // failed by the cables alone
    out += fmt::format(
        "verdict: FAIL ({} cabling findings; nothing was measured: {} tests, all failed)\n",
        std::count_if(a.findings.begin(), a.findings.end(),
                      [](const Finding& f) { return f.kind == FindingKind::cabling; }),
        r.samples.size());
  else
    out += fmt::format("verdict: FAIL ({} findings, {} bad of {} tests)\n", a.findings.size(),
                       a.bad_pairs, r.samples.size());
  return out;
}

nlohmann::json render_json(const RunReport& r) {
  const Analysis& a = r.analysis;
  nlohmann::json j;
  j["pattern"] = to_string(r.pattern);
  j["hosts"] = r.hosts;
  j["rounds"] = r.rounds.size();
  j["seconds"] = r.seconds;
  j["median"] = {{"bw_gbps", opt(a.reference.bw_gbps)},
                 {"lat_p50_us", opt(a.reference.lat_p50_us)}};
  j["thresholds"] = {{"min_bandwidth_fraction_of_median", a.thresholds.min_bw_fraction},
                     {"max_latency_factor_of_median", a.thresholds.max_lat_factor}};
  j["pairs"] = nlohmann::json::array();
  for (const PairVerdict& v : a.pairs) {
    nlohmann::json p{{"client", name(r.hosts, v.sample.pair.client)},
                     {"server", name(r.hosts, v.sample.pair.server)},
                     {"round", v.sample.round + 1},
                     {"bw_gbps", opt(v.sample.bw_gbps)},
                     {"lat_p50_us", opt(v.sample.lat_p50_us)},
                     {"bw_fraction", opt(v.bw_fraction)},
                     {"lat_factor", opt(v.lat_factor)},
                     {"bad", v.bad},
                     {"reasons", v.reasons},
                     {"probe_failures", v.sample.probe_failures}};
    if (v.sample.error) p["error"] = *v.sample.error;
    j["pairs"].push_back(std::move(p));
  }
  j["findings"] = nlohmann::json::array();
  for (const Finding& f : a.findings) {
    nlohmann::json names = nlohmann::json::array();
    for (size_t h : f.hosts) names.push_back(name(r.hosts, h));
    nlohmann::json fj{{"kind", to_string(f.kind)}, {"hosts", names}, {"why", f.why}};
    if (!a.rails.empty()) {
      fj["label"] = finding_label(f, r.hosts);
      fj["rail"] = f.rail ? nlohmann::json(*f.rail) : nlohmann::json(nullptr);
    }
    j["findings"].push_back(std::move(fj));
  }
  if (!a.rails.empty()) {
    j["rails"] = nlohmann::json::array();
    for (const RailVerdict& rv : a.rails)
      j["rails"].push_back(
          {{"rail", rv.rail},
           {"median",
            {{"bw_gbps", opt(rv.reference.bw_gbps)}, {"lat_p50_us", opt(rv.reference.lat_p50_us)}}},
           {"bw_fraction_of_other_rails", opt(rv.bw_fraction)},
           {"lat_factor_of_other_rails", opt(rv.lat_factor)},
           {"bad", rv.bad},
           {"reasons", rv.reasons}});
    j["thresholds"]["rail_min_bandwidth_fraction_of_other_rails"] =
        a.thresholds.rail_min_bw_fraction;
    j["thresholds"]["rail_max_latency_factor_of_other_rails"] = a.thresholds.rail_max_lat_factor;
  }
  if (r.pattern == Pattern::locate) {
    nlohmann::json s = nlohmann::json::array();
    for (size_t h : r.suspects) s.push_back(name(r.hosts, h));
    j["suspects"] = s;
  }
  if (r.cabling)
    j["cabling"] = {{"declared", r.cabling->declared},
                    {"checked", r.cabling->checked},
                    {"not_checked", r.cabling->not_checked}};
  j["notes"] = r.notes;
  j["verdict"] = verdict_of(r);
  return j;
}

}  // namespace rocecfg::fabric
