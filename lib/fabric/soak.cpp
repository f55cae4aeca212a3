#include "fabric/soak.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/printable.h"
#include "fabric/baseline.h"
#include "probe/stats.h"

namespace rocecfg::fabric {
namespace {

nlohmann::json opt(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

void emit(std::ostream* out, const nlohmann::json& j) {
  if (!out) return;
  *out << json_text(j, -1) << '\n';
  out->flush();
}

std::string pair_label(const std::vector<std::string>& hosts, const Pair& p) {
  return fmt::format("{} -> {}", hosts.at(p.client), hosts.at(p.server));
}

std::optional<double> pct(std::vector<double> v, double f) {
  if (v.empty()) return std::nullopt;
  std::sort(v.begin(), v.end());
  return probe::percentile(v, f);
}

}  // namespace

std::optional<double> parse_duration_s(const std::string& text) {
  static const std::pair<const char*, double> units[] = {
      {"ms", 0.001}, {"s", 1}, {"m", 60}, {"h", 3600}, {"d", 86400}};
  for (const auto& [suffix, scale] : units) {
    std::string u = suffix;
    if (text.size() <= u.size() || text.compare(text.size() - u.size(), u.size(), u) != 0) continue;
    std::string number = text.substr(0, text.size() - u.size());
    // "5ms" also ends in "s": only accept when the rest is a number.
    try {
      size_t used = 0;
      double v = std::stod(number, &used);
      if (used != number.size() || !(v > 0) || v * scale > 90 * 86400.0) return std::nullopt;
      return v * scale;
    } catch (...) {
      continue;
    }
  }
  return std::nullopt;
}

SoakReport soak(const SoakOptions& o, const std::vector<std::string>& hosts, Prober& prober,
                Clock& clock, std::ostream* series,
                const std::function<void(size_t, const RunReport&)>& on_iteration) {
  SoakReport rep;
  rep.hosts = hosts;
  double start = clock.now_s();
  double epoch = clock.epoch_offset_s();
  std::map<std::string, size_t> open;  // what -> index into rep.outages
  std::map<std::pair<size_t, size_t>, size_t> pair_index;
  std::vector<std::vector<double>> bw, lat;
  auto stamp = [&](double t) { return iso8601_utc(epoch + t); };

  for (size_t k = 0;; ++k) {
    double begin = start + static_cast<double>(k) * o.every_s;
    if (begin - start >= o.duration_s) break;
    clock.sleep_until(begin);
    RunReport r = run_pattern(o.run, hosts, prober, clock);
    ++rep.iterations;
    if (!r.analysis.clean()) ++rep.iterations_with_findings;
    // Series lines, in test order.
    for (const Sample& s : r.samples) {
      nlohmann::json line{{"type", "sample"},
                          {"t", stamp(s.at_s)},
                          {"t_s", s.at_s - start},
                          {"iteration", k},
                          {"round", s.round},
                          {"client", hosts.at(s.pair.client)},
                          {"server", hosts.at(s.pair.server)},
                          {"bw_gbps", opt(s.bw_gbps)},
                          {"lat_p50_us", opt(s.lat_p50_us)}};
      if (s.error) line["error"] = *s.error;
      emit(series, line);
      ++rep.tests;
      if (s.error) ++rep.failed;
      auto key = std::make_pair(s.pair.client, s.pair.server);
      auto [it, fresh] = pair_index.try_emplace(key, rep.pairs.size());
      if (fresh) {
        PairSummary fresh_pair;
        fresh_pair.client = hosts.at(s.pair.client);
        fresh_pair.server = hosts.at(s.pair.server);
        rep.pairs.push_back(std::move(fresh_pair));
        rep.series.push_back(Series{pair_label(hosts, s.pair), {}});
        bw.emplace_back();
        lat.emplace_back();
      }
      PairSummary& ps = rep.pairs[it->second];
      ++ps.samples;
      if (s.error) ++ps.failed;
      if (s.bw_gbps) bw[it->second].push_back(*s.bw_gbps);
      if (s.lat_p50_us) lat[it->second].push_back(*s.lat_p50_us);
      rep.series[it->second].points.push_back(SeriesPoint{s.at_s - start, s.bw_gbps, s.lat_p50_us});
    }
    // Which hosts failed every test this iteration, which pairs failed otherwise.
    std::vector<size_t> tests(hosts.size(), 0), failures(hosts.size(), 0);
    for (const Sample& s : r.samples)
      for (size_t h : {s.pair.client, s.pair.server}) {
        ++tests[h];
        if (s.error) ++failures[h];
      }
    std::set<std::string> down;
    for (size_t h = 0; h < hosts.size(); ++h)
      if (tests[h] > 0 && failures[h] == tests[h]) down.insert("host " + hosts[h]);
    // When each host and pair was first seen failing, and first seen fine.
    std::map<std::string, double> first_fail, first_ok;
    for (const Sample& s : r.samples) {
      std::string pl = "pair " + pair_label(hosts, s.pair);
      std::string hc = "host " + hosts.at(s.pair.client), hs = "host " + hosts.at(s.pair.server);
      double t = s.at_s - start;
      if (s.error && !down.count(hc) && !down.count(hs)) down.insert(pl);
      for (const std::string& w : {pl, hc, hs}) (s.error ? first_fail : first_ok).try_emplace(w, t);
    }
    for (const std::string& w : down) {
      if (open.count(w)) continue;
      double t = first_fail.at(w);
      open[w] = rep.outages.size();
      rep.outages.push_back(OutageRecord{w, t, std::nullopt});
      emit(series, {{"type", "outage_start"}, {"t", stamp(start + t)}, {"t_s", t}, {"what", w}});
    }
    for (auto it = open.begin(); it != open.end();) {
      // Over only once this iteration saw it fine (a host not tested this
      // iteration stays down).
      auto ok = first_ok.find(it->first);
      if (down.count(it->first) || ok == first_ok.end()) {
        ++it;
        continue;
      }
      OutageRecord& rec = rep.outages[it->second];
      rec.to_s = ok->second;
      emit(series, {{"type", "outage_end"},
                    {"t", stamp(start + *rec.to_s)},
                    {"t_s", *rec.to_s},
                    {"what", rec.what},
                    {"seconds", *rec.to_s - rec.from_s}});
      it = open.erase(it);
    }
    if (on_iteration) on_iteration(k, r);
  }
  rep.seconds = clock.now_s() - start;
  for (size_t i = 0; i < rep.pairs.size(); ++i) {
    PairSummary& p = rep.pairs[i];
    p.bw_p5 = pct(bw[i], 0.05);
    p.bw_p50 = pct(bw[i], 0.50);
    p.bw_p95 = pct(bw[i], 0.95);
    p.lat_p50 = pct(lat[i], 0.50);
    p.lat_p95 = pct(lat[i], 0.95);
    p.lat_p99 = pct(lat[i], 0.99);
  }
  return rep;
}

std::string render_soak_text(const SoakReport& r) {
  std::string out = fmt::format(
      "soak: {} hosts, {} iterations, {} tests ({} failed) in {:.0f} s; {} iterations with "
      "outliers\n",
      r.hosts.size(), r.iterations, r.tests, r.failed, r.seconds, r.iterations_with_findings);
  auto f = [](const std::optional<double>& v) {
    return v ? fmt::format("{:.3g}", *v) : std::string("-");
  };
  size_t w = 6;
  for (const PairSummary& p : r.pairs) w = std::max(w, p.client.size() + p.server.size() + 4);
  out += fmt::format("{:<{}} {:>5} {:>6} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}\n", "pair", w, "tests",
                     "failed", "bw p5", "bw p50", "bw p95", "lat p50", "lat p95", "lat p99");
  for (const PairSummary& p : r.pairs)
    out += fmt::format("{:<{}} {:>5} {:>6} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}\n",
                       p.client + " -> " + p.server, w, p.samples, p.failed, f(p.bw_p5),
                       f(p.bw_p50), f(p.bw_p95), f(p.lat_p50), f(p.lat_p95), f(p.lat_p99));
  out += "(bandwidth Gb/s; latency: percentiles of each test's p50, us)\n";
  if (r.outages.empty()) {
    out += "outages: none\n";
  } else {
    out += "outages:\n";
    for (const OutageRecord& o : r.outages)
      out += o.to_s ? fmt::format("  {}: {:.0f} s -> {:.0f} s ({:.0f} s)\n", o.what, o.from_s,
                                  *o.to_s, *o.to_s - o.from_s)
                    : fmt::format("  {}: {:.0f} s -> still down at the end\n", o.what, o.from_s);
  }
  return out;
}

nlohmann::json render_soak_json(const SoakReport& r) {
  nlohmann::json pairs = nlohmann::json::array();
  for (const PairSummary& p : r.pairs)
    pairs.push_back(
        {{"client", p.client},
         {"server", p.server},
         {"tests", p.samples},
         {"failed", p.failed},
         {"bw_gbps", {{"p5", opt(p.bw_p5)}, {"p50", opt(p.bw_p50)}, {"p95", opt(p.bw_p95)}}},
         {"lat_p50_us",
          {{"p50", opt(p.lat_p50)}, {"p95", opt(p.lat_p95)}, {"p99", opt(p.lat_p99)}}}});
  nlohmann::json outages = nlohmann::json::array();
  for (const OutageRecord& o : r.outages)
    outages.push_back({{"what", o.what}, {"from_s", o.from_s}, {"to_s", opt(o.to_s)}});
  return {{"hosts", r.hosts},     {"iterations", r.iterations},
          {"tests", r.tests},     {"failed", r.failed},
          {"seconds", r.seconds}, {"outages", outages},
          {"pairs", pairs},       {"iterations_with_outliers", r.iterations_with_findings}};
}

std::string soak_svg(const SoakReport& r) {
  std::vector<Span> spans;
  for (const OutageRecord& o : r.outages)
    spans.push_back(Span{o.what + " down", o.from_s, o.to_s.value_or(r.seconds)});
  return timeseries_svg(fmt::format("rocecfg fabric soak: {} hosts, {} iterations, {} outages",
                                    r.hosts.size(), r.iterations, r.outages.size()),
                        r.series, spans, r.seconds);
}

}  // namespace rocecfg::fabric
